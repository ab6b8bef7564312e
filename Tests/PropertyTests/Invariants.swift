import LayoutDocument
import TestSupport
import TextureLayout

// The invariants every document must satisfy:
//
// 1. Nothing crashes; a document is either rejected with a DocumentError or laid out.
// 2. No NaN or infinite number in any size, position or frame of the result (even when the pass reports what
//    Texture asserts on).
// 3. The same input gives the same output: a second pass over the same elements (answered from their caches),
//    `updateLayout()`, and a fresh read of the same bytes all give the first pass's result.
// 4. The root's size lies within the size range, up to one pixel of Texture's ceiling, unless Texture's rules let
//    the root element leave its range (§3.2: overlay, background, ratio and an unwrapped corner report their
//    child's size, a wrapper its largest child's).
// 5. Every child of an absolute, inset, center, relative or stack spec is measured with the range (and parent
//    size) Texture's rules give it (§4.3, §4.6, §4.7, §4.9 exactly; §5.2–§5.8 for the stack: the parent size, the
//    cross-axis rule of §5.3 and a main axis that is the flex basis or exact), and its size lies within that
//    range up to one pixel unless the range is inverted or the child is one that may leave it (as in 4).
//    Checked on a recording copy of the tree, whose result must equal the document's.
// 6. Laying out again after a change gives what a fresh layout of the changed document gives, and undoing the
//    change gives the first result again (cached and fresh agree).
//
// Checks 4 and 5 apply only when the pass reported nothing Texture asserts on (§7.3): then Texture itself has
// no defined answer.
//
// No test framework here: the fuzz target (Fuzz/FuzzLayout.swift) compiles this file too.

/// What one check found.
struct Findings {
    var failures: [String] = []
    /// How many documents were rejected by the reader, laid out cleanly, or laid out with issues.
    var rejected = 0
    var clean = 0
    var withIssues = 0
    /// Child measurements checked against Texture's range rules, by parent kind.
    var rangeChecks: [String: Int] = [:]
    var mutations = 0

    mutating func fail(_ message: String) { failures.append(message) }

    mutating func merge(_ other: Findings) {
        failures += other.failures
        rejected += other.rejected
        clean += other.clean
        withIssues += other.withIssues
        mutations += other.mutations
        for (key, value) in other.rangeChecks { rangeChecks[key, default: 0] += value }
    }
}

/// A whole result, comparable: every entry's size, position and frame in pre-order, and the issues.
struct Snapshot: Equatable {
    var sizes: [Size] = []
    var positions: [Point] = []
    var frames: [Rect] = []
    /// Described, since an issue may hold NaN (never equal to itself).
    var issues: [String] = []

    init(_ layout: Layout) {
        for entry in layout.allLayouts {
            sizes.append(entry.size)
            positions.append(entry.position)
            frames.append(entry.frameInRoot)
        }
        issues = layout.issues.map { "\($0.kind)" }
    }

    /// The first difference, for messages.
    func difference(from other: Snapshot) -> String {
        if sizes.count != other.sizes.count { return "\(sizes.count) entries vs \(other.sizes.count)" }
        if issues != other.issues {
            let common = Swift.min(issues.count, other.issues.count)
            let index = (0..<common).first { issues[$0] != other.issues[$0] } ?? common
            return "\(issues.count) vs \(other.issues.count) issues, the first different one (#\(index)): "
                + "\(index < issues.count ? issues[index] : "none") vs "
                + "\(index < other.issues.count ? other.issues[index] : "none")"
        }
        for index in sizes.indices
        where sizes[index] != other.sizes[index] || frames[index] != other.frames[index]
            || positions[index] != other.positions[index]
        {
            return "entry \(index): size \(sizes[index]) frame \(frames[index]) vs size \(other.sizes[index]) "
                + "frame \(other.frames[index])"
        }
        return "none"
    }
}

/// `layout()`'s answer, comparable.
enum Outcome: Equatable {
    case laidOut(String)
    case failed(DocumentError)
}

func outcome(_ document: LayoutDocument) -> Outcome {
    do { return .laidOut(try document.layout().json) } catch { return .failed(error) }
}

func isFinite(_ r: Rect) -> Bool { r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite }

