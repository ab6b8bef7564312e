/// Lays its content out and its overlay over it at exactly the content's size (Texture's `ASOverlayLayoutSpec`);
/// ``LayoutContent/overlay(_:)`` writes one after any content.
public struct OverlayLayout: LayoutContent {
    /// The overlay spec it made.
    public let layoutContentElement: LayoutElement

    /// An overlay spec: `overlay` over `content` (several elements in a block are wrapped into one).
    public init(
        @LayoutSpecBuilder content: () -> [LayoutElement],
        @LayoutSpecBuilder overlay: () -> [LayoutElement]
    ) {
        self.init(child: singleElement(of: content()), overlay: singleElement(of: overlay()))
    }

    /// An overlay spec over two elements, for the modifier.
    init(child: LayoutElement, overlay: LayoutElement) {
        layoutContentElement = OverlayLayoutSpec(child: child, overlay: overlay)
    }
}
