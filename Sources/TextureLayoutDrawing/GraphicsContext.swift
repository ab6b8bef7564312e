// Core Graphics' context where there is no Core Graphics: Texture code's drawing calls record display commands,
// which become pixels when an image is taken from the context.

#if !canImport(UIKit) && !canImport(CoreGraphics)
import Foundation
import LayoutRendering
import TextureLayoutPaint

/// Core Graphics' `CGContext` where Core Graphics does not exist: a context that records what is drawn into it as
/// a display list (the paint module's commands), in UIKit's coordinates (y down, points). An image context
/// (``UIGraphicsImageRenderer``, ``UIGraphicsBeginImageContextWithOptions(_:_:_:)``) turns the list into pixels
/// with the renderers' Cairo painter when its image is taken.
///
/// It keeps Core Graphics' state the calls below use: the fill and stroke colours (opaque black at first), the line
/// width (1), the alpha (1), the current transform (translations, scales and rotations; an image drawn under a
/// rotation fills the rotated rectangle's bounding box), the clip, and the current path. `saveGState()` and
/// `restoreGState()` save and restore all of it but the path, as in Core Graphics.
public final class CGContext {
    /// What is drawn so far, in the context's points; clips still open are closed by ``displayList``.
    private var commands: [DisplayCommand] = []
    /// The context's size in points.
    let size: CGSize

    /// The state `saveGState` keeps.
    struct GraphicsState {
        var fillColor = RGBA.black
        var strokeColor = RGBA.black
        var lineWidth: CGFloat = 1
        var alpha: CGFloat = 1
        var transform = Transform.identity
        /// How many clips are open (each a ``DisplayCommand/pushClipPath(_:)``), the saved states' included.
        var clips = 0
        /// The clip's bounding box in the context's points: the context's area, cut by each clip path's box.
        var clipBox: CGRect
    }

    private var state: GraphicsState
    private var savedStates: [GraphicsState] = []
    /// The path being built, in the context's points (the transform applied as each point was added).
    private var path = Path()
    private var subpathStart: Point?
    private var lastPoint: Point?

    /// A context of `size` points with nothing drawn, whose area lies at `origin` in the points its commands are
    /// in (a node's contents are drawn at the node's place in the picture): its user space starts there.
    init(size: CGSize, origin: CGPoint = .zero) {
        self.size = size
        state = GraphicsState(
            transform: Transform.identity.translated(origin.x, origin.y), clipBox: CGRect(origin: origin, size: size))
    }

    /// What is drawn, as a display list over the context's size, every open clip closed.
    var displayList: DisplayList {
        DisplayList(size: Size(size), commands: commands + Array(repeating: .popClip, count: state.clips))
    }

    // MARK: State

    /// Saves the graphics state (colours, line width, alpha, transform, clip).
    public func saveGState() { savedStates.append(state) }