/// Equal, or both NaN.
func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
func same(_ a: Size, _ b: Size) -> Bool { same(a.width, b.width) && same(a.height, b.height) }
func same(_ a: SizeRange, _ b: SizeRange) -> Bool { same(a.min, b.min) && same(a.max, b.max) }

/// `ASPointsValidForSize`.
func validForSize(_ p: Double) -> Bool { (p.isNormal || p == 0) && p >= 0 && p < 10_000_000 }

/// The range max where it is valid for size, NaN elsewhere (relative, absolute and corner specs, §4.6, §4.9).
func bounded(_ s: Size) -> Size {
    Size(validForSize(s.width) ? s.width : .nan, validForSize(s.height) ? s.height : .nan)
}

/// `ASLayoutElementSizeResolveAutoSize` (§1.4), written from the layout rules; nil where a min or max is NaN
/// (Texture asserts).
func expectedStyleRange(_ style: Style, parent: Size, autoMin: Size, autoMax: Size) -> SizeRange? {
    func resolve(_ d: Dimension, _ parent: Double, _ auto: Double) -> Double {
        switch d.unit {
        case .auto: return auto
        case .points: return d.value
        case .fraction: return d.value * parent
        }
    }
    func axis(
        _ exact: Dimension, _ min: Dimension, _ max: Dimension, _ p: Double, _ aMin: Double, _ aMax: Double
    )
        -> (Double, Double)?
    {
        let lo = resolve(min, p, aMin), hi = resolve(max, p, aMax), e = resolve(exact, p, .nan)
        if lo.isNaN || hi.isNaN { return nil }
        if hi <= lo { return (lo, lo) }
        if e.isNaN { return (lo, hi) }
        if e > hi { return (hi, hi) }
        if e < lo { return (lo, lo) }
        return (e, e)
    }
    guard let w = axis(style.width, style.minWidth, style.maxWidth, parent.width, autoMin.width, autoMax.width),
        let h = axis(
            style.height, style.minHeight, style.maxHeight, parent.height, autoMin.height,
            autoMax.height)
    else { return nil }
    return SizeRange(min: Size(w.0, h.0), max: Size(w.1, h.1))
}

/// Whether Texture's rules let `element` take a size outside a (valid) range it is measured with (§3.2).
func mayLeaveRange(_ element: LayoutElement) -> Bool {
    switch element {
    case is FixedSizeNode: return false
    case is DisplayNode: return elementChildren(element).first.map(mayLeaveRange) ?? false
    case let spec as OverlayLayoutSpec: return spec.child.map(mayLeaveRange) ?? false
    case let spec as BackgroundLayoutSpec: return spec.child.map(mayLeaveRange) ?? false
    case let spec as RatioLayoutSpec: return spec.child.map(mayLeaveRange) ?? false
    case let spec as CornerLayoutSpec: return !spec.wrapsCorner && (spec.child.map(mayLeaveRange) ?? false)
    case let spec as WrapperLayoutSpec: return spec.children.contains(where: mayLeaveRange)
    default: return false  // stack, inset, relative, center, absolute clamp to their range; a plain spec is its min
    }
}

/// Whether `size` lies in `range`, allowing Texture's pixel ceiling, `ceil((v − FLT_EPSILON)·scale)/scale` (§0.4):
/// less than one pixel up, or down by at most FLT_EPSILON (a length below FLT_EPSILON ceils to 0), plus rounding
/// noise.
func within(_ size: Size, _ range: SizeRange, scale: Double) -> Bool {
    func axis(_ v: Double, _ lo: Double, _ hi: Double) -> Bool {
        let noise = 1e-9 * Swift.max(1, abs(lo), abs(hi))
        return v >= lo - 1.1920928955078125e-7 - noise && v <= hi + 1 / scale + noise
    }
    return axis(size.width, range.min.width, range.max.width) && axis(size.height, range.min.height, range.max.height)
}

/// A range Texture's own `ASSizeRangeMake` would accept: no NaN, a finite non-negative min, min ≤ max.
func isOrdinary(_ r: SizeRange) -> Bool {
    func ok(_ lo: Double, _ hi: Double) -> Bool { lo.isFinite && lo >= 0 && !hi.isNaN && lo <= hi }
    return ok(r.min.width, r.max.width) && ok(r.min.height, r.max.height)
}

