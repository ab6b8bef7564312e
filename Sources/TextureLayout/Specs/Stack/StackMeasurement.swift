/// One child's working values during a stack computation, on the stack's own axes. It lives in uninitialized
/// ``Scratch`` memory, hence `BitwiseCopyable`.
struct StackItem: BitwiseCopyable {
    var main = 0.0
    var cross = 0.0
    var alignment: StackAlignItems
    var flexGrow: Double
    var flexShrink: Double
    var spacingBefore: Double
    var spacingAfter: Double
    /// This flexing pass's change of the main length.
    var adjustment = 0.0

    var isFlexibleBothWays: Bool { flexGrow > 0 && flexShrink > 0 }
}

/// One line of a stack (all children unless it wraps); in ``Scratch`` memory like ``StackItem``.
struct StackLine: BitwiseCopyable {
    var start: Int
    var end: Int
    var cross = 0.0
    var baseline = 0.0
    var mainSum = 0.0
}

/// Texture's `kViolationEpsilon`: free space smaller than this counts as none.
let violationEpsilon = 0.01

/// How far `sum` lies outside `[min, max]`: positive when it falls short of `min`, negative when it exceeds `max`.
@inline(__always) func violation(of sum: Double, min: Double, max: Double) -> Double {
    sum < min ? min - sum : (sum > max ? max - sum : 0)
}

/// The working state of one stack computation: phase 1 (measure children, resolve flexible lengths, line cross
/// sizes, stretch) lives here, phase 2 (positions) in `StackPositioning.swift`.
///
/// It holds values only: the spec's properties it reads are copied in, and the children and the pass are passed
/// to each step as arguments, which the callee borrows. A stored reference would be retained when the computation
/// is made and released when it ends: seven reference-count operations per stack computation, 3% of the
/// instructions of a layout of the text feed at a second width.
struct StackComputation {
    let range: SizeRange
    let axis: Axis
    let crossAxis: Axis
    let items: Scratch<StackItem>
    let lines: Scratch<StackLine>
    var lineCount = 0
    /// Parent size for children: the stack's range on each axis where it is exact, undefined elsewhere
    /// (Errata#stackPercentagesNeedAnExactRange).
    let childParentSize: Size
    /// Texture's optimized flexing: the single child that may grow and shrink is left unmeasured at first
    /// (Errata#optimizedFlexingPlaceholder).
    let usesOptimizedFlexing: Bool

    /// The spec's properties.
    let spacing: Double
    let lineSpacing: Double
    let flexWrap: StackFlexWrap
    let justifyContent: StackJustifyContent
    let alignContent: StackAlignContent
    let isReversed: Bool

    var mainMin: Double { range.min[axis] }
    var mainMax: Double { range.max[axis] }
    var crossMin: Double { range.min[crossAxis] }
    var crossMax: Double { range.max[crossAxis] }

    init(
        spec: StackLayoutSpec, children: [LayoutElement], range: SizeRange,
        items: Scratch<StackItem>, lines: Scratch<StackLine>
    ) {
        self.range = range
        self.items = items
        self.lines = lines
        spacing = spec.spacing
        lineSpacing = spec.lineSpacing
        flexWrap = spec.flexWrap
        justifyContent = spec.justifyContent
        alignContent = spec.alignContent
        isReversed = spec.direction.isReversed
        axis = spec.direction.axis
        crossAxis = axis == .horizontal ? .vertical : .horizontal
        childParentSize = Size(
            range.min.width == range.max.width ? range.min.width : .nan,
            range.min.height == range.max.height ? range.min.height : .nan)
        var flexibleBothWays = 0
        let alignItems = spec.alignItems
        // Indexed and borrowed: iterating the array retained it and the spec for the loop.
        for index in 0..<children.count {
            let item = withBorrowed(children, at: index) { child in
                let state = child.state
                return StackItem(
                    alignment: state.style.alignSelf.resolved(alignItems),
                    flexGrow: state.style.flexGrow, flexShrink: state.style.flexShrink,
                    spacingBefore: state.style.spacingBefore, spacingAfter: state.style.spacingAfter)
            }
            items[index] = item
            if item.isFlexibleBothWays { flexibleBothWays += 1 }
        }
        usesOptimizedFlexing = flexibleBothWays == 1 && range.min[axis] == range.max[axis]
    }

    /// Calls `body` with a child without retaining it: `children` keeps every child alive for the computation.
    @inline(__always) func withChild<T>(_ children: [LayoutElement], _ index: Int, _ body: (LayoutElement) -> T) -> T {
        withBorrowed(children, at: index, body)
    }

