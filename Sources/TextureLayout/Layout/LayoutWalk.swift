/// One entry of a pass's result as ``LayoutElement/walkLayout(direction:grid:_:)`` meets it: what ``Layout`` keeps
/// of the entry.
package struct LayoutEntry {
    /// The node or spec.
    package let element: LayoutElement
    /// The parent entry's number in the walk's pre-order; -1 for the root.
    package let parent: Int
    /// ``Layout/size``.
    package let size: Size
    /// ``Layout/position``.
    package let position: Point
    /// The origin of ``Layout/frameInSupernode``.
    package let supernodeOrigin: Point
    /// The origin of ``Layout/frameInRoot``.
    package let rootOrigin: Point
    /// ``Layout/direction``.
    package let direction: LayoutDirection
}

extension LayoutElement {
    /// Visits the result of the latest pass over the tree under this element entry by entry, in depth-first
    /// pre-order and as ``Layout`` holds it (specs included; a placeholder without its children), keeping only the
    /// elements still to visit and what their parents' frames give them, once per parent: a caller writing out the
    /// frames of millions of entries needs no result tree of them, which would be as large as the elements' own
    /// state.
    ///
    /// Frames: a node's position in its supernode is ceiled; a spec's is accumulated unrounded. A node whose
    /// content runs right to left then mirrors each frame within its width, after the ceiling (Texture flips the
    /// flattened, already ceiled positions and does not round again).
    ///
    /// Returns `false` when it stopped early because `cancellation` was set (checked every
    /// ``LayoutCancellation/checkInterval`` entries): a result of millions of entries takes tens of milliseconds to
    /// walk, too long to go on for a caller that gave up.
    @discardableResult
    package final func walkLayout(
        direction: LayoutDirection, grid: PixelGrid, cancellation: LayoutCancellation? = nil,
        _ visit: (LayoutEntry) -> Void
    ) -> Bool {
        // Iterative: any depth. Each element waits with the position of its parent's record in `parents`, which
        // holds the records of the entries on the path to the element being visited: the elements are visited last
        // in first out, so when one is, every record above its parent's belongs to a subtree already visited.
        var pending: [(element: LayoutElement, parent: Int)] = [(self, -1)]
        var parents: [WalkParent] = []
        var count = 0
        while let (element, parentPosition) = pending.popLast() {
            if UInt64(count) % LayoutCancellation.checkInterval == 0, let cancellation, cancellation.isCancelled {
                return false
            }
            let index = count
            count += 1
            parents.removeSubrange((parentPosition + 1)...)
            let parent = parentPosition >= 0 ? parents[parentPosition] : nil
            let isPlaceholder = element.state.isPlaceholder && parent != nil
            let size = isPlaceholder ? .zero : element.state.measuredSize
            let node = element as? DisplayNode
            var position = Point.zero
            // The left-to-right offset in the containing node (what a spec's children accumulate from), and the
            // same mirrored where that node's content runs right to left.
            var offset = Point.zero
            var inSupernode = Point.zero
            var rootOrigin = Point.zero
            var entryDirection = direction
            // The node containing the entry (none for the root and for entries of a root spec).
            var container: WalkParent.Container?
            if let parent {
                position = element.state.placedPosition
                container = parent.isNode ? parent.asContainer : parent.container
                let start = (parent.isNode ? .zero : parent.offset) + position
                offset = (node != nil ? grid.ceil(start) : start).finiteOrZero
                inSupernode = offset
                if let container {
                    if container.rightToLeft {
                        entryDirection = .rightToLeft
                        inSupernode.x = container.width - inSupernode.x - size.width
                        position.x = parent.width - position.x - size.width
                    } else {
                        entryDirection = .leftToRight
                    }
                }
                rootOrigin = ((container?.rootOrigin ?? .zero) + inSupernode).finiteOrZero
            }
            visit(
                LayoutEntry(
                    element: element, parent: parent?.index ?? -1, size: size, position: position,
                    supernodeOrigin: inSupernode, rootOrigin: rootOrigin, direction: entryDirection))
            if isPlaceholder { continue }
            parents.append(
                WalkParent(
                    index: index, isNode: node != nil, width: size.width, offset: offset, rootOrigin: rootOrigin,
                    rightToLeft: node.map { $0.contentDirection.resolved(in: direction) == .rightToLeft } ?? false,
                    container: container))
            // An element that takes its range's minimum measures nothing (a plain spec ignores its children) and
            // keeps no computation's ID.
            if element.state.takesRangeMinimum { continue }
            let id = element.state.computationID
            for child in element.sublayoutElements.reversed() where child.state.measuredBy == id {
                pending.append((child, parents.count - 1))
            }
        }
        return true
    }
}

/// What the children of an entry of ``LayoutElement/walkLayout(direction:grid:_:)`` need of it.
private struct WalkParent {
    /// A node containing entries: what their frames are made from.
    struct Container {
        let width: Double
        let rootOrigin: Point
        let rightToLeft: Bool
    }

    let index: Int
    let isNode: Bool
    let width: Double
    /// The entry's left-to-right offset in its containing node.
    let offset: Point
    let rootOrigin: Point
    /// Whether the entry is a node whose content runs right to left.
    let rightToLeft: Bool
    /// The node containing the entry.
    let container: Container?

    /// The entry as its children's containing node (when it is a node).
    var asContainer: Container { Container(width: width, rootOrigin: rootOrigin, rightToLeft: rightToLeft) }
}