enum Invariants {
    /// Checks every invariant on the document of `bytes`.
    static func check(_ bytes: [UInt8], label: String, mutations: Int = 0, rng: inout SplitMix64) -> Findings {
        check(label: label, mutations: mutations, rng: &rng) { try? LayoutDocument(bytes: bytes) }
    }

    /// Checks every invariant on the document `read` returns (nil: the reader rejected it); `read` is called
    /// again for every fresh copy. `mutations` changes (each undone) test caching; `rng` picks them.
    static func check(
        label: String, mutations: Int = 0, rng: inout SplitMix64, read: () -> LayoutDocument?
    )
        -> Findings
    {
        var findings = Findings()
        func fail(_ message: String) { findings.fail("\(label): \(message)") }

        guard let document = read() else {
            findings.rejected = 1
            return findings
        }
        // The recording copy is made before any pass (a vertical stack rewrites its own ascender when laid out).
        let recorder = Recorder()
        // The copy's elements and the recorder refer to each other: break the cycle when done.
        defer { recorder.reset() }
        let copy = recordingCopy(of: document.rootNode, recorder)

        // 2. Finite numbers everywhere.
        let first = document.rootNode.layout(within: document.sizeRange, scale: document.scale)
        let reference = Snapshot(first)
        for entry in first.allLayouts {
            if !(entry.size.width.isFinite && entry.size.height.isFinite && isFinite(entry.frameInRoot)
                && isFinite(entry.frameInSupernode) && entry.position.x.isFinite && entry.position.y.isFinite)
            {
                fail(
                    "a non-finite number at \(document.path(of: entry.element) ?? "entry \(entry.index)"): "
                        + "size \(entry.size), frame \(entry.frameInRoot)")
                break
            }
        }
        if reference.issues.isEmpty { findings.clean = 1 } else { findings.withIssues = 1 }

        // 3. Same input, same output: cached pass, updateLayout, fresh read.
        let answer = outcome(document)
        switch answer {
        case .laidOut: if !reference.issues.isEmpty { fail("layout() succeeds although the pass reported issues") }
        case .failed(let error):
            if reference.issues.isEmpty { fail("layout() throws \(error) although the pass reported nothing") }
        }
        let cached = Snapshot(document.rootNode.layout(within: document.sizeRange, scale: document.scale))
        if cached != reference { fail("a cached pass differs from the first: \(cached.difference(from: reference))") }
        do {
            let size = try document.updateLayout()
            if reference.issues.isEmpty && size != reference.sizes[0] {
                fail("updateLayout() gives \(size), the first pass \(reference.sizes[0])")
            }
            if !reference.issues.isEmpty { fail("updateLayout() succeeds although the pass reported issues") }
        } catch {
            if case .failed(let expected) = answer, expected == error {
            } else {
                fail("updateLayout() throws \(error), layout() gave \(answer)")
            }
        }
        guard let fresh = read() else {
            fail("a second read of the same bytes fails")
            return findings
        }
        let freshAnswer = outcome(fresh)
        if freshAnswer != answer { fail("a fresh read lays out differently: \(freshAnswer) vs \(answer)") }
        let freshSnapshot = Snapshot(fresh.rootNode.layout(within: fresh.sizeRange, scale: fresh.scale))
        if freshSnapshot != reference {
            fail("a fresh read's result differs: \(freshSnapshot.difference(from: reference))")
        }

        // 4. The root within the size range.
        if reference.issues.isEmpty && !mayLeaveRange(document.rootElement)
            && !within(reference.sizes[0], document.sizeRange, scale: first.grid.scale)
        {
            fail("the root's size \(reference.sizes[0]) is outside the size range \(document.sizeRange)")
        }

        // 5. Children measured with Texture's ranges (on the recording copy).
        if let copy {
            let copied = Snapshot(copy.layout(within: document.sizeRange, scale: document.scale))
            if copied != reference {
                fail("the recording copy lays out differently: \(copied.difference(from: reference))")
            } else if reference.issues.isEmpty {
                checkRanges(recorder, scale: first.grid.scale, into: &findings, label: label)
            }
        }

        // 6. Changes, cached versus fresh.
        if mutations > 0 {
            checkMutations(
                document: document, read: read, reference: reference, count: mutations, rng: &rng,
                into: &findings, label: label)
        }
        return findings
    }

