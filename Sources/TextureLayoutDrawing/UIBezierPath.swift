// UIKit's UIBezierPath where there is no UIKit, drawing into the current recording context.

#if !canImport(UIKit) && !canImport(CoreGraphics)
import Foundation
import TextureLayoutPaint

/// UIKit's `UIRectCorner`: which corners `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    /// The corners' bits, as UIKit numbers them.
    public let rawValue: UInt
    /// A set of corners from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top left corner.
    public static let topLeft = UIRectCorner(rawValue: 1)
    /// The top right corner.
    public static let topRight = UIRectCorner(rawValue: 2)
    /// The bottom left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    /// The bottom right corner.
    public static let bottomRight = UIRectCorner(rawValue: 8)
    /// Every corner.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// UIKit's `UIBezierPath`: a path of lines, curves and arcs in the current context's coordinates, filled, stroked
/// or clipped to in the current context (``UIGraphicsGetCurrentContext()``) with its colours.
///
/// Rounded rectangles have circular corners (UIKit's are a slightly smoother "continuous" curve of the same
/// radius: the two differ by a fraction of a point near the corners' ends), and ovals and arcs are cubic curves
/// within 0.03% of the radius.
open class UIBezierPath: NSObject {
    /// The steps, in the path's own coordinates.
    var path = Path()
    private var subpathStart: CGPoint?

    /// UIKit's `lineWidth` (default 1).
    open var lineWidth: CGFloat = 1
    /// UIKit's `usesEvenOddFillRule` (default `false`: non-zero winding).
    open var usesEvenOddFillRule = false
    /// UIKit's `currentPoint`: where the last step ended (`.zero` before any).
    open private(set) var currentPoint = CGPoint.zero

    /// An empty path.
    public override init() {
        super.init()
    }

    /// UIKit's `init(rect:)`: a closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        append(PathShapes.rectangle(rect), start: rect.origin)
    }

    /// UIKit's `init(ovalIn:)`: the closed ellipse inside `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        append(PathShapes.ellipse(in: rect), start: CGPoint(x: rect.maxX, y: rect.midY))
    }

    /// UIKit's `init(roundedRect:cornerRadius:)`: a rectangle with every corner rounded by `cornerRadius` (at
    /// most half the smaller side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(
            roundedRect: rect, byRoundingCorners: .allCorners,
            cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// UIKit's `init(roundedRect:byRoundingCorners:cornerRadii:)`: the corners in `corners` rounded by
    /// `cornerRadii.width` (circular corners; the height is not used), at most half the smaller side.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = Double(cornerRadii.width)
        func radius(_ corner: UIRectCorner) -> Double { corners.contains(corner) ? r : 0 }
        append(
            PathShapes.roundedRectangle(
                rect, topLeft: radius(.topLeft), topRight: radius(.topRight),
                bottomLeft: radius(.bottomLeft), bottomRight: radius(.bottomRight)),
            start: CGPoint(x: rect.minX + min(max(r, 0), min(rect.width, rect.height) / 2), y: rect.minY))
    }

    /// UIKit's `init(arcCenter:radius:startAngle:endAngle:clockwise:)`: an open circular arc.
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Whether the path has no steps.
    open var isEmpty: Bool { path.elements.isEmpty }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) {
        path.elements.append(.move(Point(point)))
        subpathStart = point
        currentPoint = point
    }

    /// A straight line from the current point to `point`.
    open func addLine(to point: CGPoint) {
        path.elements.append(.line(Point(point)))
        currentPoint = point
    }

    /// A cubic Bézier curve from the current point to `end`.
    open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.elements.append(.curve(Point(controlPoint1), Point(controlPoint2), Point(end)))
        currentPoint = end
    }

    /// A quadratic Bézier curve from the current point to `end` (kept as the cubic curve it equals).
    open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        let p0 = currentPoint
        addCurve(
            to: end,
            controlPoint1: CGPoint(
                x: p0.x + 2 / 3 * (controlPoint.x - p0.x),
                y: p0.y + 2 / 3 * (controlPoint.y - p0.y)),
            controlPoint2: CGPoint(
                x: end.x + 2 / 3 * (controlPoint.x - end.x),
                y: end.y + 2 / 3 * (controlPoint.y - end.y)))
    }

    /// A circular arc, joined to the current point by a line (or starting a subpath when there is none).
    /// `clockwise` arcs go through increasing angles, which turn clockwise on screen as y grows down.
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
        clockwise: Bool
    ) {
        var end = Double(endAngle)
        let start = Double(startAngle)
        // UIKit goes the direction asked, at most one full turn.
        if clockwise { while end < start { end += 2 * .pi } } else { while end > start { end -= 2 * .pi } }
        let first = CGPoint(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        if isEmpty { move(to: first) } else { addLine(to: first) }
        path.elements += PathShapes.arc(center: Point(center), radius: Double(radius), from: start, to: end)
        currentPoint = CGPoint(x: center.x + radius * cos(end), y: center.y + radius * sin(end))
    }

    /// Closes the current subpath with a line back to its start.
    open func close() {
        path.elements.append(.close)
        if let subpathStart { currentPoint = subpathStart }
    }

    /// Removes every step.
    open func removeAllPoints() {
        path = Path()
        subpathStart = nil
        currentPoint = .zero
    }

    /// Appends `other`'s steps.
    open func append(_ other: UIBezierPath) {
        path.elements += other.path.elements
        currentPoint = other.currentPoint
    }

    private func append(_ shape: Path, start: CGPoint) {
        path.elements += shape.elements
        subpathStart = start
        currentPoint = start
    }

    /// The path as the context draws it: its fill rule, and the current transform applied.
    private func shape(in context: CGContext) -> Path {
        var shape = path
        shape.usesEvenOddRule = usesEvenOddFillRule
        return context.transformed(shape)
    }

    /// UIKit's `fill()`: fills the inside with the current context's fill colour.
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.fill(shape(in: context))
    }

    /// UIKit's `stroke()`: strokes the path with the current context's stroke colour, ``lineWidth`` wide.
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.stroke(shape(in: context), width: lineWidth)
    }

    /// UIKit's `addClip()`: intersects the current context's clip with the inside of the path, until the
    /// context's state is restored.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.clip(to: shape(in: context))
    }
}
#endif
