import TextureLayout

/// Makes a display list from a tree of display nodes, each with a frame in the canvas and a ``Paint``, drawn
/// as Core Animation draws layers. A producer walks its tree depth first, in drawing order (a node before its
/// subnodes, subnodes in their order): it calls ``beginNode(frame:paint:)`` for each node, adds the node's
/// content with ``addContent(_:shadow:)`` before beginning any of its subnodes, and calls ``endNode()`` after its
/// last subnode. The document renderer walks a laid-out document this way; any tree of nodes with display
/// properties can be fed alike.
///
/// Each visible node draws, composited as one group when its `alpha` is below 1:
/// 1. its shadow (not when it clips to bounds), the box moved by the offset and blurred;
/// 2. its background colour, then its gradient, filling the box;
/// 3. its content, clipped to its bounds (to its rounded box when it clips);
/// 4. its subnodes, clipped to its box when it clips;
/// 5. its border, inside the box's edge, over the content and the subnodes.
public struct DisplayListBuilder: Sendable {
    /// What the builder has made so far.
    public private(set) var list: DisplayList

    /// A node begun and not yet ended.
    private struct OpenNode: Sendable {
        var box: RoundedBox
        var contentClip: RoundedBox
        var clipsSubnodes: Bool
        var subnodeClipOpen = false
        var border: (width: Double, color: RGBA)?
        var groupOpen: Bool
    }

    private var open: [OpenNode] = []

    /// An empty list over a canvas of `size` points.
    public init(canvas size: Size) {
        list = DisplayList(size: size)
    }

    /// Begins a node whose frame on the canvas is `frame`. Returns `false` when neither it nor its subtree draws
    /// anything (hidden, or `alpha` 0): then add no content, skip its subnodes and do not end it.
    public mutating func beginNode(frame: Rect, paint: Paint) -> Bool {
        guard paint.isVisible else { return false }
        if let parent = open.last, parent.clipsSubnodes, !parent.subnodeClipOpen {
            list.commands.append(.pushClip(parent.box))
            open[open.count - 1].subnodeClipOpen = true
        }
        let box = paint.box(in: frame)
        let groupOpen = paint.alpha < 1
        if groupOpen { list.commands.append(.pushGroup(opacity: paint.alpha)) }
        let shadow = paint.shadow
        if shadow.isVisible && !paint.clipsToBounds {
            list.commands.append(
                .shadow(
                    box.offsetBy(shadow.offset),
                    color: shadow.color.withOpacity(multipliedBy: shadow.opacity),
                    blur: shadow.radius))
        }
        if let color = paint.backgroundColor, color.alpha > 0 { list.commands.append(.fill(box, color)) }
        if let gradient = paint.backgroundGradient {
            if let placed = PlacedGradient(gradient, in: frame) {
                list.commands.append(.gradient(box, placed))
            } else if let last = gradient.stops.last, last.color.alpha > 0 {
                list.commands.append(.fill(box, last.color))
            }
        }
        let border =
            paint.borderWidth > 0 && paint.borderColor.alpha > 0
            ? (paint.borderWidth, paint.borderColor) : nil
        open.append(
            OpenNode(
                box: box, contentClip: paint.clipsToBounds ? box : RoundedBox(frame),
                clipsSubnodes: paint.clipsToBounds, border: border, groupOpen: groupOpen))
        return true
    }

    /// Adds the open node's content (an image, a text's glyphs), clipped to its bounds, or to its rounded box when
    /// it clips. With a visible `shadow`, the content casts it (a text's shadow, drawn into the node's content as
    /// Texture's text node draws it, so clipped alike).
    public mutating func addContent(_ commands: some Sequence<DisplayCommand>, shadow: Shadow? = nil) {
        guard let node = open.last else { return }
        var iterator = commands.makeIterator()
        guard let first = iterator.next() else { return }
        list.commands.append(.pushClip(node.contentClip))
        let shadow = shadow.flatMap { $0.isVisible ? $0 : nil }
        if let shadow {
            list.commands.append(
                .pushShadow(
                    color: shadow.color.withOpacity(multipliedBy: shadow.opacity),
                    offset: shadow.offset, blur: shadow.radius))
        }
        list.commands.append(first)
        while let command = iterator.next() { list.commands.append(command) }
        if shadow != nil { list.commands.append(.popShadow) }
        list.commands.append(.popClip)
    }

    /// Ends the innermost open node: closes its subnodes' clip, draws its border and composites its group.
    public mutating func endNode() {
        guard let node = open.popLast() else { return }
        if node.subnodeClipOpen { list.commands.append(.popClip) }
        if let border = node.border { list.commands.append(.border(node.box, width: border.width, border.color)) }
        if node.groupOpen { list.commands.append(.popGroup) }
    }

    /// The finished list (nodes still open are ended first).
    public mutating func finish() -> DisplayList {
        while !open.isEmpty { endNode() }
        return list
    }
}
