// The shapes UIKit's and Core Graphics' path calls make, as paths of lines and cubic curves.

#if !canImport(UIKit) && !canImport(CoreGraphics)
import Foundation
import TextureLayoutPaint

/// Rectangles, ellipses, rounded rectangles and circular arcs as ``Path`` steps.
enum PathShapes {
    /// The smallest rectangle holding `points` (at least one).
    static func bounds(of points: [Point]) -> CGRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// A closed rectangle, clockwise on screen from its top left corner.
    static func rectangle(_ rect: CGRect) -> Path {
        Path([
            .move(Point(rect.minX, rect.minY)), .line(Point(rect.maxX, rect.minY)),
            .line(Point(rect.maxX, rect.maxY)), .line(Point(rect.minX, rect.maxY)), .close,
        ])
    }

    /// The closed ellipse inside `rect`: four quarter arcs.
    static func ellipse(in rect: CGRect) -> Path {
        let rx = Double(rect.width) / 2, ry = Double(rect.height) / 2
        var path = Path([.move(Point(rect.maxX, rect.midY))])
        path.elements += ellipticalArc(
            center: Point(rect.midX, rect.midY), rx: rx, ry: ry, from: 0,
            to: 2 * .pi)
        path.elements.append(.close)
        return path
    }

    /// A closed rectangle whose corners are quarter circles of the given radii (each at most half the smaller
    /// side), clockwise on screen from the end of the top left corner.
    static func roundedRectangle(
        _ rect: CGRect, topLeft: Double, topRight: Double, bottomLeft: Double,
        bottomRight: Double
    ) -> Path {
        let limit = max(0, min(Double(rect.width), Double(rect.height)) / 2)
        let tl = min(max(topLeft, 0), limit), tr = min(max(topRight, 0), limit)
        let bl = min(max(bottomLeft, 0), limit), br = min(max(bottomRight, 0), limit)
        let minX = Double(rect.minX), minY = Double(rect.minY), maxX = Double(rect.maxX), maxY = Double(rect.maxY)
        var path = Path([.move(Point(minX + tl, minY)), .line(Point(maxX - tr, minY))])
        path.elements += arc(center: Point(maxX - tr, minY + tr), radius: tr, from: -.pi / 2, to: 0)
        path.elements.append(.line(Point(maxX, maxY - br)))
        path.elements += arc(center: Point(maxX - br, maxY - br), radius: br, from: 0, to: .pi / 2)
        path.elements.append(.line(Point(minX + bl, maxY)))
        path.elements += arc(center: Point(minX + bl, maxY - bl), radius: bl, from: .pi / 2, to: .pi)
        path.elements.append(.line(Point(minX, minY + tl)))
        path.elements += arc(center: Point(minX + tl, minY + tl), radius: tl, from: .pi, to: 1.5 * .pi)
        path.elements.append(.close)
        return path
    }

    /// A circular arc from angle `from` to angle `to` (radians; increasing angles turn clockwise on screen, as y
    /// grows down), as cubic curves of at most a quarter turn each, starting where the previous step ended
    /// (callers move or draw a line to the arc's start first). A zero radius makes no steps.
    static func arc(center: Point, radius: Double, from start: Double, to end: Double) -> [Path.Element] {
        ellipticalArc(center: center, rx: radius, ry: radius, from: start, to: end)
    }

    /// An arc of the ellipse of radii `rx`, `ry` (see ``arc(center:radius:from:to:)``). Each piece of angle θ
    /// has its control points at 4/3·tan(θ/4) of the radius along the tangents, the usual cubic approximation
    /// (at most 0.03% of the radius off the circle for a quarter turn).
    static func ellipticalArc(
        center: Point, rx: Double, ry: Double, from start: Double, to end: Double
    )
        -> [Path.Element]
    {
        guard rx > 0, ry > 0, start != end, start.isFinite, end.isFinite else { return [] }
        // Quarter turns, a hair of rounding below a whole number of them not counting as one more.
        let pieces = max(1, Int((abs(end - start) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = (end - start) / Double(pieces)
        let k = 4.0 / 3 * tan(step / 4)
        var elements: [Path.Element] = []
        var angle = start
        for _ in 0..<pieces {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            elements.append(
                .curve(
                    Point(center.x + rx * (c0 - k * s0), center.y + ry * (s0 + k * c0)),
                    Point(center.x + rx * (c1 + k * s1), center.y + ry * (s1 - k * c1)),
                    Point(center.x + rx * c1, center.y + ry * s1)))
            angle = next
        }
        return elements
    }
}
#endif