    /// Texture's `crossChildLayout`: every measurement of a child goes through here. A stretched child's own
    /// non-zero cross min replaces the given one and its own bounded cross max replaces the given max
    /// (Errata#stretchIgnoresPercentAndZero).
    func measureItem(
        _ index: Int, of children: [LayoutElement], _ context: LayoutContext, stackMin: Double, stackMax: Double,
        crossMin: Double, crossMax: Double
    ) {
        withChild(children, index) { child in
            measureItem(
                index, child, context, stackMin: stackMin, stackMax: stackMax, crossMin: crossMin, crossMax: crossMax)
        }
    }

    private func measureItem(
        _ index: Int, _ child: LayoutElement, _ context: LayoutContext, stackMin: Double, stackMax: Double,
        crossMin: Double, crossMax: Double
    ) {
        var childCrossMin = 0.0
        var childCrossMax = crossMax
        if items[index].alignment == .stretch {
            var undefined = false
            let own = child.state.ownRange(parent: .undefined, undefined: &undefined)
            if undefined { context.report(.undefinedPercentage, for: child, parentSize: .undefined) }
            childCrossMin = elvis(own.min[crossAxis], crossMin)
            childCrossMax = own.max[crossAxis] == .infinity ? crossMax : own.max[crossAxis]
        }
        let childRange = SizeRange(
            min: Size(main: stackMin, cross: childCrossMin, along: axis),
            max: Size(main: stackMax, cross: childCrossMax, along: axis))
        let size = context.measure(child, in: childRange, parentSize: childParentSize)
        items[index].main = size[axis]
        items[index].cross = size[crossAxis]
    }

    /// Step 1: every child measured with an unbounded main axis, or at its flex basis.
    func measureAlongUnconstrainedStackDimension(_ children: [LayoutElement], _ context: LayoutContext) {
        let parentMain = childParentSize[axis]
        for index in items.indices {
            if usesOptimizedFlexing && items[index].isFlexibleBothWays {
                context.placeholder(children[index])
                continue
            }
            let basis = withChild(children, index) { $0.state.style.flexBasis }
            measureItem(
                index, of: children, context, stackMin: basis.resolve(parent: parentMain, auto: 0),
                stackMax: basis.resolve(parent: parentMain, auto: .infinity),
                crossMin: crossMin, crossMax: crossMax)
        }
    }

    /// Step 2: lines, filled in order with the first measurements; a line always takes at least one child.
    mutating func collectChildrenIntoLines() {
        guard flexWrap == .wrap else {
            lines[0] = StackLine(start: 0, end: items.count)
            lineCount = 1
            return
        }
        var start = 0, lineSum = 0.0, gap = 0.0
        for index in items.indices {
            let item = items[index]
            let total = item.spacingBefore + item.main + item.spacingAfter
            if index > start && violation(of: lineSum + gap + total, min: mainMin, max: mainMax) < 0 {
                lines[lineCount] = StackLine(start: start, end: index)
                lineCount += 1
                start = index
                lineSum = 0
                gap = 0
            }
            lineSum += gap + total
            gap = spacing
        }
        lines[lineCount] = StackLine(start: start, end: items.count)
        lineCount += 1
    }

    /// The main-axis length of a line: the spacing between children, their spacing before and after, and their
    /// lengths, added in Texture's order (the sum decides whole-point growth, so its last bit matters).
    func mainSum(of line: StackLine) -> Double {
        var sum = spacing * Double(line.end - line.start - 1)
        for index in line.start..<line.end { sum = sum + items[index].spacingBefore + items[index].spacingAfter }
        for index in line.start..<line.end { sum += items[index].main }
        return sum
    }

    /// Step 3: one pass of growing (whole points, remainder to the first grower) or shrinking (weighted by size)
    /// per line; grown or shrunk children are measured again at exactly their new length.
    func resolveFlexibleLengths(_ children: [LayoutElement], _ context: LayoutContext) {
        for lineIndex in 0..<lineCount {
            let line = lines[lineIndex]
            let free = violation(of: mainSum(of: line), min: mainMin, max: mainMax)
            let grows = free > 0
            var factorSum = 0.0
            if abs(free) >= violationEpsilon {
                for index in line.start..<line.end {
                    factorSum += grows ? items[index].flexGrow : items[index].flexShrink
                }
            }
            if factorSum == 0 {
                if usesOptimizedFlexing {
                    for index in line.start..<line.end where items[index].isFlexibleBothWays {
                        measureItem(
                            index, of: children, context, stackMin: 0, stackMax: 0, crossMin: crossMin,
                            crossMax: crossMax)
                    }
                }
                continue
            }
            if grows {
                // Whole points, factor ratio first (Errata#growthFlooredPerChild).
                for index in line.start..<line.end {
                    items[index].adjustment = (free * (items[index].flexGrow / factorSum)).rounded(.down)
                }
            } else {
                var scaledSum = 0.0
                for index in line.start..<line.end {
                    scaledSum += items[index].main * (items[index].flexShrink / factorSum)
                }
                for index in line.start..<line.end {
                    let scaled = items[index].main * (items[index].flexShrink / factorSum)
                    items[index].adjustment = scaledSum == 0 ? 0 : -abs(scaled / scaledSum * free)
                }
            }
            // Texture subtracts the adjustments from the free space one by one.
            var remaining = free
            for index in line.start..<line.end { remaining -= items[index].adjustment }
            var isFirst = true
            for index in line.start..<line.end where items[index].adjustment != 0 {
                let item = items[index]
                let extra = isFirst && item.flexGrow > 0 ? remaining : 0
                isFirst = false
                let length = cMax(item.main + item.adjustment + extra, 0)
                measureItem(
                    index, of: children, context, stackMin: length, stackMax: length, crossMin: crossMin,
                    crossMax: crossMax)
            }
        }
    }

