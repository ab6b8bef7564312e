/// One child's working values during a stack computation, on the stack's own axes. It lives in uninitialized
/// ``Scratch`` memory, hence `BitwiseCopyable`.
struct StackItem: BitwiseCopyable {
    var main = 0.0
    var cross = 0.0
    var flexGrow: Double
    var flexShrink: Double
    var spacingBefore: Double
    var spacingAfter: Double
    /// This flexing pass's change of the main length.
    var adjustment = 0.0
    var alignment: StackAlignItems

    var isFlexibleBothWays: Bool { flexGrow > 0 && flexShrink > 0 }
    var isBaselineAligned: Bool { alignment == .baselineFirst || alignment == .baselineLast }
}

/// One line of a stack (all children unless it wraps); in ``Scratch`` memory like ``StackItem``.
struct StackLine: BitwiseCopyable {
    var start: Int
    var end: Int
    /// The spacing between the line's children and their spacing before and after, added in Texture's order:
    /// the first part of the line's main length (``StackComputation/mainSum(of:)``), which depends on the
    /// styles only and so is added up once.
    var spacingSum: Double
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
///
/// No step mutates it, so that each borrows it where it is: called from a mutating method, each step was handed
/// a copy of all 128 bytes. Only a wrapping stack, whose lines are known once its children are measured, makes
/// one copy holding its line count.
///
/// What the first walk over the children learns (which alignments and flex factors occur) lets the steps skip
/// what cannot apply: flexing when no child has a flex factor, the cross sizes' walk for a single line of exact
/// cross size without baseline alignment, stretching when no child stretches. A skipped step would have changed
/// nothing, so the results are those of every step run.
struct StackComputation {
    let range: SizeRange
    let axis: Axis
    let crossAxis: Axis
    let items: Scratch<StackItem>
    let lines: Scratch<StackLine>
    var lineCount = 1
    /// Parent size for children: the stack's range on each axis where it is exact, undefined elsewhere
    /// (Errata#stackPercentagesNeedAnExactRange).
    let childParentSize: Size
    /// Texture's optimized flexing: the single child that may grow and shrink is left unmeasured at first
    /// (Errata#optimizedFlexingPlaceholder).
    let usesOptimizedFlexing: Bool
    /// The sums of all children's grow and shrink factors, added in child order: a single line's factor sums.
    let growSum: Double
    let shrinkSum: Double
    /// Whether some child has a flex factor other than zero (NaN included); without one, flexing changes nothing.
    let hasFlexFactor: Bool
    /// Whether some child is stretched, and whether some child is baseline-aligned.
    let hasStretch: Bool
    let hasBaseline: Bool

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

    /// Copies the spec's properties and the children's style values the steps read into `items`, and makes the
    /// single line of all children in `lines[0]` (which ``collectChildrenIntoLines()`` replaces when the stack
    /// wraps). Inlined into its one caller, which so lends it the spec and the children without retaining them.
    @inline(__always) init(
        spec: StackLayoutSpec, children: BorrowedChildren, range: SizeRange,
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
        var growSum = 0.0, shrinkSum = 0.0
        // The factors' bits, or-ed: a bit besides the sign's is set when some factor is not zero.
        var factorBits: UInt64 = 0
        // Bit `n` is set when some child's alignment has raw value `n`.
        var alignments: UInt8 = 0
        var spacingSum = spec.spacing * Double(children.count - 1)
        let alignItems = spec.alignItems
        // Indexed and borrowed: iterating the array retained it and the spec for the loop.
        for index in 0..<children.count {
            let item = children.with(index) { child in
                let state = child.state
                return StackItem(
                    flexGrow: state.style.flexGrow, flexShrink: state.style.flexShrink,
                    spacingBefore: state.style.spacingBefore, spacingAfter: state.style.spacingAfter,
                    alignment: state.style.alignSelf.resolved(alignItems))
            }
            items[index] = item
            if item.isFlexibleBothWays { flexibleBothWays += 1 }
            growSum += item.flexGrow
            shrinkSum += item.flexShrink
            factorBits |= item.flexGrow.bitPattern | item.flexShrink.bitPattern
            alignments |= 1 << item.alignment.rawValue
            spacingSum = spacingSum + item.spacingBefore + item.spacingAfter
        }
        lines[0] = StackLine(start: 0, end: children.count, spacingSum: spacingSum)
        self.growSum = growSum
        self.shrinkSum = shrinkSum
        hasFlexFactor = factorBits & ~(1 << 63) != 0
        hasStretch = alignments & 1 << StackAlignItems.stretch.rawValue != 0
        hasBaseline =
            alignments & (1 << StackAlignItems.baselineFirst.rawValue | 1 << StackAlignItems.baselineLast.rawValue) != 0
        usesOptimizedFlexing = flexibleBothWays == 1 && range.min[axis] == range.max[axis]
    }

