/// Places each child at its `style.layoutPosition` (Texture's `ASAbsoluteLayoutSpec`).
public struct AbsoluteLayout: LayoutContent {
    /// The absolute spec it made.
    public let layoutContentElement: LayoutElement

    /// An absolute spec over what `content` builds; `.sizeToFit` makes it as large as its children reach.
    public init(sizing: ASAbsoluteLayoutSpecSizing = .default, @LayoutSpecBuilder content: () -> [LayoutElement]) {
        layoutContentElement = AbsoluteLayoutSpec(sizing: sizing, children: content())
    }
}
