/// Lays its children out one above the other (Texture's `ASStackLayoutSpec` with direction `.vertical`).
///
/// The defaults are Texture's: no spacing, `.start`, `.stretch`, one line.
public struct VStackLayout: LayoutContent {
    /// The stack spec it made.
    public let layoutContentElement: LayoutElement

    /// A vertical stack over what `content` builds.
    public init(
        spacing: CGFloat = 0, justifyContent: ASStackLayoutJustifyContent = .start,
        alignItems: ASStackLayoutAlignItems = .stretch, flexWrap: FlexWrap = .noWrap,
        @LayoutSpecBuilder content: () -> [LayoutElement]
    ) {
        layoutContentElement = makeStack(
            .vertical, spacing: spacing, justifyContent: justifyContent,
            alignItems: alignItems, flexWrap: flexWrap, children: content())
    }
}
