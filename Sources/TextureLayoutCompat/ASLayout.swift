/// Texture's `ASLayout`: an element's size, its position in its parent, and its sublayouts, read back from a
/// layout pass with CoreGraphics types.
///
/// A display node's layout is Texture's *flattened* one: its sublayouts are the display nodes its spec tree
/// places (specs are gone), in the spec tree's order, each at its pixel-ceiled position relative to the node and
/// with no sublayouts of its own (a nested node's own subnodes are in that node's ``ASDisplayNode/calculatedLayout``).
/// A layout spec's layout keeps the spec tree: its sublayouts are its children's layouts at their unrounded
/// positions. Sizes are pixel-ceiled everywhere. A root layout's position is ``CGPointNull``.
public final class ASLayout {
    /// The node or spec this layout describes.
    public let layoutElement: ASLayoutElement
    /// The pixel-ceiled size.
    public let size: CGSize
    /// The position in the parent layout; ``CGPointNull`` for a root layout.
    public let position: CGPoint
    /// The child layouts in drawing order (later on top). Variable only so that `deinit` can take a deep tree
    /// apart without recursing.
    public private(set) var sublayouts: [ASLayout]

    init(layoutElement: ASLayoutElement, size: CGSize, position: CGPoint, sublayouts: [ASLayout]) {
        self.layoutElement = layoutElement
        self.size = size
        self.position = position
        self.sublayouts = sublayouts
    }

    deinit {
        // A spec's layout is as deep as its spec tree, which may nest thousands of levels: releasing it level by
        // level would recurse once per level, so the levels below are detached here with an explicit stack.
        guard !sublayouts.isEmpty else { return }
        var pending = sublayouts
        sublayouts = []
        while var layout = pending.popLast() {
            // Layouts still referenced elsewhere keep their sublayouts.
            if isKnownUniquelyReferenced(&layout) {
                pending += layout.sublayouts
                layout.sublayouts = []
            }
        }
    }

    /// Whether the element is a display node or a layout spec.
    public var type: ASLayoutElementType { layoutElement.layoutElementType }

    /// `position` and `size`, with any coordinate that is not finite (such as a root's null position) as 0.
    public var frame: CGRect {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        return CGRect(
            x: finite(position.x), y: finite(position.y),
            width: finite(size.width), height: finite(size.height))
    }

    /// Texture's `frameForElement:`: the frame of the sublayout describing `layoutElement`, or `CGRect.null` when
    /// no direct sublayout does.
    public func frame(for layoutElement: ASLayoutElement) -> CGRect {
        sublayouts.first { $0.layoutElement === layoutElement }?.frame ?? .null
    }
}

extension ASLayout: CustomStringConvertible {
    /// One line for debugging, like Texture's: the element, its size, its position unless it is a root, and how
    /// many sublayouts it has (they are not listed, as a layout tree may be very large).
    public var description: String {
        let name = layoutElement.debugName.map { " \($0)" } ?? ""
        let where_ = CGPointIsNull(position) ? "" : " at (\(position.x), \(position.y))"
        return "<ASLayout \(Swift.type(of: layoutElement))\(name) \(size.width)×\(size.height)\(where_)"
            + " sublayouts: \(sublayouts.count)>"
    }
}

extension ASLayout {
    /// Texture's result for the root of `layout`, and the calculated layouts of the ``ASDisplayNode``s in it.
    static func makeRoot(from layout: Layout, in constrainedSize: ASSizeRange) -> ASLayout {
        (layout.element as? ASDisplayNode)?.didCalculateRootLayout(in: constrainedSize)
        let root = make(layout, position: CGPointNull)
        for entry in layout.allLayouts {
            guard let node = entry.element as? ASDisplayNode else { continue }
            let made = entry.index == layout.index ? root : make(entry, position: CGPoint(entry.position))
            node.didCalculateLayout(size: made.size, sublayouts: made.sublayouts)
        }
        return root
    }

    /// The layout of one entry: flattened below a display node, the spec tree below a spec. Spec trees may nest
    /// without limit, so the tree is built with an explicit stack: entries in pre-order first, then built in
    /// reverse, each spec taking its children's layouts from the top of a stack of finished ones.
    private static func make(_ entry: Layout, position: CGPoint) -> ASLayout {
        // The entries whose layouts the result holds, in pre-order, with how many sublayouts each has.
        var order: [(layout: Layout, childCount: Int)] = []
        var pending = [entry]
        while let next = pending.popLast() {
            if next.element is DisplayNode {
                order.append((next, 0))
            } else {
                let children = next.sublayouts
                order.append((next, children.count))
                pending += children.reversed()
            }
        }
        var finished: [ASLayout] = []
        for (layout, childCount) in order.reversed() {
            let at = layout.index == entry.index ? position : CGPoint(layout.position)
            let sublayouts: [ASLayout]
            if layout.element is DisplayNode {
                sublayouts = layout.subnodeLayouts.map { subnode in
                    ASLayout(
                        layoutElement: subnode.element, size: CGSize(subnode.size),
                        position: CGPoint(subnode.frameInSupernode.origin), sublayouts: [])
                }
            } else {
                // The first child was finished last, so it is on top.
                sublayouts = finished.suffix(childCount).reversed()
                finished.removeLast(childCount)
            }
            finished.append(
                ASLayout(
                    layoutElement: layout.element, size: CGSize(layout.size), position: at,
                    sublayouts: sublayouts))
        }
        return finished[0]
    }
}
