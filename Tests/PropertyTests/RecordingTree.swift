import LayoutDocument
import TextureLayout
import TextureLayoutText

// A copy of a document's element tree made of subclasses that record every measurement they compute: the range
// and parent size a parent gave, the range after the element's own style (for the specs that apply it), which
// computation of which parent asked, and the size returned. Cached answers are not computations, so they are
// not recorded (their key was recorded when it was computed).
//
// No test framework here: the fuzz target (Fuzz/FuzzLayout.swift) compiles this file too.

/// The measurements of one layout pass, in the order they started.
final class Recorder {
    struct Computation {
        let element: LayoutElement
        /// The range and parent size the parent asked with.
        let range: SizeRange
        let parentSize: Size
        /// The computation of the parent that asked (nil for the root and for the engine's end-of-pass
        /// recomputations, which repeat a request made earlier).
        let parent: Int?
        /// The range after intersecting with the element's own style (`calculateSize(_:context:)`), for the
        /// elements whose default path applies it.
        var resolved: SizeRange?
        /// The size returned, before the engine ceils it to the pixel grid.
        var size: Size?
    }

    private(set) var computations: [Computation] = []
    private var open: [Int] = []

    func measure(_ element: LayoutElement, _ range: SizeRange, _ parentSize: Size, _ body: () -> Size) -> Size {
        let index = computations.count
        computations.append(Computation(element: element, range: range, parentSize: parentSize, parent: open.last))
        open.append(index)
        let size = body()
        open.removeLast()
        computations[index].size = size
        return size
    }

    func resolved(_ element: LayoutElement, _ range: SizeRange) {
        guard let index = open.last, computations[index].element === element else { return }
        computations[index].resolved = range
    }

    /// Forgets everything, which also lets the recorded elements go (they hold the recorder).
    func reset() {
        computations = []
        open = []
    }
}

protocol Recording: LayoutElement {
    var recorder: Recorder { get }
}

// One subclass per element class the document reader makes. Each records in both override points and changes
// nothing else.

final class RecordingFixedSizeNode: FixedSizeNode, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, intrinsicSize: Size) {
        self.recorder = recorder
        super.init(intrinsicSize: intrinsicSize)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

/// A plain node (no spec), or a node whose layout spec is `spec` (the document's `node` with `layout`, and the
/// root).
final class RecordingDisplayNode: DisplayNode, Recording {
    let recorder: Recorder
    let spec: LayoutSpec?
    init(_ recorder: Recorder, spec: LayoutSpec?) {
        self.recorder = recorder
        self.spec = spec
        super.init()
    }
    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> LayoutSpec? { spec }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

/// A text (the document's `text`), with the same runs, paragraph style, shadow and default direction.
final class RecordingTextNode: TextNode, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, copying text: TextNode) {
        self.recorder = recorder
        super.init(runs: text.runs, paragraphStyle: text.paragraphStyle)
        defaultDirection = text.defaultDirection
        shadow = text.shadow
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

final class RecordingSpec: LayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, children: [LayoutElement]) {
        self.recorder = recorder
        super.init(children: children)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

final class RecordingWrapper: WrapperLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, children: [LayoutElement]) {
        self.recorder = recorder
        super.init(layoutElements: children)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

final class RecordingStack: StackLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, copying s: StackLayoutSpec, children: [LayoutElement]) {
        self.recorder = recorder
        super.init(
            direction: s.direction, spacing: s.spacing, justifyContent: s.justifyContent,
            alignItems: s.alignItems, flexWrap: s.flexWrap, alignContent: s.alignContent,
            lineSpacing: s.lineSpacing, children: children)
        // The shortcuts map onto the values just copied, which they already produced.
        horizontalAlignment = s.horizontalAlignment
        verticalAlignment = s.verticalAlignment
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

final class RecordingInset: InsetLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, insets: EdgeInsets, child: LayoutElement) {
        self.recorder = recorder
        super.init(insets: insets, child: child)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
}

final class RecordingOverlay: OverlayLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, child: LayoutElement, overlay: LayoutElement?) {
        self.recorder = recorder
        super.init(child: child, overlay: overlay)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
}

final class RecordingBackground: BackgroundLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, child: LayoutElement, background: LayoutElement) {
        self.recorder = recorder
        super.init(child: child, background: background)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
}

