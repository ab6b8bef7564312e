import TextureLayout

/// A shape made of straight lines and cubic Bézier curves, in the canvas's points: what Texture code's own drawing
/// (a `UIBezierPath`, a `CGContext` path) draws into a display list, filled, stroked or clipped to.
public struct Path: Hashable, Sendable {
    /// One step of a path.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point.
        case move(Point)
        /// A straight line from the current point.
        case line(Point)
        /// A cubic Bézier curve from the current point through two control points to the last point.
        case curve(Point, Point, Point)
        /// A straight line back to the subpath's start, closing it.
        case close
    }

    /// The steps, in order. A line or curve before any move starts at the origin, as Cairo and Core Graphics both
    /// treat it as a move there.
    public var elements: [Element]
    /// Whether a fill or clip counts a point as inside by the even-odd rule; otherwise by the non-zero winding
    /// rule (the default, as in Core Graphics).
    public var usesEvenOddRule: Bool

    /// A path of `elements`.
    public init(_ elements: [Element] = [], usesEvenOddRule: Bool = false) {
        self.elements = elements
        self.usesEvenOddRule = usesEvenOddRule
    }

    /// Whether every point of every step is finite.
    public var isFinite: Bool {
        func finite(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        return elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): return finite(p)
            case let .curve(c1, c2, p): return finite(c1) && finite(c2) && finite(p)
            case .close: return true
            }
        }
    }

    /// Every point of the path (the end points and control points) passed through `transform`.
    public func map(_ transform: (Point) -> Point) -> Path {
        Path(
            elements.map { element in
                switch element {
                case .move(let p): return .move(transform(p))
                case .line(let p): return .line(transform(p))
                case let .curve(c1, c2, p): return .curve(transform(c1), transform(c2), transform(p))
                case .close: return .close
                }
            }, usesEvenOddRule: usesEvenOddRule)
    }
}