    // MARK: Ranges

    static func checkRanges(_ recorder: Recorder, scale: Double, into findings: inout Findings, label: String) {
        let computations = recorder.computations
        var perChild: [ObjectIdentifier: Int] = [:]
        var lastParent = -1
        for child in computations {
            guard let parentIndex = child.parent else { continue }
            let parent = computations[parentIndex]
            let c = parent.resolved ?? parent.range
            let element = child.element
            let name = element.debugName ?? "\(type(of: element))"
            let parentName = parent.element.debugName ?? "\(type(of: parent.element))"
            func fail(_ message: String) {
                findings.fail(
                    "\(label): \(name) in \(parentName) (range \(c), parent size \(parent.parentSize)): "
                        + message)
            }
            var kind: String?
            switch parent.element {
            case is AbsoluteLayoutSpec:
                kind = "absolute"
                let size = bounded(c.max)
                let p = element.style.layoutPosition
                if let expected = expectedStyleRange(
                    element.style, parent: size, autoMin: .zero,
                    autoMax: Size(c.max.width - p.x, c.max.height - p.y))
                {
                    if !same(child.range, expected) || !same(child.parentSize, size) {
                        fail("measured with \(child.range) / \(child.parentSize), Texture gives \(expected) / \(size)")
                    }
                }
            case let spec as InsetLayoutSpec:
                kind = "inset"
                let (expected, parentSize) = expectedInsetChild(spec.insets, c: parent.range, p: parent.parentSize)
                if !same(child.range, expected) || !same(child.parentSize, parentSize) {
                    fail(
                        "measured with \(child.range) / \(child.parentSize), Texture gives \(expected) / \(parentSize)")
                }
            case let spec as RelativeLayoutSpec:
                kind = spec is CenterLayoutSpec ? "center" : "relative"
                let expected = SizeRange(
                    min: Size(
                        spec.horizontalPosition == .none ? c.min.width : 0,
                        spec.verticalPosition == .none ? c.min.height : 0),
                    max: c.max)
                if !same(child.range, expected) || !same(child.parentSize, bounded(c.max)) {
                    fail(
                        "measured with \(child.range) / \(child.parentSize), Texture gives \(expected) / "
                            + "\(bounded(c.max))")
                }
            case let spec as StackLayoutSpec:
                kind = "stack"
                if let problem = stackChildProblem(
                    spec, child: element, range: child.range,
                    parentSize: child.parentSize, c: c)
                {
                    fail(problem)
                }
                if parentIndex != lastParent {
                    perChild = [:]
                    lastParent = parentIndex
                }
                perChild[ObjectIdentifier(element), default: 0] += 1
                if perChild[ObjectIdentifier(element)]! > 3 {
                    fail("measured more than three times in one stack computation (first, flexed, stretched)")
                }
            default:
                break
            }
            guard let kind else { continue }
            findings.rangeChecks[kind, default: 0] += 1
            if let size = child.size, isOrdinary(child.range), !mayLeaveRange(element),
                !within(size, child.range, scale: scale)
            {
                fail("its size \(size) lies outside the range \(child.range) it was measured with")
            }
        }
    }

    /// §4.3: the inset's child range and parent size.
    static func expectedInsetChild(_ insets: EdgeInsets, c: SizeRange, p: Size) -> (SizeRange, Size) {
        func fin(_ x: Double) -> Double { x.isInfinite ? 0 : x }
        func mx(_ a: Double, _ b: Double) -> Double { a < b ? b : a }  // C's MAX
        let insetsX = fin(insets.left) + fin(insets.right), insetsY = fin(insets.top) + fin(insets.bottom)
        let minW = insets.left.isInfinite || insets.right.isInfinite ? 0 : c.min.width
        let minH = insets.top.isInfinite || insets.bottom.isInfinite ? 0 : c.min.height
        let range = SizeRange(
            min: Size(mx(0, minW - insetsX), mx(0, minH - insetsY)),
            max: Size(mx(0, c.max.width - insetsX), mx(0, c.max.height - insetsY)))
        return (range, Size(mx(0, p.width - insetsX), mx(0, p.height - insetsY)))
    }