final class RecordingCenter: CenterLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, copying s: CenterLayoutSpec, child: LayoutElement) {
        self.recorder = recorder
        super.init(centeringOptions: s.centeringOptions, sizingOptions: s.sizingOptions, child: child)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

final class RecordingRelative: RelativeLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, copying s: RelativeLayoutSpec, child: LayoutElement) {
        self.recorder = recorder
        super.init(
            horizontalPosition: s.horizontalPosition, verticalPosition: s.verticalPosition,
            sizingOption: s.sizingOption, child: child)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

final class RecordingRatio: RatioLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, ratio: Double, child: LayoutElement) {
        self.recorder = recorder
        super.init(ratio: ratio, child: child)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

final class RecordingAbsolute: AbsoluteLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, sizing: AbsoluteSizing, children: [LayoutElement]) {
        self.recorder = recorder
        super.init(sizing: sizing, children: children)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

final class RecordingCorner: CornerLayoutSpec, Recording {
    let recorder: Recorder
    init(_ recorder: Recorder, copying s: CornerLayoutSpec, child: LayoutElement, corner: LayoutElement) {
        self.recorder = recorder
        super.init(
            child: child, corner: corner, location: s.cornerLocation, offset: s.offset,
            wrapsCorner: s.wrapsCorner)
    }
    override func calculateSize(_ c: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        recorder.measure(self, c, parentSize) { super.calculateSize(c, parentSize: parentSize, context: context) }
    }
    override func calculateSize(_ c: SizeRange, context: LayoutContext) -> Size {
        recorder.resolved(self, c)
        return super.calculateSize(c, context: context)
    }
}

// MARK: Walking a document's tree

/// The elements an element holds, in document order: a spec's children, a node's layout spec.
func elementChildren(_ element: LayoutElement) -> [LayoutElement] {
    if let spec = element as? LayoutSpec { return spec.children }
    if let node = element as? DisplayNode, !(node is FixedSizeNode), !(node is TextNode),
        let spec = node.layoutSpecThatFits(.unconstrained)
    {
        return [spec]
    }
    return []
}

/// Every element of the tree under `root` (included), in pre-order. Iterative: any depth.
func allElements(_ root: LayoutElement) -> [LayoutElement] {
    var result: [LayoutElement] = []
    var pending = [root]
    while let element = pending.popLast() {
        result.append(element)
        pending.append(contentsOf: elementChildren(element).reversed())
    }
    return result
}

/// A recording copy of the tree under `element`, with the same styles and names; nil if the tree holds a class
/// this copy does not know.
func recordingCopy(of element: LayoutElement, _ recorder: Recorder) -> LayoutElement? {
    var children: [LayoutElement] = []
    for child in elementChildren(element) {
        guard let copy = recordingCopy(of: child, recorder) else { return nil }
        children.append(copy)
    }
    let copy: LayoutElement
    switch element {
    case let node as FixedSizeNode:
        copy = RecordingFixedSizeNode(recorder, intrinsicSize: node.intrinsicSize)
    case let text as TextNode:
        copy = RecordingTextNode(recorder, copying: text)
    case is DisplayNode:
        if children.isEmpty {
            copy = RecordingDisplayNode(recorder, spec: nil)
        } else {
            guard let spec = children[0] as? LayoutSpec else { return nil }
            copy = RecordingDisplayNode(recorder, spec: spec)
        }
    case let spec as CenterLayoutSpec:
        copy = RecordingCenter(recorder, copying: spec, child: children[0])
    case let spec as RelativeLayoutSpec:
        copy = RecordingRelative(recorder, copying: spec, child: children[0])
    case let spec as StackLayoutSpec:
        copy = RecordingStack(recorder, copying: spec, children: children)
    case let spec as InsetLayoutSpec:
        copy = RecordingInset(recorder, insets: spec.insets, child: children[0])
    case is OverlayLayoutSpec:
        copy = RecordingOverlay(recorder, child: children[0], overlay: children.count > 1 ? children[1] : nil)
    case is BackgroundLayoutSpec:
        copy = RecordingBackground(recorder, child: children[0], background: children[1])
    case let spec as RatioLayoutSpec:
        copy = RecordingRatio(recorder, ratio: spec.ratio, child: children[0])
    case let spec as AbsoluteLayoutSpec:
        copy = RecordingAbsolute(recorder, sizing: spec.sizing, children: children)
    case let spec as CornerLayoutSpec:
        copy = RecordingCorner(recorder, copying: spec, child: children[0], corner: children[1])
    case is WrapperLayoutSpec:
        copy = RecordingWrapper(recorder, children: children)
    case let spec as LayoutSpec where type(of: spec) == LayoutSpec.self:
        copy = RecordingSpec(recorder, children: children)
    default:
        return nil
    }
    copy.style = element.style
    copy.debugName = element.debugName
    if let node = element as? DisplayNode, let nodeCopy = copy as? DisplayNode {
        nodeCopy.contentDirection = node.contentDirection
    }
    return copy
}
