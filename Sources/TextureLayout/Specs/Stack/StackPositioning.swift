extension StackComputation {
    /// Phase 2: places lines (alignContent), children along each line (justifyContent, spacing) and across it
    /// (alignItems/alignSelf). Positions stay unrounded except the centred cross offset, which Texture floors to
    /// the pixel grid. Reversed directions mirror the main axis within `stackSize`
    /// (<doc:Errata#reverseDirectionsAreReal>).
    @inline(__always)
    func positionChildren(
        stackSize: Size, crossSum: Double, _ children: BorrowedChildren, _ context: LayoutContext
    ) {
        let lineCount = self.lineCount
        let (lineOffset, lineGap) = distribution(
            free: violation(of: crossSum, min: crossMin, max: crossMax), count: lineCount,
            alignContent.distribution)
        let reversed = isReversed
        let stackMain = stackSize[axis]
        var lineOrigin = lineOffset
        for lineIndex in 0..<lineCount {
            let line = lines[lineIndex]
            let (offset, gap) = distribution(
                free: violation(of: line.mainSum, min: mainMin, max: mainMax), count: line.end - line.start,
                justifyContent.distribution)
            var position = offset
            for index in line.start..<line.end {
                let item = items[index]
                position += item.spacingBefore
                if index > line.start { position += spacing + gap }
                let main = reversed ? stackMain - position - item.main : position
                let cross = lineOrigin + crossOffset(of: index, in: line, children, context.grid)
                place(index, of: children, at: Point(main: main, cross: cross, along: axis), context)
                position += item.main + item.spacingAfter
            }
            // Texture's order of additions: the line's cross size, then the gap and line spacing before the next
            // (Errata#stackArithmeticOrder).
            lineOrigin += line.cross
            lineOrigin += lineGap + lineSpacing
        }
    }

    /// Places child `index`. The borrowing closure is inlined here, where the caller is small, so that it is
    /// inlined into the positions' walk too: called there, it was a call per child.
    @inline(__always)
    func place(_ index: Int, of children: BorrowedChildren, at position: Point, _ context: LayoutContext) {
        children.with(index) { context.place($0, at: position) }
    }

    /// The offset of a child within its line's cross extent.
    func crossOffset(of index: Int, in line: StackLine, _ children: BorrowedChildren, _ grid: PixelGrid) -> Double {
        switch items[index].alignment {
        case .start, .stretch: return 0
        case .end: return line.cross - items[index].cross
        case .center: return grid.floor((line.cross - items[index].cross) / 2)
        case .baselineFirst, .baselineLast: return line.baseline - baseline(of: index, children)
        }
    }

    /// The space before the first of `count` things and the extra space between them, for `free` space (negative
    /// when they overflow). Space-between falls back to start, and space-around to centre, when there is no free
    /// space or only one thing.
    @inline(__always)
    func distribution(free: Double, count: Int, _ mode: Distribution) -> (offset: Double, gap: Double) {
        let tight = free < violationEpsilon || count == 1
        switch mode {
        case .start: return (0, 0)
        case .center: return (free / 2, 0)
        case .end: return (free, 0)
        case .spaceBetween: return tight ? (0, 0) : (0, free / Double(count - 1))
        case .spaceAround:
            return tight ? (free / 2, 0) : (free / Double(2 * count), free / Double(count))
        }
    }
}

/// The shared shape of justifyContent and alignContent.
enum Distribution { case start, center, end, spaceBetween, spaceAround }

extension StackJustifyContent {
    var distribution: Distribution {
        switch self {
        case .start: return .start
        case .center: return .center
        case .end: return .end
        case .spaceBetween: return .spaceBetween
        case .spaceAround: return .spaceAround
        }
    }
}

extension StackAlignContent {
    var distribution: Distribution {
        switch self {
        case .start, .stretch: return .start
        case .center: return .center
        case .end: return .end
        case .spaceBetween: return .spaceBetween
        case .spaceAround: return .spaceAround
        }
    }
}
