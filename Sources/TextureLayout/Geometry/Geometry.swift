/// A width and a height in points. `.infinity` stands for "unbounded", as `INFINITY` does in Texture.
public struct Size: Hashable, Sendable, BitwiseCopyable {
    /// The horizontal extent in points; `.infinity` for an unbounded max.
    public var width: Double
    /// The vertical extent in points; `.infinity` for an unbounded max.
    public var height: Double

    /// A size with both extents named, as Texture's `CGSizeMake` takes them.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The short form for code that writes many sizes (`Size(44, 44)`), width first.
    @inlinable public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    /// No extent: the min of an unconstrained range and the size of an empty spec.
    public static let zero = Size(width: 0, height: 0)
    /// Unbounded on both axes: the max of an unconstrained range (Texture's `INFINITY` sizes).
    public static let infinity = Size(width: .infinity, height: .infinity)
    /// Texture's `ASLayoutElementParentSizeUndefined`: a parent size that percentages cannot resolve against.
    public static let undefined = Size(width: .nan, height: .nan)

    /// Bitwise equality: unlike `==`, NaN equals NaN and -0 differs from 0. Used as a cache key.
    @inlinable func isIdentical(to other: Size) -> Bool {
        width.bitPattern == other.width.bitPattern && height.bitPattern == other.height.bitPattern
    }
}

/// A position in points.
public struct Point: Hashable, Sendable, BitwiseCopyable {
    /// The horizontal position, growing to the right.
    public var x: Double
    /// The vertical position, growing downwards (UIKit's orientation, which Texture's frames use).
    public var y: Double

    /// A point with both coordinates named.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The short form for code that writes many points (`Point(12, 8)`), x first.
    @inlinable public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    /// The origin: where a parent puts a child it does not move.
    public static let zero = Point(x: 0, y: 0)

    @inlinable static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }
}

/// An origin and a size.
public struct Rect: Hashable, Sendable {
    /// The top-left corner (the minimum x and y).
    public var origin: Point
    /// The extent from the origin.
    public var size: Size

    /// A rectangle from its corner and size, as a layout stores a child's position and size.
    @inlinable public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from four numbers, as frames are printed (`[x, y, w, h]`).
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge, as CoreGraphics' `minX` names it.
    @inlinable public var minX: Double { origin.x }
    /// The top edge.
    @inlinable public var minY: Double { origin.y }
    /// The right edge: the origin plus the width.
    @inlinable public var maxX: Double { origin.x + size.width }
    /// The bottom edge: the origin plus the height.
    @inlinable public var maxY: Double { origin.y + size.height }
    /// The size's width, without going through ``size``.
    @inlinable public var width: Double { size.width }
    /// The size's height, without going through ``size``.
    @inlinable public var height: Double { size.height }

    /// The smallest rectangle holding both, as CoreGraphics' `CGRectUnion` computes it for non-null rects
    /// (a zero-size rectangle still contributes its origin).
    @inlinable public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Distances from the four edges. Any of them may be negative or `.infinity` (the inset spec gives both a meaning).
public struct EdgeInsets: Hashable, Sendable {
    /// The distance from the top edge.
    public var top: Double
    /// The distance from the left edge (not the leading one: insets do not flip right to left, as in UIKit).
    public var left: Double
    /// The distance from the bottom edge.
    public var bottom: Double
    /// The distance from the right edge.
    public var right: Double

    /// Insets with the edges named; an edge left out is 0, so `EdgeInsets(top: 8)` reads as it is meant.
    @inlinable public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    @inlinable public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()
}

/// The two layout axes; a stack's main and cross axes are one of each.
@usableFromInline enum Axis: Sendable {
    case horizontal, vertical
}

extension Size {
    @inlinable subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// Builds a size from lengths along a main axis and the other (cross) axis.
    @inlinable init(main: Double, cross: Double, along axis: Axis) {
        self = axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}

extension Point {
    @inlinable init(main: Double, cross: Double, along axis: Axis) {
        self = axis == .horizontal ? Point(x: main, y: cross) : Point(x: cross, y: main)
    }
}
