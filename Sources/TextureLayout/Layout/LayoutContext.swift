import Synchronization

/// One layout pass: the pixel grid it rounds to, the problems it met, and the bookkeeping that lets elements
/// keep their results between passes.
///
/// Specs receive the context in ``LayoutElement/calculateSize(_:context:)`` and measure and place their children
/// through it.
public final class LayoutContext {
    /// The pixel grid of this pass.
    public let grid: PixelGrid
    /// What Texture would have asserted on during this pass, in the order met.
    @exclusivity(unchecked) public private(set) var issues: [LayoutIssue] = []

    /// The ID of the latest computation of this pass: the pass's number in the high 32 bits (unique per pass in
    /// the process), how many computations ran in the low 32.
    @exclusivity(unchecked) private var latestComputation: UInt64
    /// The computation that is measuring children right now (the parent of the next `measure`).
    @exclusivity(unchecked) private var currentComputation: UInt64 = 0
    @exclusivity(unchecked) private var stack = StackLimit.current()
    /// How many computations are running, nested in each other.
    @exclusivity(unchecked) private var depth = 0
    /// Elements answered from an older cache entry during this pass, to recompute at the end of it.
    @exclusivity(unchecked) private var staleElements: [LayoutElement] = []

    /// Checked every ``LayoutCancellation/checkInterval`` computations; `nil` for a pass that always finishes.
    private let cancellation: LayoutCancellation?
    /// Set once the cancellation was seen: from then on computations are skipped (their size is zero).
    @exclusivity(unchecked) private(set) var isStopped = false
    /// The previous pass's order of requests over this tree, read to prefetch, and this pass's, recorded over it.
    @exclusivity(unchecked) private var trace: PassTrace.Recorder

    private static let passCounter = Atomic<UInt64>(0)

    /// Starts a pass at `scale` pixels per point (a scale that is not a positive finite number means 1) that stops
    /// early once `cancellation` is set, prefetching from `trace` (the previous pass's over the same root) and
    /// recording its own requests in it.
    init(scale: Double = 2, cancellation: LayoutCancellation? = nil, trace: PassTrace = PassTrace()) {
        grid = PixelGrid(scale: scale)
        self.trace = PassTrace.Recorder(trace)
        latestComputation = (Self.passCounter.wrappingAdd(1, ordering: .relaxed).newValue & 0xFFFF_FFFF) << 32
        self.cancellation = cancellation
    }

    // MARK: For specs

    /// Measures `child` within `range`, resolving its percentages against `parentSize` (NaN: undefined), and
    /// returns its pixel-ceiled size. Answers from the child's cache when the same range and parent size were
    /// measured before and nothing was invalidated since.
    public func measure(_ child: LayoutElement, in range: SizeRange, parentSize: Size) -> Size {
        child.state.measuredBy = currentComputation
        child.state.isPlaceholder = false
        return request(child, MeasurementKey(range: range, parentSize: parentSize))
    }

    /// Sets `child`'s position relative to the element being computed (Texture stores it unrounded). A coordinate
    /// that is not finite (from NaN spacing, insets or positions) becomes 0 and is reported, as Texture's `frame`
    /// replaces it.
    public func place(_ child: LayoutElement, at position: Point) {
        guard position.x.isFinite && position.y.isFinite else { return placeReporting(child, at: position) }
        child.state.placedPosition = position
    }

    /// ``place(_:at:)`` of a position that is not finite, kept out of line: a stack places every child, and the
    /// report's code inlined there kept its per-child closure from being inlined.
    @inline(never) private func placeReporting(_ child: LayoutElement, at position: Point) {
        report(.invalidPosition(position), for: child)
        child.state.placedPosition = position.finiteOrZero
    }

    /// Records a condition Texture asserts on; the element's result is kept (and made safe) all the same.
    /// `parentSize` is the parent size the element's style was resolved against, for an
    /// ``LayoutIssue/Kind/undefinedPercentage`` (so that a message can name the axis).
    public func report(_ kind: LayoutIssue.Kind, for element: LayoutElement, parentSize: Size? = nil) {
        issues.append(LayoutIssue(kind: kind, element: element, parentSize: parentSize))
    }

