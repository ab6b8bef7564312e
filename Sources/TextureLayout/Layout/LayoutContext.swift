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
    public private(set) var issues: [LayoutIssue] = []

    /// High 32 bits of every computation ID of this pass; unique per pass in the process.
    private let passBase: UInt64
    private var computationCount: UInt64 = 0
    /// The computation that is measuring children right now (the parent of the next `measure`).
    private var currentComputation: UInt64 = 0
    private var stack = StackLimit()

    private static let passCounter = Atomic<UInt64>(0)

    /// Starts a pass at `scale` pixels per point (a scale that is not a positive finite number means 1).
    public init(scale: Double = 2) {
        grid = PixelGrid(scale: scale)
        passBase = (Self.passCounter.wrappingAdd(1, ordering: .relaxed).newValue & 0xFFFF_FFFF) << 32
    }

    // MARK: For specs

    /// Measures `child` within `range`, resolving its percentages against `parentSize` (NaN: undefined), and
    /// returns its pixel-ceiled size. Answers from the child's cache when the same range and parent size were
    /// measured before and nothing was invalidated since.
    public func measure(_ child: LayoutElement, in range: SizeRange, parentSize: Size) -> Size {
        child.measuredBy = currentComputation
        child.isPlaceholder = false
        return request(child, MeasurementKey(range: range, parentSize: parentSize))
    }

    /// Sets `child`'s position relative to the element being computed (Texture stores it unrounded).
    public func place(_ child: LayoutElement, at position: Point) {
        child.placedPosition = position
    }

    /// Records a condition Texture asserts on; the element's result is kept (and made safe) all the same.
    public func report(_ kind: LayoutIssue.Kind, for element: LayoutElement) {
        issues.append(LayoutIssue(kind: kind, element: element))
    }

    /// Marks `child` as a sublayout of size zero with no sublayouts of its own, without measuring it.
    func placeholder(_ child: LayoutElement) {
        child.measuredBy = currentComputation
        child.isPlaceholder = true
        child.measuredSize = .zero
        child.placedPosition = .zero
    }

    // MARK: The pass

    /// Measures `root` and then brings every element of its result up to date, so that each element's stored
    /// size and position belong to the measurement its parent finally used.
    func run(_ root: LayoutElement, range: SizeRange, parentSize: Size) -> Size {
        root.measuredBy = 0
        root.isPlaceholder = false
        root.placedPosition = .zero
        var ancestor = root.parent
        while let element = ancestor {
            // The root's parent no longer describes its state; make it check its children next time.
            element.finalizedComputation = 0
            ancestor = element.parent
        }
        let size = request(root, MeasurementKey(range: range, parentSize: parentSize))
        finalize(root)
        return size
    }

    private func request(_ element: LayoutElement, _ key: MeasurementKey) -> Size {
        element.request = key
        if let size = element.cache.size(for: key) {
            element.measuredSize = size
            return size
        }
        return compute(element, key)
    }

    private func compute(_ element: LayoutElement, _ key: MeasurementKey) -> Size {
        let saved = currentComputation
        computationCount += 1
        let id = passBase | computationCount
        currentComputation = id
        element.computationID = id
        let issuesBefore = issues.count
        var size = withEnoughStack {
            element.calculateSize(key.range, parentSize: key.parentSize, context: self)
        }
        currentComputation = saved
        if size.isValidForLayout {
            size = grid.ceil(size)
        } else {
            report(.invalidSize(size), for: element)
            size = .zero
        }
        element.computedKey = key
        element.measuredSize = size
        if issues.count == issuesBefore {
            element.cache.insert(size, for: key)
        }
        return size
    }

    /// Recomputes, top-down, every element whose latest computation is not the one its parent used (a cache hit
    /// on an older entry); subtrees already checked since their latest computation are skipped.
    private func finalize(_ element: LayoutElement) {
        if !element.request.isIdentical(to: element.computedKey) {
            _ = compute(element, element.request)
        } else if element.finalizedComputation == element.computationID {
            return
        }
        let id = element.computationID
        withEnoughStack {
            for child in element.sublayoutElements where child.measuredBy == id && !child.isPlaceholder {
                finalize(child)
            }
        }
        element.finalizedComputation = id
    }

    /// Runs `body` here, or on a fresh thread with a large stack when this thread's stack is nearly used up, so
    /// that nesting depth is limited by memory only.
    private func withEnoughStack<T>(_ body: () -> T) -> T {
        guard stack.isNearlyExhausted else { return body() }
        let saved = stack
        defer { stack = saved }
        return runOnLargeStack {
            stack = StackLimit.onLargeStackThread()
            return body()
        }
    }
}

/// A condition Texture asserts on during layout (semantics §7.3). The engine continues with a safe value, as
/// Texture's release builds do, and reports it here.
public struct LayoutIssue {
    public enum Kind: Equatable, Sendable {
        /// The computed size was NaN, infinite, negative or ≥ 10⁷ points; the element got size zero.
        case invalidSize(Size)
        /// A percentage min or max resolved against an undefined parent size; that bound was ignored.
        case undefinedPercentage
        /// A relative (or center) spec built a child range whose min exceeds its max.
        case invalidRange(SizeRange)
        /// A corner spec's child or corner has a fractional width or height.
        case fractionalSize
    }

    public let kind: Kind
    public let element: LayoutElement
}
