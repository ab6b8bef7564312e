/// Lays its children out side by side (Texture's `ASStackLayoutSpec` with direction `.horizontal`).
///
/// The defaults are Texture's: no spacing, `.start`, `.stretch`, one line.
public struct HStackLayout: LayoutContent {
    /// The stack spec it made.
    public let layoutContentElement: LayoutElement

    /// A horizontal stack over what `content` builds.
    public init(
        spacing: CGFloat = 0, justifyContent: ASStackLayoutJustifyContent = .start,
        alignItems: ASStackLayoutAlignItems = .stretch, flexWrap: FlexWrap = .noWrap,
        @LayoutSpecBuilder content: () -> [LayoutElement]
    ) {
        layoutContentElement = makeStack(
            .horizontal, spacing: spacing, justifyContent: justifyContent,
            alignItems: alignItems, flexWrap: flexWrap, children: content())
    }
}
