// Unsafe room: Cairo.
// Invariants: every Cairo surface, context and pattern is created and destroyed by the picture that uses it, on
// one thread, and a Cairo font face is kept with the face its font lent the picture (PlacedGlyphs.swift); the
// write callback's closure pointer is an unretained `CairoBytes` kept alive by `withExtendedLifetime` for the
// whole write.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCairo
import LayoutDocument
import TextureLayout
import TextureLayoutPaint
import TextureLayoutText

/// Draws display lists into pixels with Cairo (paths, anti-aliasing, gradients, clips, groups, FreeType glyphs)
/// and writes them as PNG (our own writer, over libdeflate). Shadows are blurred here (Cairo has no blur).
public enum PNGRenderer {
    /// The most pixels an image may have; a larger picture is drawn at a smaller scale.
    public static let maxPixels = 16_777_216
    /// The most pixels on a side (Cairo's image surfaces hold at most 32,767); a longer picture is drawn at a
    /// smaller scale.
    public static let maxSide = 32_767

    /// Pixels per point for a picture of `size` at `scale`: the scale, reduced if the image would exceed
    /// ``maxPixels`` or a side would exceed ``maxSide``. The image is `width · s` × `height · s` pixels rounded to
    /// whole ones (``pixelSize(of:scale:)``) and at least 1 × 1, so a zero side still takes a row or column: the
    /// scale is kept to `(width · s + 1) · (height · s + 1) ≤ maxPixels`, which bounds the image for every shape.
    /// A scale that is not positive draws at one pixel per point.
    package static func pixelScale(for size: Size, scale: Double) -> Double {
        func side(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), .greatestFiniteMagnitude) }
        let w = side(size.width), h = side(size.height), budget = Double(maxPixels) - 1
        // The positive root of w·h·s² + (w + h)·s + 1 − maxPixels, written so that nothing divides by w·h and no
        // product involves `scale` (which may be huge): zero sides give an infinite limit, huge ones zero.
        let side = Double(maxSide) - 1
        let limit = min(
            2 * budget / ((w + h) + ((w + h) * (w + h) + 4 * w * h * budget).squareRoot()),
            w > 0 ? side / w : .infinity, h > 0 ? side / h : .infinity)
        guard scale > 0 else { return min(1, limit) }
        return min(scale, limit)
    }

    /// The PNG file of `lists` drawn one over the other (the paint, then the debug picture) at `scale`, on a
    /// canvas of the first list's size filled with `background` (transparent when `nil`).
    /// A caller that gave up (``LayoutCancellation/current`` set) gets no bytes: drawing stops at its next check
    /// (every 1,024 commands) and the picture is not encoded.
    package static func render(_ lists: [DisplayList], scale: Double, background: RGBA?) -> [UInt8] {
        let image = draw(lists, scale: scale, background: background)
        if let cancellation = LayoutCancellation.current, cancellation.isCancelled { return [] }
        return image.png()
    }

    /// The debug picture (outlines, marks, the names `labels` asks for) over `paint` (nothing when `nil`) on a
    /// white canvas, as a PNG file.
    package static func render(
        _ picture: LayoutPicture, over paint: DisplayList? = nil,
        labels: LabelMode = .default
    ) -> [UInt8] {
        render(
            debugLists(picture, over: paint, labels: labels), scale: picture.scale,
            background: Palette.background)
    }

    /// What a debug picture over `paint` draws, in order: `paint` (an empty list of the picture's size when
    /// `nil`), then the picture's outlines, marks and names.
    package static func debugLists(
        _ picture: LayoutPicture, over paint: DisplayList?,
        labels: LabelMode = .default
    ) -> [DisplayList] {
        [paint ?? DisplayList(size: picture.size), picture.debugList(labels: labels, faces: PictureFaces())]
    }

    /// `lists` drawn into pixels (see ``render(_:scale:background:)``); what an opaque fill later covers whole is
    /// left out under it unless `hidingCoveredPixels` is false (``CoveredPixels``).
    package static func draw(
        _ lists: [DisplayList], scale: Double, background: RGBA?, hidingCoveredPixels: Bool = true
    ) -> CairoImage {
        draw(
            lists, scale: scale, background: background, hidingCoveredPixels: hidingCoveredPixels,
            gradientBands: .init())
    }

    /// `lists` drawn as above, gradients over many pixels filled in `gradientBands` (``CairoPainter/GradientBands``).
    static func draw(
        _ lists: [DisplayList], scale: Double, background: RGBA?, hidingCoveredPixels: Bool,
        gradientBands: CairoPainter.GradientBands
    ) -> CairoImage {
        let size = lists.first?.size ?? Size(0, 0)
        let s = pixelScale(for: size, scale: scale)
        let (width, height) = pixels(size, pixelScale: s)
        let image = CairoImage(width: width, height: height)
        image.draw { cr in
            cairo_scale(cr, s, s)
            var painter = CairoPainter(
                cr: cr, pixelScale: s, deviceUnitsPerPixel: 1, glyphs: .outlines, faces: PictureFaces(),
                width: width, height: height)
            painter.hidesCoveredPixels = hidingCoveredPixels
            painter.gradientBands = gradientBands
            CairoPainter.paint(lists, on: cr, background: background, painter: painter)
        }
        return image
    }

    /// The size in pixels of the PNG of a canvas of `size` points at `scale`: what ``render(_:scale:background:)``
    /// draws, and what a caller checks against its own limits before drawing.
    package static func pixelSize(of size: Size, scale: Double) -> (width: Int, height: Int) {
        pixels(size, pixelScale: pixelScale(for: size, scale: scale))
    }

    /// The size in whole pixels (nearest, at least 1 × 1) of a canvas of `size` points at `pixelScale`.
    static func pixels(_ size: Size, pixelScale: Double) -> (width: Int, height: Int) {
        (
            max(1, Int(saturating: (size.width * pixelScale).rounded())),
            max(1, Int(saturating: (size.height * pixelScale).rounded()))
        )
    }

    static func setColor(_ cr: OpaquePointer, _ color: RGBA) {
        cairo_set_source_rgba(
            cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
            color.opacity)
    }
}

