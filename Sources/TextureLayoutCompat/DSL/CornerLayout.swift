/// Lays its child out and centres another element on one of its corners (Texture's `ASCornerLayoutSpec`).
public struct CornerLayout: LayoutContent {
    /// The corner spec it made.
    public let layoutContentElement: LayoutElement

    /// A corner spec: `corner` centred on `child`'s `location` corner, moved by `offset`; with `wrapsCorner`,
    /// the spec's size includes the corner element.
    public init(
        child: LayoutContent, corner: LayoutContent, location: ASCornerLayoutLocation,
        offset: CGPoint = .zero, wrapsCorner: Bool = false
    ) {
        layoutContentElement = CornerLayoutSpec(
            child: child.layoutContentElement,
            corner: corner.layoutContentElement, location: location,
            offset: Point(offset), wrapsCorner: wrapsCorner)
    }
}
