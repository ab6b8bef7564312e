extension LayoutElement {
    /// Lays the element out within `constrainedSize` (percentages resolve against `parentSize`, by default the
    /// range's max, as `ASCalculateRootLayout` does) at `scale` pixels per point, and returns the result.
    ///
    /// `direction` is the user interface direction that nodes whose ``DisplayNode/contentDirection`` is
    /// `.inherit` follow (<doc:Errata#directionIsAParameter>); nodes whose direction resolves to right to left have
    /// their content mirrored in the result (see <doc:RightToLeft>). Measurement is the same in both directions
    /// (<doc:Errata#mirrorBelongsToTheResult>).
    ///
    /// Only one pass may run over a tree at a time; a second one over an overlapping tree stops the program with a
    /// message. Callbacks may run on one of the engine's large-stack threads (see <doc:Threads>).
    ///
    /// Texture calls this `layoutThatFits`; that name belongs to `TextureLayoutCompat`, whose version returns
    /// Texture's `ASLayout`. A different name here keeps the two from colliding in a program that imports both
    /// modules in different files (without `MemberImportVisibility`, every file sees every imported module's
    /// members, and the shorter call would pick the compat one).
    public final func layout(
        within constrainedSize: SizeRange, parentSize: Size? = nil, scale: Double = 2,
        direction: LayoutDirection = .leftToRight
    ) -> Layout {
        withExclusivePass { trace in
            let context = LayoutContext(scale: scale, trace: trace)
            _ = context.run(self, range: constrainedSize, parentSize: parentSize ?? constrainedSize.max)
            // Without a flag the walk always finishes.
            return Layout(tree: LayoutTree(root: self, context: context, direction: direction)!, index: 0)
        }
    }

    /// Lays the element out as ``layout(within:parentSize:scale:direction:)`` does unless `cancellation` is set
    /// before the result is made: then the pass, or the walk over its results that makes ``Layout``'s tree, stops
    /// soon after, what it made is dropped and the answer is `nil`.
    public final func layout(
        within constrainedSize: SizeRange, parentSize: Size? = nil, scale: Double = 2,
        direction: LayoutDirection = .leftToRight, cancellation: LayoutCancellation
    ) -> Layout? {
        withExclusivePass { trace in
            let context = LayoutContext(scale: scale, cancellation: cancellation, trace: trace)
            _ = context.run(self, range: constrainedSize, parentSize: parentSize ?? constrainedSize.max)
            guard !context.isStopped,
                let tree = LayoutTree(root: self, context: context, direction: direction, cancellation: cancellation)
            else { return nil }
            return Layout(tree: tree, index: 0)
        }
    }

    /// Lays the element out and leaves the results in the elements only (read them with ``measuredSize``),
    /// reusing every measurement the changes since the previous pass cannot affect. Returns the root's size and
    /// what Texture would have asserted on. This is the fast path for re-layout.
    ///
    /// Once `cancellation` is set the pass stops soon after: the results are then partial (skipped measurements
    /// are zero) and nobody's, and the caller, who set the flag, drops them; the cache keeps nothing that depends
    /// on the skipped work.
    @discardableResult
    public final func updateLayout(
        _ constrainedSize: SizeRange, parentSize: Size? = nil, scale: Double = 2,
        cancellation: LayoutCancellation? = nil
    )
        -> (size: Size, issues: [LayoutIssue])
    {
        withExclusivePass { trace in
            let context = LayoutContext(scale: scale, cancellation: cancellation, trace: trace)
            let size = context.run(self, range: constrainedSize, parentSize: parentSize ?? constrainedSize.max)
            return (size, context.issues)
        }
    }

    /// The size of the element's latest layout (Texture's `calculatedSize`). The name differs so that
    /// `TextureLayoutCompat`'s `ASDisplayNode` can have Texture's `calculatedSize` with CoreGraphics' `CGSize`: a
    /// subclass cannot declare a property of another type under its superclass's property's name.
    public final var measuredSize: Size { state.measuredSize }
}