    /// §5.2–§5.8: what a stack may measure a child with. The parent size is the stack's range where exact; the
    /// cross axis follows §5.3 with the stack's cross range (first pass, flexing) or a line's cross size
    /// (stretching); the main axis is the child's flex basis range (first pass) or an exact length.
    static func stackChildProblem(
        _ stack: StackLayoutSpec, child: LayoutElement, range r: SizeRange,
        parentSize: Size, c: SizeRange
    ) -> String? {
        let vertical = stack.direction == .vertical || stack.direction == .verticalReverse
        func main(_ s: Size) -> Double { vertical ? s.height : s.width }
        func cross(_ s: Size) -> Double { vertical ? s.width : s.height }
        let expectedParent = Size(
            c.min.width == c.max.width ? c.min.width : .nan,
            c.min.height == c.max.height ? c.min.height : .nan)
        if !same(parentSize, expectedParent) {
            return "measured with parent size \(parentSize), Texture gives \(expectedParent)"
        }
        let style = child.style
        let basis = style.flexBasis
        func resolve(_ d: Dimension, _ p: Double, _ auto: Double) -> Double {
            d.unit == .auto ? auto : (d.unit == .points ? d.value : d.value * p)
        }
        let exactMain = main(r.min) == main(r.max) && main(r.min).isFinite && main(r.min) >= 0
        let basisMain =
            same(main(r.min), resolve(basis, main(expectedParent), 0))
            && same(main(r.max), resolve(basis, main(expectedParent), .infinity))
        if !exactMain && !basisMain {
            return "measured with main axis \(main(r.min))…\(main(r.max)): neither its flex basis nor an exact length"
        }
        let alignment: StackAlignItems
        switch style.alignSelf {
        case .auto: alignment = stack.alignItems
        case .start: alignment = .start
        case .end: alignment = .end
        case .center: alignment = .center
        case .stretch: alignment = .stretch
        }
        let (lo, hi) = (cross(r.min), cross(r.max))
        guard alignment == .stretch else {
            if lo == 0 && same(hi, cross(c.max)) { return nil }
            return "measured with cross axis \(lo)…\(hi), Texture gives 0…\(cross(c.max)) (not stretched)"
        }
        guard let own = expectedStyleRange(style, parent: .undefined, autoMin: .zero, autoMax: .infinity) else {
            return nil  // Texture asserts (a percentage min or max of a stretched child); reported as an issue
        }
        func expected(_ crossMin: Double, _ crossMax: Double) -> (Double, Double) {
            (cross(own.min) != 0 ? cross(own.min) : crossMin, cross(own.max) == .infinity ? crossMax : cross(own.max))
        }
        let stackRange = expected(cross(c.min), cross(c.max))
        if same(lo, stackRange.0) && same(hi, stackRange.1) { return nil }
        // Stretching: crossMin = crossMax = the line's cross size L, and an exact main length.
        if exactMain {
            let line = cross(own.max) == .infinity ? hi : lo
            let stretched = expected(line, line)
            if same(lo, stretched.0) && same(hi, stretched.1) && line.isFinite && line >= 0 { return nil }
        }
        return "measured with cross axis \(lo)…\(hi), Texture gives \(stackRange.0)…\(stackRange.1) "
            + "(or a line's cross size when stretched)"
    }

    // MARK: A sweep of ranges

    /// Ranges a regression document is laid out in one after the other: unbounded, exact, sub-point, tight.
    static let sweepRanges: [SizeRange] = [
        .unconstrained, SizeRange(min: Size(0.5, 0), max: Size(0.5, .infinity)),
        SizeRange(min: .zero, max: Size(100, 100)), SizeRange(exactly: Size(100, 100)),
        SizeRange(min: Size(50, 0), max: .infinity), SizeRange(min: .zero, max: Size(0.5, 0.5)),
        SizeRange(exactly: Size(1, 1)), SizeRange(min: .zero, max: Size(320, .infinity)), .unconstrained,
    ]

    /// Lays one document out in every range of `sweepRanges` in turn (then in its own range again); each
    /// result must equal a fresh document's in that range.
    static func checkRangeSweep(label: String, read: () -> LayoutDocument?) -> [String] {
        guard var document = read() else { return [] }
        let own = document.sizeRange
        for range in sweepRanges + [own] {
            document.sizeRange = range
            let incremental = Snapshot(document.rootNode.layout(within: range, scale: document.scale))
            guard let fresh = read() else { return [] }
            let expected = Snapshot(fresh.rootNode.layout(within: range, scale: fresh.scale))
            if incremental != expected {
                return [
                    "\(label): laid out in \(range) after the ranges before it, the result differs from a fresh "
                        + "layout: \(incremental.difference(from: expected))"
                ]
            }
        }
        return []
    }

