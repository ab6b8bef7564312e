import Testing
@testable import TextureLayout

// Shared helpers: build small trees, lay them out as a document (a root display node), read frames by debugName.
//
// Every expected number in this target is derived by hand from Texture's rules; "§n.m" next to a test names the
// section of the engine's DocC article *Texture's layout rules* (TextureLayout.docc/LayoutRules.md) it follows.
// None is taken from running the engine.

/// A leaf with an intrinsic size: the stand-in for a text or image node.
func fixed(
    _ name: String, _ width: Double, _ height: Double,
    _ configure: (inout Style) -> Void = { _ in }
) -> FixedSizeNode {
    styled(name, FixedSizeNode(intrinsicSize: Size(width, height)), configure)
}

/// A plain display node with no intrinsic size (takes its range's max when both max dimensions are finite, §3.2).
func plain(_ name: String, _ configure: (inout Style) -> Void = { _ in }) -> DisplayNode {
    styled(name, DisplayNode(), configure)
}

/// Names `element` and applies `configure` to its style.
@discardableResult
func styled<E: LayoutElement>(_ name: String, _ element: E, _ configure: (inout Style) -> Void = { _ in }) -> E {
    element.debugName = name
    var style = element.style
    configure(&style)
    element.style = style
    return element
}

/// A display node whose layout spec is `spec`: Texture's root-node behaviour (§3.2 case 2).
func node(_ spec: LayoutSpec, name: String = "root") -> DisplayNode {
    let node = DisplayNode()
    node.debugName = name
    node.layoutSpecBlock = { _, _ in spec }
    return node
}

func range(_ minW: Double, _ minH: Double, _ maxW: Double, _ maxH: Double) -> SizeRange {
    SizeRange(min: Size(minW, minH), max: Size(maxW, maxH))
}

func exact(_ width: Double, _ height: Double) -> SizeRange { SizeRange(exactly: Size(width, height)) }

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

let inf = Double.infinity

/// A finished layout pass, read by debugName.
struct Laid {
    let layout: Layout

    var size: Size { layout.size }
    var issues: [LayoutIssue.Kind] { layout.issues.map(\.kind) }

    func entry(_ name: String) -> Layout? { layout.allLayouts.first { $0.element.debugName == name } }

    /// The frame in the root's coordinate space (node frames as Texture applies them, §6.2).
    subscript(_ name: String) -> Rect? { entry(name)?.frameInRoot }

    /// The frame relative to the node that contains the element in its layout spec.
    func inSupernode(_ name: String) -> Rect? { entry(name)?.frameInSupernode }

    /// Names of the display nodes in the root's flattened layout, in order (§6.2).
    var subnodeNames: [String] { layout.subnodeLayouts.map { $0.element.debugName ?? "?" } }

    /// Every frame of the result is finite (no NaN, no infinity), in both coordinate spaces.
    var allFramesFinite: Bool {
        layout.allLayouts.allSatisfy { isFinite($0.frameInRoot) && isFinite($0.frameInSupernode) && isFinite($0.frame) }
    }
}

func isFinite(_ r: Rect) -> Bool {
    r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
}

/// Lays `spec` out as a document: wrapped in a root display node.
func layOut(_ spec: LayoutSpec, in range: SizeRange, scale: Double = 2) -> Laid {
    Laid(layout: node(spec).layout(within: range, scale: scale))
}

/// Lays out any element (a node, or a spec measured directly) as the root.
func layOut(element: LayoutElement, in range: SizeRange, scale: Double = 2) -> Laid {
    Laid(layout: element.layout(within: range, scale: scale))
}

/// Every named element's frame in the root, for comparing two passes.
func namedFrames(_ layout: Layout) -> [String: Rect] {
    var frames: [String: Rect] = [:]
    for entry in layout.allLayouts { if let name = entry.element.debugName { frames[name] = entry.frameInRoot } }
    return frames
}

/// A leaf that records every range it is computed with (cache hits do not compute), like Texture's OCMock
/// expectations on `calculateLayoutThatFits:`.
final class RecordingNode: FixedSizeNode {
    var ranges: [SizeRange] = []

    init(_ name: String, _ width: Double, _ height: Double) {
        super.init(intrinsicSize: Size(width, height))
        debugName = name
    }

    override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        ranges.append(constrainedSize)
        return super.calculateSize(constrainedSize, context: context)
    }
}
