/// Empty space in a stack that grows to take what the other children leave: a plain spec (Texture's
/// `ASLayoutSpec()`, which takes its range's minimum) with `flexGrow`, after at least `minLength` points of
/// spacing.
public struct SpacerLayout: LayoutContent {
    /// The plain spec it made.
    public let layoutContentElement: LayoutElement

    /// A spacer that grows by `flexGrow` and keeps `minLength` points before it (its `spacingBefore`).
    public init(minLength: CGFloat = 0, flexGrow: CGFloat = 1) {
        let spacer = LayoutSpec()
        spacer.style.spacingBefore = Double(minLength)
        spacer.style.flexGrow = Double(flexGrow)
        layoutContentElement = spacer
    }
}