    // MARK: Mutations

    static func checkMutations(
        document: LayoutDocument, read: () -> LayoutDocument?, reference: Snapshot,
        count: Int, rng: inout SplitMix64, into findings: inout Findings, label: String
    ) {
        var document = document
        let elements = allElements(document.rootNode)
        let originalRange = document.sizeRange, originalScale = document.scale
        for round in 0..<count {
            findings.mutations += 1
            let index = Int.random(in: 0..<elements.count, using: &rng)
            let target = elements[index]
            let before = ElementState(target)
            var changed = before
            var range = originalRange, scale = originalScale
            let what = changed.mutate(&rng, range: &range, scale: &scale)
            let description = "change \(round) (\(what) of \(target.debugName ?? "element \(index)"))"

            changed.apply(to: target)
            document.sizeRange = range
            document.scale = scale
            if Bool.random(using: &rng) { _ = try? document.updateLayout() }
            let incremental = Snapshot(document.rootNode.layout(within: range, scale: scale))

            guard let fresh = read() else { return }
            changed.apply(to: allElements(fresh.rootNode)[index])
            let expected = Snapshot(fresh.rootNode.layout(within: range, scale: scale))
            if incremental != expected {
                findings.fail(
                    "\(label): after \(description), a re-layout differs from a fresh layout: "
                        + incremental.difference(from: expected))
                return
            }

            before.apply(to: target)
            document.sizeRange = originalRange
            document.scale = originalScale
            let undone = Snapshot(document.rootNode.layout(within: originalRange, scale: originalScale))
            if undone != reference {
                findings.fail(
                    "\(label): after undoing \(description), the layout differs from the first: "
                        + undone.difference(from: reference))
                return
            }
        }
    }
}

/// Everything a change may touch on one element: its style and its own properties.
struct ElementState {
    var style: Style
    var intrinsicSize: Size?
    var stack:
        (
            StackDirection, Double, StackJustifyContent, StackAlignItems, StackFlexWrap, StackAlignContent,
            Double
        )?
    var insets: EdgeInsets?
    var ratio: Double?
    var relative: (RelativePosition, RelativePosition, RelativeSizingOption)?
    var center: (CenteringOptions, CenterSizingOptions)?
    var absoluteSizing: AbsoluteSizing?
    var corner: (CornerLocation, Point, Bool)?

    init(_ e: LayoutElement) {
        style = e.style
        if let n = e as? FixedSizeNode { intrinsicSize = n.intrinsicSize }
        if let s = e as? StackLayoutSpec {
            stack = (s.direction, s.spacing, s.justifyContent, s.alignItems, s.flexWrap, s.alignContent, s.lineSpacing)
        }
        if let s = e as? InsetLayoutSpec { insets = s.insets }
        if let s = e as? RatioLayoutSpec { ratio = s.ratio }
        if let s = e as? CenterLayoutSpec {
            center = (s.centeringOptions, s.sizingOptions)
        } else if let s = e as? RelativeLayoutSpec {
            relative = (s.horizontalPosition, s.verticalPosition, s.sizingOption)
        }
        if let s = e as? AbsoluteLayoutSpec { absoluteSizing = s.sizing }
        if let s = e as? CornerLayoutSpec { corner = (s.cornerLocation, s.offset, s.wrapsCorner) }
    }

    func apply(to e: LayoutElement) {
        e.style = style
        if let intrinsicSize, let n = e as? FixedSizeNode { n.intrinsicSize = intrinsicSize }
        if let stack, let s = e as? StackLayoutSpec {
            (s.direction, s.spacing, s.justifyContent, s.alignItems, s.flexWrap, s.alignContent, s.lineSpacing) = stack
        }
        if let insets, let s = e as? InsetLayoutSpec { s.insets = insets }
        if let ratio, let s = e as? RatioLayoutSpec { s.ratio = ratio }
        if let center, let s = e as? CenterLayoutSpec { (s.centeringOptions, s.sizingOptions) = center }
        if let relative, let s = e as? RelativeLayoutSpec {
            (s.horizontalPosition, s.verticalPosition, s.sizingOption) = relative
        }
        if let absoluteSizing, let s = e as? AbsoluteLayoutSpec { s.sizing = absoluteSizing }
        if let corner, let s = e as? CornerLayoutSpec { (s.cornerLocation, s.offset, s.wrapsCorner) = corner }
    }

