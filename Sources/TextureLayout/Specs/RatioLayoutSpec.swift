/// Gives its child the largest size with the aspect ratio `height / width` that its range allows (Texture's
/// `ASRatioLayoutSpec`). The spec's size is the child's.
open class RatioLayoutSpec: LayoutSpec {
    /// Height divided by width. Texture requires it to be positive; any other value goes through the same
    /// arithmetic (e.g. 0 gives the child a height of 0), as in Texture's release builds.
    @exclusivity(unchecked) public final var ratio: Double { didSet { setNeedsLayout() } }

    /// A spec that gives `child` a height of `ratio` times its width.
    public init(ratio: Double, child: LayoutElement) {
        self.ratio = ratio
        super.init(children: [child])
        measuresFromRangeAndStyle(asExactly: RatioLayoutSpec.self)
    }

    open override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        guard let child else { return constrainedSize.min }
        let c = constrainedSize, grid = context.grid
        var best: Size?
        // Candidates in Texture's order; a later one wins only when strictly closer to the ratio
        // (Errata#ratioPrefersTheWidthCandidate). A ratio that is
        // not positive (Texture asserts) goes through the same arithmetic, as Texture's release builds do.
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