extension ImageDrawing {
    /// Whether the image has pixels for all of its size and a destination with an area; every back end leaves
    /// out one that has not.
    var isDrawable: Bool {
        width > 0 && height > 0 && premultipliedRGBA.count >= width * height * 4 && destination.width > 0
            && destination.height > 0
    }
}

/// A Cairo image surface (32-bit premultiplied ARGB) owned by Swift.
package struct CairoImage: ~Copyable {
    let surface: OpaquePointer
    /// Its size in pixels.
    package let width: Int, height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    }

    /// A surface holding an image's pixels (Cairo's words are premultiplied ARGB in native byte order).
    init(_ image: ImageDrawing) {
        self.init(width: image.width, height: image.height)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface),
            image.premultipliedRGBA.count >= image.width * image.height * 4
        else { return }
        image.premultipliedRGBA.withUnsafeBufferPointer { p in
            for row in 0..<image.height {
                data.advanced(by: row * stride).withMemoryRebound(to: UInt32.self, capacity: image.width) { words in
                    var i = row * image.width * 4
                    for column in 0..<image.width {
                        words[column] =
                            UInt32(p[i + 3]) << 24 | UInt32(p[i]) << 16 | UInt32(p[i + 1]) << 8
                            | UInt32(p[i + 2])
                        i += 4
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    deinit { cairo_surface_destroy(surface) }

    /// Runs `body` with a Cairo context on the surface.
    func draw(_ body: (OpaquePointer) -> Void) {
        let cr = cairo_create(surface)!
        body(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
    }

    /// The pixel at column `x`, row `y`, unpremultiplied (as a PNG holds it).
    package func pixel(_ x: Int, _ y: Int) -> RGBA {
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface), (0..<width).contains(x), (0..<height).contains(y)
        else { return .clear }
        let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let a = UInt32(word >> 24), r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
        guard a > 0 else { return .clear }
        func unpremultiply(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        return RGBA(unpremultiply(r), unpremultiply(g), unpremultiply(b), UInt8(a))
    }

    /// The pixels, rows top to bottom, each red, green, blue, alpha, premultiplied (Cairo's ARGB32 words, whose
    /// channels are premultiplied too, reordered).
    package var premultipliedRGBA: [UInt8] {
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            data.advanced(by: row * stride).withMemoryRebound(to: UInt32.self, capacity: width) { words in
                for column in 0..<width {
                    let word = words[column], i = (row * width + column) * 4
                    bytes[i] = UInt8(truncatingIfNeeded: word >> 16)
                    bytes[i + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    bytes[i + 2] = UInt8(truncatingIfNeeded: word)
                    bytes[i + 3] = UInt8(truncatingIfNeeded: word >> 24)
                }
            }
        }
        return bytes
    }

    /// The image as a PNG file (8-bit RGB when opaque, else RGBA, unpremultiplied: ``PNGWriter``).
    package func png() -> [UInt8] {
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        return PNGWriter.file(
            data, width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)))
    }
}

/// The bytes Cairo writes through a stream (a PDF file), collected in memory.
final class CairoBytes {
    private(set) var bytes: [UInt8] = []
    /// The flag of the caller the file is written for (``LayoutCancellation/current`` when the writing began).
    private let cancellation = LayoutCancellation.current

    /// Cairo's write function: appends to the ``CairoBytes`` its closure points to, or fails once its caller gave
    /// up, which ends the writing (of a large file: long work that nothing else stops).
    static let write: cairo_write_func_t = { closure, data, length in
        let sink = Unmanaged<CairoBytes>.fromOpaque(closure!).takeUnretainedValue()
        if let cancellation = sink.cancellation, cancellation.isCancelled { return CAIRO_STATUS_WRITE_ERROR }
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }

    /// Runs `body` with the closure pointer to pass along with ``write``, keeping this object alive meanwhile.
    func writing<T>(_ body: (UnsafeMutableRawPointer) -> T) -> T {
        withExtendedLifetime(self) { body(Unmanaged.passUnretained(self).toOpaque()) }
    }
}

/// Draws display commands on a Cairo context whose user space is the canvas in points, whatever the surface: the
/// PNG back end's image surface and the PDF back end's page both go through here.
struct CairoPainter {
    let cr: OpaquePointer
    /// Pixels per point: the resolution of what is rasterized here (shadow masks, the thinnest line).
    let pixelScale: Double
    /// The surface's device units per pixel of ``pixelScale``: 1 on an image surface (a device unit is a pixel),
    /// `1 / pixelScale` on a PDF page (a device unit is a point).
    let deviceUnitsPerPixel: Double
    /// How glyphs reach the surface.
    let glyphs: GlyphDrawing
    /// The faces glyphs are drawn with: they must outlive the surface, which a PDF's reads when it is finished
    /// (the fonts are subsetted then).
    let faces: PictureFaces
    /// The canvas's size in pixels.
    let width: Int, height: Int

    /// How a surface draws glyphs.
    enum GlyphDrawing {
        /// Filled as paths at their fractional positions (pixels: Cairo's glyph cache would round each origin to a
        /// whole pixel); glyphs without outlines (colour shown) through the cache.
        case outlines
        /// Shown as text (`cairo_show_glyphs`): a PDF embeds the subsetted font, keeps the fractional positions
        /// and lets readers select the text.
        case text
    }

    /// Fills the canvas with `background` (when given), then draws `lists` one over the other with `painter`.
    static func paint(_ lists: [DisplayList], on cr: OpaquePointer, background: RGBA?, painter: CairoPainter) {
        if let background {
            PNGRenderer.setColor(cr, background)
            cairo_paint(cr)
        }
        var painter = painter
        for list in lists { painter.draw(list.commands) }
    }

    /// The thinnest line drawn, in points: one pixel.
    var minimumLineWidth: Double { 1 / pixelScale }

    mutating func draw(_ commands: [DisplayCommand]) {
        var check = CallerCheck()
        let covered =
            hidesCoveredPixels
            ? CoveredPixels(commands, pixelScale: pixelScale, width: width, height: height) : nil
        // Outside clips, groups and shadowed parts (depth 0), what is drawn is clipped to the pixels that no later
        // cover paints over: `nextCover` is the first cover after the command, `clippedFor` the one the clip in
        // force was made for (`nil`: none).
        var nextCover = 0, clippedFor: Int? = nil, depth = 0
        // The pixels that clip lets through (`nil`: no such clip).
        var uncovered: [CoveredPixels.Box]? = nil
        defer { if clippedFor != nil { cairo_restore(cr) } }
        for (index, command) in commands.enumerated() {
            if check.gaveUp() { return }
            if let covered, depth == 0 {
                while nextCover < covered.covers.count, covered.covers[nextCover].index <= index { nextCover += 1 }
                if clippedFor != nextCover {
                    if clippedFor != nil { cairo_restore(cr) }
                    clippedFor = nil
                    uncovered = nil
                    if nextCover < covered.covers.count {
                        let boxes = covered.uncovered(covered.covers[nextCover...].flatMap(\.boxes))
                        clip(toPixels: boxes)
                        clippedFor = nextCover
                        uncovered = boxes
                    }
                }
            }
            switch command {
            case .pushClip, .pushClipPath, .pushGroup, .pushShadow: depth += 1
            case .popClip, .popGroup, .popShadow: depth -= 1
            default: break
            }
            // A path with a coordinate that is not finite would put the context in an error state that stops every
            // later drawing: such a command is left out.
            guard command.hasFiniteGeometry else { continue }
            switch command {
            case let .shadow(box, color, blur): shadow(box, color: color, blur: blur)
            case let .fill(box, color):
                path(box)
                PNGRenderer.setColor(cr, color)
                cairo_fill(cr)
            case let .gradient(box, gradient):
                // A gradient that stopped between its bands: the caller gave up, nothing more is drawn.
                guard fill(box, with: gradient, within: uncovered) else { return }
            case .image(let image): draw(image)
            case .glyphs(let run): draw(run)
            case let .decoration(rect, color):
                cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
                PNGRenderer.setColor(cr, color)
                cairo_fill(cr)
            case let .pushShadow(color, offset, blur):
                shadow(
                    of: commands[(index + 1)..<Self.matchingPopShadow(commands, after: index)], color: color,
                    offset: offset, blur: blur)
            case .popShadow:
                // The shadow was drawn at its push; what it is cast by is drawn over it as any other command.
                break
            case .pushClip(let box):
                cairo_save(cr)
                path(box)
                cairo_clip(cr)
            case .popClip: cairo_restore(cr)
            case .pushGroup: cairo_push_group(cr)
            case .popGroup:
                // The opacity is the matching push's: groups nest, so the stack of opacities is kept by Cairo's
                // own group stack through the source.
                cairo_pop_group_to_source(cr)
                cairo_paint_with_alpha(cr, groupOpacities.removeLast())
            case let .border(box, width, color):
                path(box)
                path(box.inset(by: width))
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                PNGRenderer.setColor(cr, color)
                cairo_fill(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            case let .outline(rect, color, width, dash):
                let w = max(width, minimumLineWidth)
                guard rect.width > w, rect.height > w else {
                    cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
                    PNGRenderer.setColor(cr, color)
                    cairo_fill(cr)
                    continue
                }
                cairo_rectangle(cr, rect.minX + w / 2, rect.minY + w / 2, rect.width - w, rect.height - w)
                stroke(color, width: w, dash: dash)
            case let .line(from, to, color, width):
                cairo_move_to(cr, from.x, from.y)
                cairo_line_to(cr, to.x, to.y)
                stroke(color, width: max(width, minimumLineWidth), dash: nil)
            case let .fillPath(shape, color):
                path(shape)
                PNGRenderer.setColor(cr, color)
                cairo_fill(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            case let .strokePath(shape, color, width):
                path(shape)
                stroke(color, width: width, dash: nil)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            case .pushClipPath(let shape):
                cairo_save(cr)
                path(shape)
                cairo_clip(cr)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            }
            if case .pushGroup(let opacity) = command { groupOpacities.append(opacity) }
        }
    }

    /// The opacities of the groups open.
    private var groupOpacities: [Double] = []

    /// Whether what is drawn under a later opaque fill is left out where the fill covers it whole
    /// (``CoveredPixels``): for an image surface only, where a pixel is final; not for a PDF page or a recording.
    var hidesCoveredPixels = false

    /// How an image surface fills a gradient over many pixels: in bands of whole pixel rows, each a fill of the
    /// box clipped to its rows (``pieces(of:within:)``), asking before each band whether to go on. One fill is one
    /// Cairo call that nothing stops (a radial gradient of 16.6 million pixels: 0.2 to 0.3 s on the shared
    /// machine); a band of ``defaultPixels``, under 10 ms. The bands draw the one fill's pixels, byte for byte:
    /// the gradient's pattern is in device pixels with a matrix that 16.16 fixed point holds exactly
    /// (``gradientPattern(_:)``), so Cairo hands pixman the same pattern for every band, and pixman steps along
    /// each row from the same first pixel.
    struct GradientBands {
        /// Pixels per band (a fill over at most this many is one band).
        var pixels: Int
        /// Whether to stop: asked before each band of a fill of several.
        var stop: () -> Bool

        /// 256 K pixels: 64 rows of a 4,096-pixel-wide picture, under 10 ms of a radial gradient on the shared
        /// machine while others build.
        static let defaultPixels = 1 << 18

        /// Bands of `pixels` pixels, stopping when `stop` says so (by default, when the caller that draws gives up:
        /// ``LayoutCancellation/current``).
        init(pixels: Int = defaultPixels, stop: (() -> Bool)? = nil) {
            let cancellation = LayoutCancellation.current
            self.pixels = max(1, pixels)
            self.stop = stop ?? { cancellation?.isCancelled == true }
        }
    }

    /// `nil`: every gradient is one fill (a PDF page, whose gradients stay one shading each; a recording).
    var gradientBands: GradientBands? = nil

    /// Saves the state and clips to `boxes` of the surface's pixels (the matrix kept as it was).
    private func clip(toPixels boxes: [CoveredPixels.Box]) {
        cairo_save(cr)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for b in boxes {
            cairo_rectangle(cr, Double(b.x0), Double(b.y0), Double(b.x1 - b.x0), Double(b.y1 - b.y0))
        }
        cairo_clip(cr)
        cairo_set_matrix(cr, &matrix)
    }

    init(
        cr: OpaquePointer, pixelScale: Double, deviceUnitsPerPixel: Double, glyphs: GlyphDrawing,
        faces: PictureFaces, width: Int, height: Int
    ) {
        self.cr = cr
        self.faces = faces
        self.pixelScale = pixelScale
        self.deviceUnitsPerPixel = deviceUnitsPerPixel
        self.glyphs = glyphs
        self.width = width
        self.height = height
    }

    private func stroke(_ color: RGBA, width: Double, dash: (on: Double, off: Double)?) {
        cairo_set_line_width(cr, width)
        if let dash {
            let lengths = [dash.on, dash.off]
            cairo_set_dash(cr, lengths, 2, 0)
        }
        PNGRenderer.setColor(cr, color)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    private func path(_ box: RoundedBox) { Self.addPath(cr, box) }

    /// Makes `shape` Cairo's current path, with its fill rule set (callers set the winding rule back after use).
    private func path(_ shape: Path) {
        cairo_new_path(cr)
        for element in shape.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p):
                if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, 0, 0) }
                cairo_line_to(cr, p.x, p.y)
            case let .curve(c1, c2, p):
                if cairo_has_current_point(cr) == 0 { cairo_move_to(cr, 0, 0) }
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
        cairo_set_fill_rule(cr, shape.usesEvenOddRule ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }

    /// Adds the box's outline to the path of `cr`: straight edges and circular corners.
    static func addPath(_ cr: OpaquePointer, _ box: RoundedBox) {
        let r = box.rect
        guard box.isRectangle else {
            let halfPi = Double.pi / 2
            cairo_new_sub_path(cr)
            cairo_arc(cr, r.maxX - box.topRight, r.minY + box.topRight, box.topRight, -halfPi, 0)
            cairo_arc(cr, r.maxX - box.bottomRight, r.maxY - box.bottomRight, box.bottomRight, 0, halfPi)
            cairo_arc(cr, r.minX + box.bottomLeft, r.maxY - box.bottomLeft, box.bottomLeft, halfPi, 2 * halfPi)
            cairo_arc(cr, r.minX + box.topLeft, r.minY + box.topLeft, box.topLeft, 2 * halfPi, 3 * halfPi)
            cairo_close_path(cr)
            return
        }
        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
    }

    /// Fills `box` with `gradient`, a piece at a time (``pieces(of:within:)``), asking before each piece of several
    /// whether to go on; `false` when it stopped because the caller gave up.
    private func fill(_ box: RoundedBox, with gradient: PlacedGradient, within uncovered: [CoveredPixels.Box]?) -> Bool
    {
        let pattern = gradientPattern(gradient)
        defer { cairo_pattern_destroy(pattern) }
        let pieces = self.pieces(of: box, within: uncovered)
        for piece in pieces {
            if pieces.count > 1, gradientBands?.stop() == true { return false }
            if let piece { clip(toPixels: [piece]) }
            fill(box, with: pattern)
            if piece != nil { cairo_restore(cr) }
        }
        return true
    }

    /// Fills `box` with `pattern`, a pattern in device units: the path is made in user space, then the matrix set
    /// to the identity for the fill.
    private func fill(_ box: RoundedBox, with pattern: OpaquePointer) {
        cairo_save(cr)
        path(box)
        cairo_identity_matrix(cr)
        cairo_set_source(cr, pattern)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The boxes of pixels to fill `box` in, each clipped to on its own; `[nil]`: one fill, unclipped.
    ///
    /// Under the clip that leaves out covered pixels (`uncovered`, its boxes), they are its boxes that meet the
    /// box's: Cairo draws a clip of several boxes through a mask, which rounds a pixel the box's edge crosses
    /// otherwise than a fill in one box, so that a band of rows that meets one of them would come out a level off
    /// where the whole fill, meeting several, does not. Otherwise one box is the whole canvas. With
    /// ``gradientBands`` set, each box over a band's pixels is cut into bands of whole rows. In one box, a fill
    /// draws what the unclipped fill draws (Cairo takes the same path, and pixman steps along each row from the
    /// same first pixel): the bands' pixels are the one fill's.
    private func pieces(of box: RoundedBox, within uncovered: [CoveredPixels.Box]?) -> [CoveredPixels.Box?] {
        // The pixels the box touches, within the canvas.
        var x0 = box.rect.minX, y0 = box.rect.minY, x1 = box.rect.maxX, y1 = box.rect.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        func pixel(_ value: Double, _ rule: FloatingPointRoundingRule, _ side: Int) -> Int {
            Int(min(max(value, 0), Double(side)).rounded(rule))
        }
        let touched = CoveredPixels.Box(
            x0: pixel(min(x0, x1), .down, width), y0: pixel(min(y0, y1), .down, height),
            x1: pixel(max(x0, x1), .up, width), y1: pixel(max(y0, y1), .up, height))
        let band = gradientBands?.pixels ?? .max
        if uncovered == nil && (touched.x1 - touched.x0) * (touched.y1 - touched.y0) <= band { return [nil] }
        var pieces: [CoveredPixels.Box?] = []
        for b in uncovered ?? [CoveredPixels.Box(x0: 0, y0: 0, x1: width, y1: height)] {
            let top = max(b.y0, touched.y0), bottom = min(b.y1, touched.y1)
            guard max(b.x0, touched.x0) < min(b.x1, touched.x1), top < bottom else { continue }
            let rows = max(1, band / (b.x1 - b.x0))
            for first in stride(from: top, to: bottom, by: rows) {
                pieces.append(CoveredPixels.Box(x0: b.x0, y0: first, x1: b.x1, y1: first + min(rows, bottom - first)))
            }
        }
        return pieces
    }

    /// `gradient` as a Cairo pattern (padded, with its stops) in the device units of ``cr``, for a fill whose matrix
    /// is the identity. Cairo hands pixman the matrix from device units to the pattern's space in 16.16 fixed point,
    /// nudged to be exact at the middle of what each fill covers; a matrix that fixed point does not hold (a pattern
    /// in points has one over a radius on its diagonal) is nudged another way for each band of a banded fill, whose
    /// pixels then come out a level off the one fill's. This matrix is held exactly: its diagonal and translation
    /// are multiples of 2^-15 (the pattern's space is the device's moved to the whole pixel nearest the gradient's
    /// start, then scaled), so a pixel's centre, a multiple of 1/2, lands on a multiple of 2^-16 and nothing is
    /// nudged. The scale keeps every pixel of the canvas and the gradient within ``patternReach`` of the origin
    /// (Cairo shrinks a gradient whose coordinates pass 16,383 by an inexact factor; pixman's coordinates end at
    /// 32,768). An ellipse's horizontal scale is such a multiple and its vertical one the multiple nearest that
    /// times the radii's ratio, which puts the vertical radius off by at most 2^-16 of itself over the vertical
    /// scale; a matrix in points put a radius off by up to 2^-17 of a pattern unit per pixel (0.2% at 300 pixels).
    private func gradientPattern(_ gradient: PlacedGradient) -> OpaquePointer {
        var start = (x: gradient.start.x, y: gradient.start.y), end = (x: gradient.end.x, y: gradient.end.y)
        cairo_user_to_device(cr, &start.x, &start.y)
        cairo_user_to_device(cr, &end.x, &end.y)
        let origin = (x: start.x.rounded(), y: start.y.rounded())
        // The farthest a canvas pixel lies from the origin, along x and along y.
        let canvasX = max(abs(origin.x), abs(Double(width) * deviceUnitsPerPixel - origin.x)) + 1
        let canvasY = max(abs(origin.y), abs(Double(height) * deviceUnitsPerPixel - origin.y)) + 1
        let pattern: OpaquePointer
        let scaleX: Double, scaleY: Double
        switch gradient.kind {
        case .axial:
            // A power of two at most 1: the pattern's space is the device's moved (and shrunk past patternReach).
            let reach = max(canvasX, canvasY, abs(end.x - origin.x), abs(end.y - origin.y))
            scaleX = reach > Self.patternReach ? exp2(-(log2(reach / Self.patternReach)).rounded(.up)) : 1
            scaleY = scaleX
            pattern = cairo_pattern_create_linear(
                scaleX * (start.x - origin.x), scaleY * (start.y - origin.y), scaleX * (end.x - origin.x),
                scaleY * (end.y - origin.y))
        case .radial:
            // A circle around the start, which the two scales make the ellipse.
            var rx = gradient.radiusX, ry = gradient.radiusY
            cairo_user_to_device_distance(cr, &rx, &ry)
            rx = abs(rx)
            ry = abs(ry)
            let unit = 0x1p-15
            func multiple(_ value: Double, _ rule: FloatingPointRoundingRule) -> Double {
                let m = (value / unit).rounded(rule) * unit
                return m.isFinite && m >= unit ? m : unit
            }
            scaleX = multiple(
                min(Self.patternReach / max(rx, canvasX), Self.patternReach * ry / (rx * max(ry, canvasY))),
                .down)
            scaleY = multiple(scaleX * rx / ry, .toNearestOrEven)
            let x = scaleX * (start.x - origin.x), y = scaleY * (start.y - origin.y)
            pattern = cairo_pattern_create_radial(x, y, 0, x, y, scaleX * rx)
        }
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, scaleX, 0, 0, scaleY, -scaleX * origin.x, -scaleY * origin.y)
        cairo_pattern_set_matrix(pattern, &matrix)
        for stop in gradient.stopsForUnpremultipliedInterpolation {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.location, Double(c.red) / 255, Double(c.green) / 255,
                Double(c.blue) / 255, c.opacity)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }

    /// How far from its origin a gradient's pattern space reaches (``gradientPattern(_:)``): half of the 16,383
    /// past which Cairo scales a gradient down.
    static let patternReach = 8_192.0

    /// Glyphs as ``glyphs`` says: filled outlines where they can be, the rest shown through Cairo's font.
    private func draw(_ run: GlyphRunDrawing) {
        guard run.size > 0, run.size.isFinite, let font = PictureFaces.font(run.font),
            let glyphFace = faces.face(for: font), let face = faces.cairoFace(for: glyphFace)
        else { return }
        var outlined: [cairo_glyph_t] = [], shown: [cairo_glyph_t] = []
        outlined.reserveCapacity(run.glyphs.count)
        // Colour glyphs in a PDF: shown as text, Cairo's PDF surface embeds a colour bitmap glyph as a Type 3 glyph
        // rasterized at a pixel per point (a 15-point emoji 19 × 18 pixels, blurred on any screen), so a bitmap
        // glyph is painted as the font's own picture, keeping the strike's pixels (Noto Color Emoji's 136 × 128),
        // as SVG embeds it. A colour font's glyph with an outline (a `COLR` glyph's base glyph) is filled as a path
        // in the run's colour, as in PNG: Cairo 1.16 has no `COLR` support, and shown as text a test font's
        // two-layer glyph came out as a bitmap of its left half in the wrong colour, at a pixel per point.
        var pictured = Set<Int>()
        if glyphs == .text {
            for image in faces.colorImages(run) {
                guard let source = faces.colorSurface(image.png, font: font, glyph: run.glyphs[image.index]),
                    image.box.minX.isFinite, image.box.minY.isFinite
                else { continue }
                paint(source.surface, width: source.width, height: source.height, into: image.box)
                pictured.insert(image.index)
            }
        }
        var lag = 0.0
        for (index, (id, position)) in zip(run.glyphs, run.positions).enumerated()
        where position.x.isFinite && position.y.isFinite && !pictured.contains(index) {
            var glyph = cairo_glyph_t(index: UInt(id), x: position.x, y: position.y)
            if glyphs == .outlines || font.isColor, !glyphFace.outline(of: id).isEmpty {
                outlined.append(glyph)
            } else {
                if glyphs == .text, !font.isColor {
                    glyph.x += lag
                    lag += Self.truncatedWidth(of: id, in: glyphFace, unitsPerEm: font.unitsPerEm, size: run.size)
                }
                shown.append(glyph)
            }
        }
        guard !outlined.isEmpty || !shown.isEmpty else { return }
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, run.size)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        PNGRenderer.setColor(cr, run.color)
        // Cairo loads the glyphs from the face lent to this picture: no other picture reads it meanwhile.
        if !outlined.isEmpty {
            cairo_new_path(cr)
            cairo_glyph_path(cr, outlined, Int32(outlined.count))
            cairo_fill(cr)
        }
        if !shown.isEmpty { cairo_show_glyphs(cr, shown, Int32(shown.count)) }
    }

    /// What a PDF reader loses of `glyph`'s advance at `size`, in points. Cairo writes an embedded outline font's
    /// advance widths truncated to whole thousandths of an em (Cairo 1.16: DejaVu Sans's space, 317.87, is 317),
    /// while it decides where a `TJ` string needs a position offset from the exact advances; so every glyph of a
    /// run lands the sum of the truncations before it to the left of its position (0.27 points, 0.55 pixels at
    /// scale 2, at the end of the feed cell's first body line: `Scripts/pdf-text-test.py` measures it). Handing
    /// Cairo each glyph that much further right makes the offsets it writes carry the difference, so readers draw
    /// the glyph where the layout put it, within the 2.5 thousandths of an em below which Cairo writes no offset.
    /// Colour fonts are embedded as Type 3 fonts, with other widths, and are left alone.
    private static func truncatedWidth(of glyph: UInt32, in face: GlyphFace, unitsPerEm: Int, size: Double) -> Double {
        let thousandths = face.advance(of: glyph) * 1000 / Double(unitsPerEm)
        return (thousandths - thousandths.rounded(.towardZero)) / 1000 * size
    }

    /// The image's pixels scaled into its destination, filtered (Cairo's `GOOD` filter: bilinear, with a box
    /// filter over the pixels a destination pixel covers when it shrinks the image), its edges not snapped.
    private func draw(_ image: ImageDrawing) {
        guard image.isDrawable else { return }
        let pixels = CairoImage(image)
        paint(pixels.surface, width: image.width, height: image.height, into: image.destination)
    }

    /// The `width × height` pixels of `surface` scaled into `d`, as ``draw(_:)-(ImageDrawing)`` draws an image.
    private func paint(_ surface: OpaquePointer, width: Int, height: Int, into d: Rect) {
        guard width > 0, height > 0, d.width > 0, d.height > 0 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, d.minX, d.minY, d.width, d.height)
        cairo_clip(cr)
        cairo_translate(cr, d.minX, d.minY)
        cairo_scale(cr, d.width / Double(width), d.height / Double(height))
        // The pattern takes its own reference to the surface: the pixels may go once it is made.
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The index of the ``DisplayCommand/popShadow`` that ends the shadowed part opened at `push` (the end of the
    /// list when it is missing).
    static func matchingPopShadow(_ commands: [DisplayCommand], after push: Int) -> Int {
        var depth = 0
        for index in (push + 1)..<commands.count {
            switch commands[index] {
            case .pushShadow: depth += 1
            case .popShadow:
                if depth == 0 { return index }
                depth -= 1
            default: break
            }
        }
        return commands.count
    }

    /// The shadow of a box: the box filled into a mask, blurred and painted through.
    private func shadow(_ box: RoundedBox, color: RGBA, blur: Double) {
        let r = box.rect
        paintShadow(
            color: color, blur: blur, inkX: r.minX * pixelScale, inkY: r.minY * pixelScale,
            inkWidth: r.width * pixelScale, inkHeight: r.height * pixelScale
        ) { mcr in
            cairo_scale(mcr, pixelScale, pixelScale)
            CairoPainter.addPath(mcr, box)
            cairo_set_source_rgba(mcr, 0, 0, 0, 1)
            cairo_fill(mcr)
        }
    }

    /// The shadow cast by `commands` (a text's glyphs and decorations): they are drawn once into a recording at
    /// the picture's pixel scale, whose coverage (each drawing's colour alpha included, as Core Graphics' shadows
    /// take it), moved by `offset`, is the mask.
    private func shadow(of commands: ArraySlice<DisplayCommand>, color: RGBA, offset: Point, blur: Double) {
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil) else { return }
        defer { cairo_surface_destroy(recording) }
        let rcr = cairo_create(recording)!
        cairo_scale(rcr, pixelScale, pixelScale)
        var recorder = CairoPainter(
            cr: rcr, pixelScale: pixelScale, deviceUnitsPerPixel: 1, glyphs: .outlines,
            faces: faces, width: width, height: height)
        recorder.draw(Array(commands))
        cairo_destroy(rcr)
        // Replaying the recording may read the picture's faces (glyphs shown rather than filled as paths), which
        // `faces` holds for it.
        var x = 0.0, y = 0.0, w = 0.0, h = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &w, &h)
        guard w > 0, h > 0 else { return }
        let dx = offset.x * pixelScale, dy = offset.y * pixelScale
        paintShadow(color: color, blur: blur, inkX: x + dx, inkY: y + dy, inkWidth: w, inkHeight: h) { mcr in
            cairo_set_source_surface(mcr, recording, dx, dy)
            cairo_paint(mcr)
        }
    }

    /// Paints `color` through a blurred mask: `drawMask` draws the mask's coverage in pixels of the canvas
    /// (its context is moved so that canvas pixels land in the mask) and covers `inkX`, `inkY`, `inkWidth`,
    /// `inkHeight` (pixels); the mask spans that, widened by the blur's reach and limited to where it can reach
    /// the canvas, and is blurred by ``GaussianBlur`` before the colour is painted through it.
    private func paintShadow(
        color: RGBA, blur: Double, inkX: Double, inkY: Double, inkWidth: Double,
        inkHeight: Double, drawMask: (OpaquePointer) -> Void
    ) {
        let sigma = min(max(blur, 0) * pixelScale, GaussianBlur.maximumSigma)
        let reach = Double(GaussianBlur.reach(sigma: sigma))
        // The mask covers the blurred ink where it can reach the canvas, in whole pixels.
        let x0 = max((inkX - reach).rounded(.down), -reach)
        let y0 = max((inkY - reach).rounded(.down), -reach)
        let x1 = min((inkX + inkWidth + reach).rounded(.up), Double(width) + reach)
        let y1 = min((inkY + inkHeight + reach).rounded(.up), Double(height) + reach)
        guard x1 > x0, y1 > y0 else { return }
        let maskWidth = Int(x1 - x0), maskHeight = Int(y1 - y0)
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(maskWidth), Int32(maskHeight)),
            cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS
        else { return }
        defer { cairo_surface_destroy(mask) }
        let mcr = cairo_create(mask)!
        cairo_translate(mcr, -x0, -y0)
        drawMask(mcr)
        cairo_destroy(mcr)
        cairo_surface_flush(mask)
        if let data = cairo_image_surface_get_data(mask) {
            GaussianBlur.blur(
                data, width: maskWidth, height: maskHeight,
                stride: Int(cairo_image_surface_get_stride(mask)), sigma: sigma)
        }
        cairo_surface_mark_dirty(mask)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if deviceUnitsPerPixel != 1 { cairo_scale(cr, deviceUnitsPerPixel, deviceUnitsPerPixel) }
        PNGRenderer.setColor(cr, color)
        cairo_mask_surface(cr, mask, x0, y0)
        cairo_restore(cr)
    }
}