    /// Restores the state saved last, closing the clips added since.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else { return }
        commands.append(contentsOf: repeatElement(.popClip, count: max(0, state.clips - saved.clips)))
        state = saved
    }

    /// Sets the fill colour.
    public func setFillColor(_ color: CGColor) { state.fillColor = RGBA(color) }
    /// Sets the stroke colour.
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = RGBA(color) }
    /// Sets the line width of strokes, in the current transform's units.
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }
    /// Sets the opacity everything drawn next is drawn with.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(alpha, 0), 1) }

    /// Moves the origin by `x`, `y` in the current transform's units.
    public func translateBy(x: CGFloat, y: CGFloat) { state.transform = state.transform.translated(x, y) }
    /// Scales the current units by `x` and `y`.
    public func scaleBy(x: CGFloat, y: CGFloat) { state.transform = state.transform.scaled(x, y) }
    /// Rotates the current units by `angle` radians (clockwise on screen, as y grows down).
    public func rotate(by angle: CGFloat) { state.transform = state.transform.rotated(angle) }

    // MARK: The current path

    /// Starts a new, empty path.
    public func beginPath() {
        path = Path()
        subpathStart = nil
        lastPoint = nil
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { add(.move(device(point)), to: device(point)) }

    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint) { add(.line(device(point)), to: device(point)) }

    /// A cubic Bézier curve from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        add(.curve(device(control1), device(control2), device(end)), to: device(end))
    }

    /// A quadratic Bézier curve from the current point to `end` (drawn as the cubic curve it equals).
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        let start = lastPoint ?? device(.zero), c = device(control), p = device(end)
        add(
            .curve(
                Point(start.x + 2 / 3 * (c.x - start.x), start.y + 2 / 3 * (c.y - start.y)),
                Point(p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y)), p), to: p)
    }

    /// Closes the current subpath with a line back to its start.
    public func closePath() {
        path.elements.append(.close)
        lastPoint = subpathStart
    }

    /// A closed rectangle.
    public func addRect(_ rect: CGRect) { addPath(PathShapes.rectangle(rect)) }

    /// A closed ellipse inside `rect`.
    public func addEllipse(in rect: CGRect) { addPath(PathShapes.ellipse(in: rect)) }

    /// Adds `shape` (in the current transform's units) to the current path.
    func addPath(_ shape: Path) {
        let transform = state.transform
        path.elements.append(contentsOf: shape.map { transform.apply($0) }.elements)
        if let last = shape.elements.last(where: { if case .close = $0 { false } else { true } }) {
            switch last {
            case .move(let p), .line(let p), .curve(_, _, let p): lastPoint = transform.apply(p)
            case .close: break
            }
        }
    }

    private func add(_ element: Path.Element, to point: Point) {
        if case .move = element { subpathStart = point }
        path.elements.append(element)
        lastPoint = point
    }

    private func device(_ point: CGPoint) -> Point { state.transform.apply(Point(Double(point.x), Double(point.y))) }

    // MARK: Drawing

    /// Core Graphics' fill rules.
    public enum FillRule {
        /// Non-zero winding (the default).
        case winding
        /// Even-odd.
        case evenOdd
    }

    /// Fills the current path with the fill colour, then empties it.
    public func fillPath(using rule: FillRule = .winding) {
        var shape = path
        shape.usesEvenOddRule = rule == .evenOdd
        fill(shape)
        beginPath()
    }

    /// Strokes the current path with the stroke colour and line width, then empties it.
    public func strokePath() {
        stroke(path, width: state.lineWidth)
        beginPath()
    }

    /// Intersects the clip with the current path's inside, then empties the path.
    public func clip(using rule: FillRule = .winding) {
        var shape = path
        shape.usesEvenOddRule = rule == .evenOdd
        clip(to: shape)
        beginPath()
    }

    /// Fills `rect` with the fill colour.
    public func fill(_ rect: CGRect) { fill(transformed(PathShapes.rectangle(rect))) }

    /// Strokes `rect`'s outline with the stroke colour and line width.
    public func stroke(_ rect: CGRect) { stroke(transformed(PathShapes.rectangle(rect)), width: state.lineWidth) }

    /// Fills the ellipse inside `rect` with the fill colour.
    public func fillEllipse(in rect: CGRect) { fill(transformed(PathShapes.ellipse(in: rect))) }

    /// Strokes the ellipse inside `rect` with the stroke colour and line width.
    public func strokeEllipse(in rect: CGRect) {
        stroke(transformed(PathShapes.ellipse(in: rect)), width: state.lineWidth)
    }

    /// Intersects the clip with `rect`.
    public func clip(to rect: CGRect) { clip(to: transformed(PathShapes.rectangle(rect))) }

    /// Core Graphics' `boundingBoxOfClipPath`: the smallest rectangle of the current user space that holds the
    /// clip (the context's whole area until something clips it), from the clip paths' points, curves' control
    /// points included; `CGRect.null` when the clip is empty or the transform cannot be undone.
    public var boundingBoxOfClipPath: CGRect {
        let box = state.clipBox, transform = state.transform
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard !box.isNull, !box.isEmpty, determinant != 0 else { return .null }
        // The inverse transform of each corner of the box.
        let corners = [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)].map {
            x, y in
            let dx = Double(x) - transform.tx, dy = Double(y) - transform.ty
            return Point(
                (transform.d * dx - transform.c * dy) / determinant, (transform.a * dy - transform.b * dx) / determinant
            )
        }
        return PathShapes.bounds(of: corners)
    }

    /// `shape` (in the current transform's units) in the context's points.
    func transformed(_ shape: Path) -> Path {
        let transform = state.transform
        return shape.map { transform.apply($0) }
    }

    /// Fills `shape` (in the context's points) with the fill colour and the alpha.
    func fill(_ shape: Path) {
        commands.append(.fillPath(shape, state.fillColor.withOpacity(multipliedBy: Double(state.alpha))))
    }

    /// Strokes `shape` (in the context's points), `width` wide in the current transform's units.
    func stroke(_ shape: Path, width: CGFloat) {
        commands.append(
            .strokePath(
                shape, state.strokeColor.withOpacity(multipliedBy: Double(state.alpha)),
                width: Double(width) * state.transform.lengthScale))
    }

    /// Clips what is drawn next to `shape` (in the context's points) until the state is restored.
    func clip(to shape: Path) {
        commands.append(.pushClipPath(shape))
        state.clips += 1
        let points = shape.elements.flatMap { element -> [Point] in
            switch element {
            case .move(let p), .line(let p): [p]
            case .curve(let c1, let c2, let p): [c1, c2, p]
            case .close: []
            }
        }
        state.clipBox = state.clipBox.intersection(points.isEmpty ? .null : PathShapes.bounds(of: points))
    }

    /// Draws `bitmap` into `rect` (in the current transform's units), with `alpha` times the context's alpha.
    func draw(_ bitmap: UIImage.Bitmap, in rect: CGRect, alpha: CGFloat) {
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ].map(device)
        let image = DisplayCommand.image(
            ImageDrawing(
                width: bitmap.width, height: bitmap.height, premultipliedRGBA: bitmap.premultipliedRGBA,
                destination: Rect(PathShapes.bounds(of: corners))))
        append([image], opacity: Double(min(max(alpha, 0), 1) * state.alpha))
    }

    /// Draws `content` (commands in the context's points, made elsewhere: a node's contents) under the clip and
    /// with the alpha of the current state.
    func drawContent(_ content: [DisplayCommand]) {
        guard !content.isEmpty else { return }
        append(content, opacity: Double(state.alpha))
    }

    /// Appends `drawn` at `opacity`: in a group of that opacity when it is below 1, not at all at 0.
    private func append(_ drawn: [DisplayCommand], opacity: Double) {
        guard opacity > 0 else { return }
        if opacity < 1 { commands.append(.pushGroup(opacity: opacity)) }
        commands += drawn
        if opacity < 1 { commands.append(.popGroup) }
    }

    /// The fill colour (`UIColor.setFill()` sets it).
    var fillColor: RGBA {
        get { state.fillColor }
        set { state.fillColor = newValue }
    }

    /// The stroke colour (`UIColor.setStroke()` sets it).
    var strokeColor: RGBA {
        get { state.strokeColor }
        set { state.strokeColor = newValue }
    }
}