    /// Changes one thing (or the document's range or scale); returns what, for messages.
    mutating func mutate(_ rng: inout SplitMix64, range: inout SizeRange, scale: inout Double) -> String {
        var gen = DocumentGenerator(seed: rng.next())
        func dimension() -> Dimension {
            switch gen.int(0...4) {
            case 0: return .auto
            case 1: return .fraction(Double(gen.int(0...100)) / 100)
            default: return .points(gen.length())
            }
        }
        var options = ["style", "range"]
        if intrinsicSize != nil { options += ["intrinsicSize", "intrinsicSize"] }
        if stack != nil { options += ["stack", "stack"] }
        if insets != nil { options.append("insets") }
        if ratio != nil { options.append("ratio") }
        if relative != nil { options.append("relative") }
        if center != nil { options.append("center") }
        if absoluteSizing != nil { options.append("sizing") }
        if corner != nil { options.append("corner") }
        if gen.chance(0.05) { options.append("scale") }
        let what = gen.pick(options)
        switch what {
        case "style":
            switch gen.int(0...11) {
            case 0: style.width = dimension()
            case 1: style.height = dimension()
            case 2: style.minWidth = dimension()
            case 3: style.maxHeight = dimension()
            case 4: style.flexGrow = gen.pick([0, 1, 2])
            case 5: style.flexShrink = gen.pick([0, 1, 2])
            case 6: style.flexBasis = dimension()
            case 7: style.alignSelf = gen.pick(AlignSelf.allCases)
            case 8: style.spacingBefore = gen.signedLength()
            case 9: style.ascender = gen.signedLength()
            case 10: style.layoutPosition = Point(gen.signedLength(), gen.signedLength())
            default: style.preferredSize = Size(gen.length(), gen.length())
            }
        case "range":
            let maxW = gen.chance(0.3) ? Double.infinity : gen.length(upTo: 500)
            let maxH = gen.chance(0.3) ? Double.infinity : gen.length(upTo: 500)
            range = SizeRange(
                min: Size(maxW.isFinite ? maxW / 4 * Double(gen.int(0...4)) : 0, 0),
                max: Size(maxW, maxH))
        case "intrinsicSize": intrinsicSize = Size(gen.length(), gen.length())
        case "stack":
            guard var s = stack else { break }
            switch gen.int(0...6) {
            case 0: s.0 = gen.pick(StackDirection.allCases)
            case 1: s.1 = gen.signedLength(upTo: 20)
            case 2: s.2 = gen.pick(StackJustifyContent.allCases)
            case 3: s.3 = gen.pick(StackAlignItems.allCases)
            case 4: s.4 = gen.pick(StackFlexWrap.allCases)
            case 5: s.5 = gen.pick(StackAlignContent.allCases)
            default: s.6 = gen.signedLength(upTo: 20)
            }
            stack = s
        case "insets":
            insets = EdgeInsets(
                top: gen.signedLength(), left: gen.chance(0.2) ? .infinity : gen.signedLength(),
                bottom: gen.signedLength(), right: gen.signedLength())
        case "ratio": ratio = gen.pick([0.5, 1, 2, 0.25])
        case "relative":
            relative = (
                gen.pick(RelativePosition.allCases), gen.pick(RelativePosition.allCases),
                gen.pick([[], .minimumWidth, .minimumHeight, .minimumSize])
            )
        case "center":
            center = (gen.pick([[], .x, .y, .xy]), gen.pick([[], .minimumX, .minimumY, .minimumXY]))
        case "sizing": absoluteSizing = gen.pick(AbsoluteSizing.allCases)
        case "corner":
            corner = (gen.pick(CornerLocation.allCases), Point(gen.signedLength(), gen.signedLength()), gen.chance(0.5))
        default: scale = gen.pick([1, 3, 2.5])
        }
        return what
    }
}
