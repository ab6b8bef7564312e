/// Lays its child out inside insets (Texture's `ASInsetLayoutSpec`); ``LayoutContent/padding(_:)-(CGFloat)`` writes
/// one after any content.
public struct InsetLayout: LayoutContent {
    /// The inset spec it made.
    public let layoutContentElement: LayoutElement

    /// An inset spec around what `content` builds (several elements are wrapped into one).
    public init(insets: UIEdgeInsets, @LayoutSpecBuilder content: () -> [LayoutElement]) {
        self.init(insets: insets, child: singleElement(of: content()))
    }

    /// An inset spec around one element, for the modifiers.
    init(insets: UIEdgeInsets, child: LayoutElement) {
        layoutContentElement = InsetLayoutSpec(insets: insets, child: child)
    }
}