    /// Texture's `crossChildLayout`: every measurement of a child goes through here. A stretched child's own
    /// non-zero cross min replaces the given one and its own bounded cross max replaces the given max
    /// (Errata#stretchIgnoresPercentAndZero).
    func measureItem(
        _ index: Int, of children: BorrowedChildren, _ context: LayoutContext, stackMin: Double, stackMax: Double,
        crossMin: Double, crossMax: Double
    ) {
        children.with(index) { child in
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
    func measureAlongUnconstrainedStackDimension(_ children: BorrowedChildren, _ context: LayoutContext) {
        let parentMain = childParentSize[axis]
        for index in items.indices {
            if usesOptimizedFlexing && items[index].isFlexibleBothWays {
                children.with(index) { context.placeholder($0) }
                continue
            }
            let basis = children.with(index) { $0.state.style.flexBasis }
            measureItem(
                index, of: children, context, stackMin: basis.resolve(parent: parentMain, auto: 0),
                stackMax: basis.resolve(parent: parentMain, auto: .infinity),
                crossMin: crossMin, crossMax: crossMax)
        }
    }

    /// Step 2: lines, filled in order with the first measurements; a line always takes at least one child. Only a
    /// wrapping stack has more than the one line the computation starts with. Returns the number of lines.
    func collectChildrenIntoLines() -> Int {
        var start = 0, lineSum = 0.0, gap = 0.0
        var lineCount = 0
        for index in items.indices {
            let item = items[index]
            let total = item.spacingBefore + item.main + item.spacingAfter
            if index > start && violation(of: lineSum + gap + total, min: mainMin, max: mainMax) < 0 {
                addLine(start: start, end: index, at: lineCount)
                lineCount += 1
                start = index
                lineSum = 0
                gap = 0
            }
            lineSum += gap + total
            gap = spacing
        }
        addLine(start: start, end: items.count, at: lineCount)
        return lineCount + 1
    }

    /// Makes the line of children `start..<end` line number `lineIndex`, with its spacing added up in Texture's
    /// order: the spacing between children, then each child's spacing before and after.
    private func addLine(start: Int, end: Int, at lineIndex: Int) {
        var spacingSum = spacing * Double(end - start - 1)
        for index in start..<end { spacingSum = spacingSum + items[index].spacingBefore + items[index].spacingAfter }
        lines[lineIndex] = StackLine(start: start, end: end, spacingSum: spacingSum)
    }

    /// The main-axis length of a line: its spacing, then its children's lengths, added in Texture's order (the
    /// sum decides whole-point growth, so its last bit matters). ``stretchAndSumLines(_:_:)`` adds up the final
    /// lengths the same way.
    func mainSum(of line: StackLine) -> Double {
        var sum = line.spacingSum
        for index in line.start..<line.end { sum += items[index].main }
        return sum
    }

    /// The sum of the grow (or shrink) factors of a line's children, in child order; for the single line of all
    /// children, the one the first walk added up.
    func factorSum(of line: StackLine, grows: Bool) -> Double {
        if lineCount == 1 { return grows ? growSum : shrinkSum }
        var sum = 0.0
        for index in line.start..<line.end { sum += grows ? items[index].flexGrow : items[index].flexShrink }
        return sum
    }

    /// Step 3: one pass of growing (whole points, remainder to the first grower) or shrinking (weighted by size)
    /// per line; grown or shrunk children are measured again at exactly their new length.
    @inline(__always)
    func resolveFlexibleLengths(_ children: BorrowedChildren, _ context: LayoutContext) {
        for lineIndex in 0..<lineCount {
            let line = lines[lineIndex]
            let free = violation(of: mainSum(of: line), min: mainMin, max: mainMax)
            let grows = free > 0
            let factorSum = abs(free) >= violationEpsilon ? factorSum(of: line, grows: grows) : 0
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
            // Texture subtracts the adjustments from the free space one by one, in child order.
            var remaining = free
            if grows {
                // Whole points, factor ratio first (Errata#growthFlooredPerChild).
                for index in line.start..<line.end {
                    let adjustment = (free * (items[index].flexGrow / factorSum)).rounded(.down)
                    items[index].adjustment = adjustment
                    remaining -= adjustment
                }
            } else {
                var scaledSum = 0.0
                for index in line.start..<line.end {
                    scaledSum += items[index].main * (items[index].flexShrink / factorSum)
                }
                for index in line.start..<line.end {
                    let scaled = items[index].main * (items[index].flexShrink / factorSum)
                    let adjustment = scaledSum == 0 ? 0 : -abs(scaled / scaledSum * free)
                    items[index].adjustment = adjustment
                    remaining -= adjustment
                }
            }
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
    func baseline(of index: Int, _ children: BorrowedChildren) -> Double {
        children.with(index) { child in
            items[index].alignment == .baselineFirst
                ? child.layoutAscender : items[index].cross + child.layoutDescender
        }
    }

    /// Step 4: each line's cross size and baseline. A single line in an exact cross range takes that range;
    /// otherwise a line is as tall as its children (baseline-aligned ones stacked on their baseline), and only a
    /// single line is clamped to the range.
    @inline(__always)
    func computeLinesCrossSizeAndBaseline(_ children: BorrowedChildren) {
        let exactSingleLine = lineCount == 1 && crossMin == crossMax
        if exactSingleLine && !hasBaseline {
            lines[0].baseline = 0
            lines[0].cross = crossMin
            return
        }
        for lineIndex in 0..<lineCount {
            var ascent = 0.0, descent = 0.0, tallest = 0.0
            for index in lines[lineIndex].start..<lines[lineIndex].end {
                if items[index].isBaselineAligned {
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

    /// Steps 5 and 6: `alignContent: .stretch` shares free cross space among several lines; stretched children
    /// shorter than their line are measured again at the line's cross size; then each line's main length with the
    /// final sizes. Returns the longest. One walk per line does both: a line's main length depends on its own
    /// children only, which stretching has measured for the last time.
    @inline(__always)
    func stretchAndSumLines(_ children: BorrowedChildren, _ context: LayoutContext) -> Double {
        if lineCount > 1 && alignContent == .stretch {
            let free = violation(of: crossSum(), min: crossMin, max: crossMax)
            if free > violationEpsilon {
                for lineIndex in 0..<lineCount { lines[lineIndex].cross += free / Double(lineCount) }
            }
        }
        var longest = 0.0
        for lineIndex in 0..<lineCount {
            let line = lines[lineIndex]
            var sum = line.spacingSum
            for index in line.start..<line.end {
                if hasStretch && items[index].alignment == .stretch
                    && line.cross - items[index].cross > violationEpsilon
                {
                    let main = items[index].main
                    measureItem(
                        index, of: children, context, stackMin: main, stackMax: main, crossMin: line.cross,
                        crossMax: line.cross)
                }
                sum += items[index].main
            }
            lines[lineIndex].mainSum = sum
            longest = cMax(sum, longest)
        }
        return longest
    }

    /// Both phases, in Texture's order of steps, over the spec's `children` (the ones the computation was made
    /// with) in the pass `context`; returns the stack's size.
    @inline(__always) func run(_ children: BorrowedChildren, _ context: LayoutContext) -> Size {
        measureAlongUnconstrainedStackDimension(children, context)
        guard flexWrap == .wrap else { return resolveAndPosition(children, context) }
        var wrapped = self
        wrapped.lineCount = collectChildrenIntoLines()
        return wrapped.resolveAndPosition(children, context)
    }

    /// Steps 3 to 6 and phase 2, once the lines are known.
    func resolveAndPosition(_ children: BorrowedChildren, _ context: LayoutContext) -> Size {
        if hasFlexFactor { resolveFlexibleLengths(children, context) }
        computeLinesCrossSizeAndBaseline(children)
        let mainSum = stretchAndSumLines(children, context)
        let crossSum = crossSum()
        let size = range.clamp(Size(main: mainSum, cross: crossSum, along: axis))
        positionChildren(stackSize: size, crossSum: crossSum, children, context)
        return size
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
