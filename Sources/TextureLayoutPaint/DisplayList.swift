import TextureLayout

/// A font whose glyphs a picture draws: its file and its face in the file. The text module's fonts are these; a
/// back end draws glyph ids with the face the text module keeps for each of them (its outlines, its FreeType face).
public protocol GlyphFont: AnyObject, Sendable {
    /// The font file's path.
    var path: String { get }
    /// The face's index in the file (0 but for collections).
    var faceIndex: Int { get }
}

/// Glyphs of one font, size and colour, each at its origin on its baseline (y down), in the canvas's points.
public struct GlyphRunDrawing: Sendable {
    /// The font the glyph ids index.
    public var font: any GlyphFont
    /// Points per em.
    public var size: Double
    /// Glyph ids.
    public var glyphs: [UInt32]
    /// Each glyph's origin.
    public var positions: [Point]
    /// The fill colour.
    public var color: RGBA

    /// A run of `glyphs` at `positions`.
    public init(font: any GlyphFont, size: Double, glyphs: [UInt32], positions: [Point], color: RGBA) {
        self.font = font
        self.size = size
        self.glyphs = glyphs
        self.positions = positions
        self.color = color
    }
}

/// An image's pixels drawn into a rectangle: the content of a document's `image` element and of `ASImageNode`.
public struct ImageDrawing: Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height` pixels, rows top to bottom, each red, green, blue, alpha, premultiplied.
    public var premultipliedRGBA: [UInt8]
    /// Where the image goes on the canvas, in points (scaled to fill it; not snapped to pixels).
    public var destination: Rect

    /// An image of `width × height` premultiplied RGBA pixels drawn into `destination`.
    public init(width: Int, height: Int, premultipliedRGBA: [UInt8], destination: Rect) {
        self.width = width
        self.height = height
        self.premultipliedRGBA = premultipliedRGBA
        self.destination = destination
    }
}

/// One drawing command. Back ends draw commands in order, source-over, in sRGB; clips and groups nest (every push
/// has its pop, in order). Coordinates are the canvas's points; producers keep them within a few canvases of it
/// (pictures of documents clamp frames so), as back ends work in fixed point.
public enum DisplayCommand: Sendable {
    /// A box's shadow: `box` (already moved by the offset) filled with `color` (its opacity already applied),
    /// blurred by a Gaussian of standard deviation `blur` points.
    case shadow(RoundedBox, color: RGBA, blur: Double)
    /// A box filled with a colour.
    case fill(RoundedBox, RGBA)
    /// A box filled with a gradient.
    case gradient(RoundedBox, PlacedGradient)
    /// An image.
    case image(ImageDrawing)
    /// Glyphs.
    case glyphs(GlyphRunDrawing)
    /// A text decoration (underline, strikethrough, a run's background): a rectangle filled with a colour.
    case decoration(Rect, RGBA)
    /// From here to the matching ``popShadow``, what is drawn casts one shadow, drawn first, under it (a text's
    /// shadow, cast by its glyphs and decorations): their coverage moved by `offset`, blurred by a Gaussian of
    /// standard deviation `blur` points and filled with `color` (its opacity already applied).
    case pushShadow(color: RGBA, offset: Point, blur: Double)
    /// Ends the innermost shadowed part.
    case popShadow
    /// From here to the matching ``popClip``, drawing is clipped to the box.
    case pushClip(RoundedBox)
    /// Ends the innermost clip (a ``pushClip(_:)``'s or a ``pushClipPath(_:)``'s).
    case popClip
    /// From here to the matching ``popGroup``, drawing goes into a group that is then composited with
    /// `opacity` (group opacity: overlapping parts do not show through each other).
    case pushGroup(opacity: Double)
    /// Ends the innermost group, compositing it.
    case popGroup
    /// A band `width` wide inside the box's edge, following its corners, filled with a colour.
    case border(RoundedBox, width: Double, RGBA)
    /// A rectangle's outline, centred on its edge, `width` wide, dashed when `dash` gives the lengths of the
    /// dashes and the gaps between them: the debug picture's outlines.
    case outline(Rect, RGBA, width: Double, dash: (on: Double, off: Double)?)
    /// A straight line `width` wide: the debug picture's marks of zero-size elements.
    case line(from: Point, to: Point, RGBA, width: Double)
    /// A path filled with a colour, by its own fill rule: Texture code's `UIBezierPath.fill()` and
    /// `CGContext.fillPath()`.
    case fillPath(Path, RGBA)
    /// A path's outline, centred on it, `width` wide, with butt caps and mitred joins (UIKit's and Cairo's
    /// defaults): `UIBezierPath.stroke()` and `CGContext.strokePath()`.
    case strokePath(Path, RGBA, width: Double)
    /// From here to the matching ``popClip``, drawing is clipped to the inside of the path: `addClip()`.
    case pushClipPath(Path)
}

extension DisplayCommand {
    /// Whether every coordinate and length of the command is finite (glyph positions aside: a back end skips the
    /// glyphs whose positions are not).
    public var hasFiniteGeometry: Bool {
        func finite(_ r: Rect) -> Bool {
            r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite
        }
        func finite(_ b: RoundedBox) -> Bool {
            finite(b.rect) && b.topLeft.isFinite && b.topRight.isFinite && b.bottomLeft.isFinite
                && b.bottomRight.isFinite
        }
        switch self {
        case let .shadow(box, _, blur): return finite(box) && blur.isFinite
        case let .fill(box, _), let .pushClip(box): return finite(box)
        case let .gradient(box, gradient):
            return finite(box) && gradient.start.x.isFinite && gradient.start.y.isFinite && gradient.end.x.isFinite
                && gradient.end.y.isFinite && gradient.radiusX.isFinite && gradient.radiusY.isFinite
        case .image(let image): return finite(image.destination)
        case let .decoration(rect, _): return finite(rect)
        case let .pushShadow(_, offset, blur): return offset.x.isFinite && offset.y.isFinite && blur.isFinite
        case let .border(box, width, _): return finite(box) && width.isFinite
        case let .outline(rect, _, width, dash):
            return finite(rect) && width.isFinite && (dash.map { $0.on.isFinite && $0.off.isFinite } ?? true)
        case let .line(from, to, _, width):
            return from.x.isFinite && from.y.isFinite && to.x.isFinite && to.y.isFinite && width.isFinite
        case let .fillPath(path, _), let .pushClipPath(path): return path.isFinite
        case let .strokePath(path, _, width): return path.isFinite && width.isFinite
        case .glyphs, .popClip, .pushGroup, .popGroup, .popShadow: return true
        }
    }
}

/// A picture as a flat list of drawing commands over a canvas: what every back end (PNG, SVG) draws, and
/// nothing else.
public struct DisplayList: Sendable {
    /// The canvas in points, from the origin.
    public var size: Size
    /// The commands, in drawing order.
    public var commands: [DisplayCommand]

    /// A list of `commands` over a canvas of `size`.
    public init(size: Size, commands: [DisplayCommand] = []) {
        self.size = size
        self.commands = commands
    }
}