/// The result of a layout pass: an immutable tree of element, size and position, specs included (Texture's
/// unflattened `ASLayout` tree), with every element's frame in the root's coordinate space.
///
/// `Layout` is a cheap view of one entry of a shared, flat result (entries in depth-first pre-order).
public struct Layout {
    let tree: LayoutTree
    /// This entry's index in the result's depth-first pre-order (the root is 0).
    package let index: Int

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
    /// In a right-to-left node it is mirrored within the parent layout: `parent width − x − width`
    /// (<doc:Errata#specsMirrorWithTheirNode>).
    public var position: Point { tree.positions[index] }
    /// `position` and `size`.
    public var frame: Rect { Rect(origin: position, size: size) }
    /// The frame in the root's coordinate space. Nodes get Texture's applied frames (positions ceiled to the pixel
    /// grid at every node boundary, then mirrored in a right-to-left node); specs are unrounded from the node that
    /// contains them.
    public var frameInRoot: Rect { Rect(origin: tree.rootOrigins[index], size: tree.sizes[index]) }
    /// The frame relative to the node that contains this element in its layout spec (for a node: the frame
    /// Texture applies to it, relative to its supernode). In a node whose content runs right to left it is
    /// mirrored within that node: `x' = node width − x − width`, where a node's `x` is already ceiled.
    public var frameInSupernode: Rect { Rect(origin: tree.supernodeOrigins[index], size: tree.sizes[index]) }
    /// The direction of the content this entry is part of: that of the node containing it in its layout spec
    /// (right to left means this entry's frame was mirrored within that node), or the pass's for the root and
    /// for the entries of a root spec, which no node contains (and so nothing mirrors). Text defaults to a
    /// paragraph in this direction.
    public var direction: LayoutDirection { tree.directions[index] }
    /// The user interface direction of the pass.
    public var layoutDirection: LayoutDirection { tree.direction }
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
    public var allLayouts: [Layout] { Array(subtree) }

    /// ``allLayouts`` made one at a time, for a reader of a large result that needs no array of it.
    package var subtree: LazyMapSequence<Range<Int>, Layout> {
        (index..<tree.ends[index]).lazy.map { [tree] in Layout(tree: tree, index: $0) }
    }

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

    /// What Texture would have asserted on during the pass, in the order met (<doc:Errata#assertsBecomeIssues>).
    public var issues: [LayoutIssue] { tree.issues }
    /// The pixel grid the pass used.
    public var grid: PixelGrid { tree.grid }
}

/// The flat storage behind ``Layout``: one array per field, indexed in depth-first pre-order, filled by
/// ``LayoutElement/walkLayout(direction:grid:_:)``. Frames are kept as origins beside the sizes: a result can have
/// millions of entries, and it is built while the whole laid-out tree is in memory.
final class LayoutTree {
    let elements: [LayoutElement]
    let sizes: [Size]
    let positions: [Point]
    /// One past the last entry of each entry's subtree.
    let ends: [Int]
    /// The origins of ``Layout/frameInRoot``.
    let rootOrigins: [Point]
    /// The origins of ``Layout/frameInSupernode``.
    let supernodeOrigins: [Point]
    /// Per entry: the direction of the content it is part of (``Layout/direction``).
    let directions: [LayoutDirection]
    let issues: [LayoutIssue]
    let grid: PixelGrid
    let direction: LayoutDirection

    /// The result of `context`'s pass over the tree under `root`; `nil` when `cancellation` was set before the walk
    /// over it ended.
    init?(
        root: LayoutElement, context: LayoutContext, direction: LayoutDirection,
        cancellation: LayoutCancellation? = nil
    ) {
        grid = context.grid
        self.direction = direction
        issues = context.issues
        var elements: [LayoutElement] = []
        // Int32: a tree of 2^31 elements would not fit in memory.
        var parents: [Int32] = []
        var sizes: [Size] = []
        var positions: [Point] = []
        var rootOrigins: [Point] = []
        var supernodeOrigins: [Point] = []
        var directions: [LayoutDirection] = []
        let walked = root.walkLayout(direction: direction, grid: grid, cancellation: cancellation) { entry in
            elements.append(entry.element)
            parents.append(Int32(entry.parent))
            sizes.append(entry.size)
            positions.append(entry.position)
            rootOrigins.append(entry.rootOrigin)
            supernodeOrigins.append(entry.supernodeOrigin)
            directions.append(entry.direction)
        }
        guard walked else { return nil }
        var ends = Array(0..<elements.count).map { $0 + 1 }
        for index in stride(from: elements.count - 1, through: 1, by: -1) {
            let parent = Int(parents[index])
            ends[parent] = max(ends[parent], ends[index])
        }
        self.elements = elements
        self.sizes = sizes
        self.positions = positions
        self.ends = ends
        self.rootOrigins = rootOrigins
        self.supernodeOrigins = supernodeOrigins
        self.directions = directions
    }
}

extension Layout: CustomStringConvertible {
    /// The element (class and debug name) and its frame in its supernode (``frameInSupernode``, where Texture
    /// draws it), on one line: `FixedSizeNode "avatar" at (12.0, 12.0) size 44.0×44.0`.
    public var description: String {
        let frame = frameInSupernode
        return "\(element) at (\(frame.minX), \(frame.minY)) size \(frame.width)×\(frame.height)"
    }
}

extension Point {
    /// Each coordinate, or 0 where it overflowed to infinity (positions are finite, but sums of huge ones may not
    /// be), as Texture's `frame` does.
    var finiteOrZero: Point { Point(x.isFinite ? x : 0, y.isFinite ? y : 0) }
}
