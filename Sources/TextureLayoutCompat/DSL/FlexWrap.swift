/// Whether a DSL stack keeps its children on one line or wraps them onto more, with the wrapped lines' options
/// (the stack's `flexWrap`, `lineSpacing` and `alignContent`).
public enum FlexWrap: Sendable, Hashable {
    /// One line (Texture's `.noWrap`).
    case noWrap
    /// As many lines as needed, `lineSpacing` apart, placed along the cross axis by `alignContent`.
    case wrap(lineSpacing: CGFloat = 0, alignContent: ASStackLayoutAlignContent = .start)
}

/// The stack spec both DSL stacks make: Texture's initializer with the wrap options spread out.
func makeStack(
    _ direction: StackDirection, spacing: CGFloat, justifyContent: StackJustifyContent,
    alignItems: StackAlignItems, flexWrap: FlexWrap, children: [LayoutElement]
) -> StackLayoutSpec {
    var wrap = StackFlexWrap.noWrap, alignContent = StackAlignContent.start, lineSpacing = 0.0
    if case .wrap(let spacing, let align) = flexWrap {
        (wrap, alignContent, lineSpacing) = (.wrap, align, Double(spacing))
    }
    return StackLayoutSpec(
        direction: direction, spacing: Double(spacing), justifyContent: justifyContent,
        alignItems: alignItems, flexWrap: wrap, alignContent: alignContent,
        lineSpacing: lineSpacing, children: children)
}
