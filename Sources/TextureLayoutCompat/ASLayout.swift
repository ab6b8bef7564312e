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
    /// The child layouts in drawing order (later on top).
    public let sublayouts: [ASLayout]

    init(layoutElement: ASLayoutElement, size: CGSize, position: CGPoint, sublayouts: [ASLayout]) {
        self.layoutElement = layoutElement
        self.size = size
        self.position = position
        self.sublayouts = sublayouts
    }

    /// Whether the element is a display node or a layout spec.
    public var type: ASLayoutElementType { layoutElement.layoutElementType }

    /// `position` and `size`, with any coordinate that is not finite (such as a root's null position) as 0.
    public var frame: CGRect {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        return CGRect(x: finite(position.x), y: finite(position.y),
                      width: finite(size.width), height: finite(size.height))
    }

    /// Texture's `frameForElement:`: the frame of the sublayout describing `layoutElement`, or `CGRect.null` when
    /// no direct sublayout does.
    public func frame(for layoutElement: ASLayoutElement) -> CGRect {
        sublayouts.first { $0.layoutElement === layoutElement }?.frame ?? .null
    }
}

extension ASLayout: CustomStringConvertible {
    public var description: String {
        let name = layoutElement.debugName.map { " \($0)" } ?? ""
        let where_ = CGPointIsNull(position) ? "" : " at (\(position.x), \(position.y))"
        return "<ASLayout \(Swift.type(of: layoutElement))\(name) \(size.width)×\(size.height)\(where_)"
            + " sublayouts: \(sublayouts.count)>"
    }
}

extension ASLayout {
    /// Texture's result for the root of `layout`, and the calculated layouts of the ``ASDisplayNode``s in it.
    static func makeRoot(from layout: Layout) -> ASLayout {
        var rootLayout: ASLayout?
        for entry in layout.allLayouts where entry.index == layout.index || entry.element is ASDisplayNode {
            let position = entry.index == layout.index ? CGPointNull : CGPoint(entry.position)
            let made = make(entry, position: position)
            if entry.index == layout.index { rootLayout = made }
            if let node = entry.element as? ASDisplayNode {
                node.didCalculateLayout(size: made.size, sublayouts: made.sublayouts)
            }
        }
        return rootLayout ?? make(layout, position: CGPointNull)
    }

    /// The layout of one entry: flattened below a display node, the spec tree below a spec.
    private static func make(_ entry: Layout, position: CGPoint) -> ASLayout {
        let sublayouts: [ASLayout]
        if entry.element is DisplayNode {
            sublayouts = entry.subnodeLayouts.map { subnode in
                ASLayout(layoutElement: subnode.element, size: CGSize(subnode.size),
                         position: CGPoint(subnode.frameInSupernode.origin), sublayouts: [])
            }
        } else {
            sublayouts = entry.sublayouts.map { make($0, position: CGPoint($0.position)) }
        }
        return ASLayout(layoutElement: entry.element, size: CGSize(entry.size), position: position,
                        sublayouts: sublayouts)
    }
}
