/// Gives its child the largest size with the aspect ratio `height / width` that its range allows (Texture's
/// `ASRatioLayoutSpec`). The spec's size is the child's.
open class RatioLayoutSpec: LayoutSpec {
    /// Height divided by width. Texture requires it to be positive; a ratio that is not a positive finite
    /// number offers no candidate size, so the child gets the whole range.
    @exclusivity(unchecked) public final var ratio: Double { didSet { setNeedsLayout() } }

    public init(ratio: Double, child: LayoutElement) {
        self.ratio = ratio
        super.init(children: [child])
    }

    open override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        guard let child else { return constrainedSize.min }
        let c = constrainedSize, grid = context.grid
        var best: Size?
        if ratio.isFinite && ratio > 0 {
            // Candidates in Texture's order; a later one wins only when strictly closer to the ratio.
            if isValidForSize(c.max.width) {
                best = c.clamp(Size(c.max.width, grid.floor(ratio * c.max.width)))
            }
            if isValidForSize(c.max.height) {
                let candidate = c.clamp(Size(grid.floor(c.max.height / ratio), c.max.height))
                if let current = best {
                    if ratioError(candidate) < ratioError(current) { best = candidate }
                } else {
                    best = candidate
                }
            }
        }
        let size: Size
        if let best {
            size = context.measure(child, in: c.intersection(SizeRange(exactly: best)), parentSize: best)
        } else {
            size = context.measure(child, in: c, parentSize: .undefined)
        }
        context.place(child, at: .zero)
        return size
    }

    private func ratioError(_ size: Size) -> Double { abs(size.height / size.width - ratio) }
}