/// An affine transform (Core Graphics' `a b c d tx ty`): x' = a·x + c·y + tx, y' = b·x + d·y + ty.
struct Transform {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = Transform()

    func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    /// This transform after moving the origin by `x`, `y` in its own units (Core Graphics' `translateBy`).
    func translated(_ x: CGFloat, _ y: CGFloat) -> Transform {
        var t = self
        t.tx += a * Double(x) + c * Double(y)
        t.ty += b * Double(x) + d * Double(y)
        return t
    }

    /// This transform after scaling its units by `x` and `y`.
    func scaled(_ x: CGFloat, _ y: CGFloat) -> Transform {
        var t = self
        (t.a, t.b, t.c, t.d) = (a * Double(x), b * Double(x), c * Double(y), d * Double(y))
        return t
    }

    /// This transform after rotating its units by `angle` radians.
    func rotated(_ angle: CGFloat) -> Transform {
        let cosine = cos(Double(angle)), sine = sin(Double(angle))
        var t = self
        t.a = a * cosine + c * sine
        t.b = b * cosine + d * sine
        t.c = c * cosine - a * sine
        t.d = d * cosine - b * sine
        return t
    }

    /// How much the transform scales lengths (the square root of its determinant's magnitude): line widths are
    /// scaled by it, exact for uniform scales and rotations.
    var lengthScale: Double { abs(a * d - b * c).squareRoot() }
}
#endif
