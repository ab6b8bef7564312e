/// Lays its content out and its background behind it at exactly the content's size (Texture's
/// `ASBackgroundLayoutSpec`); ``LayoutContent/background(_:)`` writes one after any content.
public struct BackgroundLayout: LayoutContent {
    /// The background spec it made.
    public let layoutContentElement: LayoutElement

    /// A background spec: `background` behind `content` (several elements in a block are wrapped into one).
    public init(
        @LayoutSpecBuilder content: () -> [LayoutElement],
        @LayoutSpecBuilder background: () -> [LayoutElement]
    ) {
        self.init(child: singleElement(of: content()), background: singleElement(of: background()))
    }

    /// A background spec over two elements, for the modifier.
    init(child: LayoutElement, background: LayoutElement) {
        layoutContentElement = BackgroundLayoutSpec(child: child, background: background)
    }
}