    /// Marks `child` as a sublayout of size zero with no sublayouts of its own, without measuring it.
    func placeholder(_ child: LayoutElement) {
        child.state.measuredBy = currentComputation
        child.state.isPlaceholder = true
        child.state.measuredSize = .zero
        child.state.placedPosition = .zero
    }

    // MARK: The pass

    /// Measures `root`, then recomputes every element whose latest computation is not the one its parent used, so
    /// that each element's stored size, position and children belong to the measurement its parent finally used.
    func run(_ root: LayoutElement, range: SizeRange, parentSize: Size) -> Size {
        root.state.measuredBy = 0
        root.state.isPlaceholder = false
        root.state.placedPosition = .zero
        let size = request(root, MeasurementKey(range: range, parentSize: parentSize))
        while let element = staleElements.popLast() {
            let state = element.state
            // A placeholder's parent ended up not measuring it: its stale results are not part of the layout.
            if !state.isPlaceholder && !state.cache.requestIsComputed {
                let key = state.requestedKey()
                _ = compute(element, key, tag: key.tag, ignoresParentSize: state.ignoresParentSize)
            }
        }
        trace.finish()
        return size
    }

    /// Answers `key` from the element's cache or computes it. The key of an element that ignores its parent size
    /// (``LayoutStateRef/ignoresParentSize``) holds an undefined parent size whatever its parent's is, so that its
    /// entries answer the same range under a parent of any size. The key's tag is computed once, here, for both
    /// the lookup and the entry a computation records. An element that takes its range's minimum
    /// (``LayoutStateRef/takesRangeMinimum``, a spacer) with an all-auto style is computed in place instead.
    /// Every request is recorded in the pass's trace (``PassTrace``), which prefetches a later one's element.
    private func request(_ element: LayoutElement, _ key: MeasurementKey) -> Size {
        trace.record(element)
        let state = element.state
        let ignoresParentSize = state.ignoresParentSize
        if ignoresParentSize && state.takesRangeMinimum && key.range.isOrdered {
            return computeRangeMinimum(element, key.range.min)
        }
        var key = key
        if ignoresParentSize { key.parentSize = .undefined }
        let tag = key.tag
        var replacing = MeasurementCache.none
        if let size = state.answer(key, tag: tag, scale: grid.scale) {
            if state.cache.requestIsComputed {
                state.measuredSize = size
                return size
            }
            // A hit on an older entry leaves the element's children laid out for another measurement: they are
            // recomputed at the end of the pass. Its derived baseline (a text's, a vertical stack's) is read by
            // the parent now, so an entry that derived another one is computed again at once, in its slot.
            if state.requestHasCurrentBaseline {
                staleElements.append(element)
                state.measuredSize = size
                return size
            }
            replacing = state.cache.request
        }
        return compute(element, key, tag: tag, ignoresParentSize: ignoresParentSize, replacing: replacing)
    }

    /// Computes `key` (whose ``MeasurementKey/tag`` is `tag`) and records the result. An element that ignores its
    /// parent size keeps the default ``LayoutElement/calculateSize(_:parentSize:context:)`` with an all-auto
    /// style, which for an ordered range only passes the range on: the pass calls
    /// ``LayoutElement/calculateSize(_:context:)`` itself, one dynamic call instead of two.
    /// Inlined into ``request(_:_:)``, its one call in a pass's recursion: a call and a frame less per computation.
    @inline(__always) private func compute(
        _ element: LayoutElement, _ key: MeasurementKey, tag: UInt8, ignoresParentSize: Bool,
        replacing slot: UInt8 = MeasurementCache.none
    ) -> Size {
        guard let id = nextComputation() else { return .zero }
        let saved = currentComputation
        currentComputation = id
        let state = element.state
        state.computationID = id
        let issuesBefore = issues.count
        depth &+= 1
        // Checking every 16 levels is enough: the budget leaves far more room than 16 levels take.
        let size =
            depth & 15 == 0 && stack.isNearlyExhausted
            ? calculateOnLargeStack(element, key, ignoresParentSize: ignoresParentSize)
            : calculate(element, key, ignoresParentSize: ignoresParentSize)
        depth &-= 1
        currentComputation = saved
        let result = ceiled(size, of: element)
        // A computation that saw the pass stop used skipped (zero) sizes: it is not kept.
        // Nor one that ended after the flag was set: what it measured below the pass (a text's shaping, which
        // reads the flag as ``LayoutCancellation/current``) may have stopped early.
        state.recordComputation(
            result, for: key, tag: tag,
            keep: issues.count == issuesBefore && !isStopped
                && cancellation?.isCancelled != true,
            replacing: slot)
        return result
    }