    /// The baseline of a baseline-aligned child, from the top (or left) of its cross extent.
    func baseline(of index: Int, _ children: [LayoutElement]) -> Double {
        withChild(children, index) { child in
            items[index].alignment == .baselineFirst
                ? child.layoutAscender : items[index].cross + child.layoutDescender
        }
    }

    /// Step 4: each line's cross size and baseline. A single line in an exact cross range takes that range;
    /// otherwise a line is as tall as its children (baseline-aligned ones stacked on their baseline), and only a
    /// single line is clamped to the range.
    func computeLinesCrossSizeAndBaseline(_ children: [LayoutElement]) {
        let exactSingleLine = lineCount == 1 && crossMin == crossMax
        for lineIndex in 0..<lineCount {
            var ascent = 0.0, descent = 0.0, tallest = 0.0
            for index in lines[lineIndex].start..<lines[lineIndex].end {
                let alignment = items[index].alignment
                if alignment == .baselineFirst || alignment == .baselineLast {
                    let baseline = baseline(of: index, children)
                    ascent = cMax(ascent, baseline)
                    descent = cMax(descent, items[index].cross - baseline)
                } else {
                    tallest = cMax(tallest, items[index].cross)
                }
            }
            lines[lineIndex].baseline = ascent
            if exactSingleLine {
                lines[lineIndex].cross = crossMin
            } else {
                let cross = cMax(ascent + descent, tallest)
                lines[lineIndex].cross = lineCount == 1 ? cMin(cMax(crossMin, cross), crossMax) : cross
            }
        }
    }

    /// The lines' cross sizes and the line spacing between them.
    func crossSum() -> Double {
        var sum = lineSpacing * Double(lineCount - 1)
        for lineIndex in 0..<lineCount { sum += lines[lineIndex].cross }
        return sum
    }

    /// Step 5: `alignContent: .stretch` shares free cross space among several lines; stretched children shorter
    /// than their line are measured again at the line's cross size.
    func stretchLinesAndItemsAlongCrossDimension(_ children: [LayoutElement], _ context: LayoutContext) {
        let free = violation(of: crossSum(), min: crossMin, max: crossMax)
        if lineCount > 1 && alignContent == .stretch && free > violationEpsilon {
            for lineIndex in 0..<lineCount { lines[lineIndex].cross += free / Double(lineCount) }
        }
        for lineIndex in 0..<lineCount {
            let lineCross = lines[lineIndex].cross
            for index in lines[lineIndex].start..<lines[lineIndex].end
            where items[index].alignment == .stretch && lineCross - items[index].cross > violationEpsilon {
                let main = items[index].main
                measureItem(
                    index, of: children, context, stackMin: main, stackMax: main, crossMin: lineCross,
                    crossMax: lineCross)
            }
        }
    }

    /// Both phases, in Texture's order of steps, over the spec's `children` (the ones the computation was made
    /// with) in the pass `context`; returns the stack's size.
    mutating func run(_ children: [LayoutElement], _ context: LayoutContext) -> Size {
        measureAlongUnconstrainedStackDimension(children, context)
        collectChildrenIntoLines()
        resolveFlexibleLengths(children, context)
        computeLinesCrossSizeAndBaseline(children)
        stretchLinesAndItemsAlongCrossDimension(children, context)
        let mainSum = computeLineSums()
        let crossSum = crossSum()
        let size = range.clamp(Size(main: mainSum, cross: crossSum, along: axis))
        positionChildren(stackSize: size, crossSum: crossSum, children, context)
        return size
    }

    /// Step 6: the main length of each line with the final sizes; returns the longest.
    func computeLineSums() -> Double {
        var longest = 0.0
        for lineIndex in 0..<lineCount {
            lines[lineIndex].mainSum = mainSum(of: lines[lineIndex])
            longest = cMax(lines[lineIndex].mainSum, longest)
        }
        return longest
    }
}

extension AlignSelf {
    /// The alignment in effect for a child: its own, or the stack's when `auto`.
    func resolved(_ alignItems: StackAlignItems) -> StackAlignItems {
        switch self {
        case .auto: return alignItems
        case .start: return .start
        case .end: return .end
        case .center: return .center
        case .stretch: return .stretch
        }
    }
}
