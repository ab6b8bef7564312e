extension LayoutElement {
    /// Lays the element out within `constrainedSize` (percentages resolve against `parentSize`, by default the
    /// range's max, as `ASCalculateRootLayout` does) at `scale` pixels per point, and returns the result.
    public final func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size? = nil, scale: Double = 2)
        -> Layout
    {
        let context = LayoutContext(scale: scale)
        _ = context.run(self, range: constrainedSize, parentSize: parentSize ?? constrainedSize.max)
        return Layout(root: self, context: context)
    }

    /// Lays the element out and leaves the results in the elements only (read them with ``calculatedSize``),
    /// reusing every measurement the changes since the previous pass cannot affect. Returns the root's size and
    /// what Texture would have asserted on. This is the fast path for re-layout.
    @discardableResult
    public final func updateLayout(_ constrainedSize: SizeRange, parentSize: Size? = nil, scale: Double = 2)
        -> (size: Size, issues: [LayoutIssue])
    {
        let context = LayoutContext(scale: scale)
        let size = context.run(self, range: constrainedSize, parentSize: parentSize ?? constrainedSize.max)
        return (size, context.issues)
    }

    /// The size of the element's latest layout.
    public final var calculatedSize: Size { state.pointee.measuredSize }
}

/// The result of a layout pass: an immutable tree of element, size and position, specs included (Texture's
/// unflattened `ASLayout` tree), with every element's frame in the root's coordinate space.
///
/// `Layout` is a cheap view of one entry of a shared, flat result (entries in depth-first pre-order).
public struct Layout {
    @usableFromInline let tree: LayoutTree
    /// This entry's index in ``LayoutTree``'s pre-order.
    public let index: Int

    init(root: LayoutElement, context: LayoutContext) {
        tree = LayoutTree(root: root, context: context)
        index = 0
    }

    init(tree: LayoutTree, index: Int) {
        self.tree = tree
        self.index = index
    }

    /// The root of the result this entry belongs to.
    public var root: Layout { Layout(tree: tree, index: 0) }
    /// The node or spec this entry lays out.
    public var element: LayoutElement { tree.elements[index] }
    /// The pixel-ceiled size.
    public var size: Size { tree.sizes[index] }
    /// The position relative to the parent layout's origin, unrounded as Texture keeps it (zero for the root).
    public var position: Point { tree.positions[index] }
    /// `position` and `size`.
    public var frame: Rect { Rect(origin: position, size: size) }
    /// The frame in the root's coordinate space. Nodes get Texture's applied frames (positions ceiled to the pixel
    /// grid at every node boundary); specs are unrounded from the node that contains them.
    public var frameInRoot: Rect { tree.rootFrames[index] }
    /// The frame relative to the node that contains this element in its layout spec (for a node: the frame
    /// Texture applies to it, relative to its supernode).
    public var frameInSupernode: Rect { tree.supernodeFrames[index] }
    /// The child layouts in drawing order (later on top).
    public var sublayouts: [Layout] {
        var result: [Layout] = []
        var child = index + 1
        let end = tree.ends[index]
        while child < end {
            result.append(Layout(tree: tree, index: child))
            child = tree.ends[child]
        }
        return result
    }

    /// Every entry of this layout's subtree, itself first, in pre-order.
    public var allLayouts: [Layout] { (index..<tree.ends[index]).map { Layout(tree: tree, index: $0) } }

    /// Texture's flattened view of a node's layout: the display nodes reached from this entry through specs only,
    /// in pre-order, each with ``frameInSupernode`` as its frame.
    public var subnodeLayouts: [Layout] {
        var result: [Layout] = []
        var entry = index + 1
        while entry < tree.ends[index] {
            if tree.elements[entry] is DisplayNode {
                result.append(Layout(tree: tree, index: entry))
                entry = tree.ends[entry]
            } else {
                entry += 1
            }
        }
        return result
    }

    /// What Texture would have asserted on during the pass (semantics §7.3), in the order met.
    public var issues: [LayoutIssue] { tree.issues }
    /// The pixel grid the pass used.
    public var grid: PixelGrid { tree.grid }
}

/// The flat storage behind ``Layout``.
public final class LayoutTree {
    let elements: [LayoutElement]
    let sizes: [Size]
    let positions: [Point]
    /// One past the last entry of each entry's subtree.
    let ends: [Int]
    let rootFrames: [Rect]
    let supernodeFrames: [Rect]
    let issues: [LayoutIssue]
    let grid: PixelGrid

    init(root: LayoutElement, context: LayoutContext) {
        grid = context.grid
        issues = context.issues
        var elements: [LayoutElement] = []
        var sizes: [Size] = []
        var positions: [Point] = []
        var parents: [Int] = []
        // Iterative pre-order walk: any depth.
        var pending: [(element: LayoutElement, parent: Int)] = [(root, -1)]
        while let (element, parent) = pending.popLast() {
            let index = elements.count
            elements.append(element)
            let isPlaceholder = element.state.pointee.isPlaceholder && parent >= 0
            sizes.append(isPlaceholder ? .zero : element.state.pointee.measuredSize)
            positions.append(parent < 0 ? .zero : element.state.pointee.placedPosition)
            parents.append(parent)
            if isPlaceholder { continue }
            let id = element.state.pointee.computationID
            for child in element.sublayoutElements.reversed() where child.state.pointee.measuredBy == id {
                pending.append((child, index))
            }
        }
        var ends = Array(0..<elements.count).map { $0 + 1 }
        for index in stride(from: elements.count - 1, through: 1, by: -1) {
            let parent = parents[index]
            ends[parent] = max(ends[parent], ends[index])
        }
        // Frames: a node's position in its supernode is ceiled; a spec's is accumulated unrounded.
        var rootFrames = [Rect](repeating: .zero, count: elements.count)
        var supernodeFrames = [Rect](repeating: .zero, count: elements.count)
        var nodeOrigin = [Point](repeating: .zero, count: elements.count)
        for index in elements.indices {
            let parent = parents[index]
            let size = sizes[index]
            guard parent >= 0 else {
                rootFrames[index] = Rect(origin: .zero, size: size)
                supernodeFrames[index] = rootFrames[index]
                continue
            }
            let parentIsNode = elements[parent] is DisplayNode
            let offset = (parentIsNode ? .zero : supernodeFrames[parent].origin) + positions[index]
            let origin = parentIsNode ? rootFrames[parent].origin : nodeOrigin[parent]
            nodeOrigin[index] = origin
            let inSupernode = (elements[index] is DisplayNode ? grid.ceil(offset) : offset).finiteOrZero
            supernodeFrames[index] = Rect(origin: inSupernode, size: size)
            rootFrames[index] = Rect(origin: (origin + inSupernode).finiteOrZero, size: size)
        }
        self.elements = elements
        self.sizes = sizes
        self.positions = positions
        self.ends = ends
        self.rootFrames = rootFrames
        self.supernodeFrames = supernodeFrames
    }
}

extension Point {
    /// Each coordinate, or 0 where it overflowed to infinity (positions are finite, but sums of huge ones may not
    /// be), as Texture's `frame` does.
    var finiteOrZero: Point { Point(x.isFinite ? x : 0, y.isFinite ? y : 0) }
}