    /// Computes an element that takes its range's minimum (``LayoutStateRef/takesRangeMinimum``) within an
    /// ordered range, as ``compute(_:_:tag:ignoresParentSize:replacing:)`` would, in place: its size is `minimum`
    /// pixel-ceiled, and nothing is kept in the cache. Out of line: inlined, it made the compiler call
    /// ``compute(_:_:tag:ignoresParentSize:replacing:)`` out of line from ``request(_:_:)`` instead.
    @inline(never) private func computeRangeMinimum(_ element: LayoutElement, _ minimum: Size) -> Size {
        guard nextComputation() != nil else { return .zero }
        let size = ceiled(minimum, of: element)
        element.state.recordUnkeptComputation(size)
        return size
    }

    /// The next computation's ID, or `nil` once the pass stopped: then computations are skipped. Checks the
    /// cancellation every ``LayoutCancellation/checkInterval`` computations.
    @inline(__always) private func nextComputation() -> UInt64? {
        if isStopped { return nil }
        // The low bits count the computations (the pass's number is a multiple of 2³²).
        if latestComputation % LayoutCancellation.checkInterval == 0, let cancellation, cancellation.isCancelled {
            isStopped = true
            return nil
        }
        latestComputation &+= 1
        return latestComputation
    }

    /// `size` pixel-ceiled, or zero for a size not valid for layout, which is reported for `element`.
    @inline(__always) private func ceiled(_ size: Size, of element: LayoutElement) -> Size {
        if size.isValidForLayout { return grid.ceil(size) }
        report(.invalidSize(size), for: element)
        return .zero
    }

    /// Measures `element` within `key`'s range through its class's method, the one that resolves its style
    /// unless it ignores its parent size and the range is ordered.
    @inline(__always) private func calculate(
        _ element: LayoutElement, _ key: MeasurementKey, ignoresParentSize: Bool
    ) -> Size {
        ignoresParentSize && key.range.isOrdered
            ? element.calculateSize(key.range, context: self)
            : element.calculateSize(key.range, parentSize: key.parentSize, context: self)
    }

    /// ``calculate(_:_:ignoresParentSize:)`` on a fresh thread with a large stack, for a computation nested so
    /// deep that this thread's stack is nearly used up, so that nesting depth is limited by memory only. Out of
    /// line, so that a computation on this thread sets up no closure.
    @inline(never) private func calculateOnLargeStack(
        _ element: LayoutElement, _ key: MeasurementKey, ignoresParentSize: Bool
    ) -> Size {
        let saved = stack
        defer { stack = saved }
        return runOnLargeStack {
            stack = StackLimit.current()
            return calculate(element, key, ignoresParentSize: ignoresParentSize)
        }
    }
}

/// A condition Texture asserts on during layout (<doc:Errata#assertsBecomeIssues>). The engine continues with a safe value, as
/// Texture's release builds do, and reports it here.
public struct LayoutIssue {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// The computed size was NaN, infinite, negative or ≥ 10⁷ points; the element got size zero.
        case invalidSize(Size)
        /// A min or max size resolved to NaN (a percentage of an undefined parent size, or NaN points); that bound
        /// was ignored.
        case undefinedPercentage
        /// A position came out NaN or infinite (from NaN spacing, insets, offsets or positions); it became 0.
        case invalidPosition(Point)
        /// A relative (or center) spec built a child range whose min exceeds its max.
        case invalidRange(SizeRange)
        /// A corner spec's child or corner has a fractional width or height.
        case fractionalSize
    }

    /// What went wrong.
    public let kind: Kind
    /// The element whose measurement or position it concerns.
    public let element: LayoutElement
    /// For ``Kind/undefinedPercentage``: the parent size the element's style was resolved against; its NaN axes
    /// are the undefined ones, so a message can say which percentage had nothing to be taken of. `nil` otherwise.
    public let parentSize: Size?
}
