import CCairo
import LayoutDocument
import TextureLayout
import TextureLayoutPaint

/// Writes display lists as a one-page PDF through Cairo's PDF surface, drawn by the same Cairo routine as the
/// PNG back end: paths, gradients, clips and groups stay vectors, glyphs are text in the embedded, subsetted fonts
/// (selectable), and shadows are images blurred at the PNG's resolution.
public enum PDFRenderer {
    /// The PDF file of `lists` drawn one over the other on a page of the first list's size in points (at least 1
    /// on a side), filled with `background` first (transparent when `nil`). What has to be rasterized (shadows)
    /// is at `scale` pixels per point, reduced for a huge picture as ``PNGRenderer/pixelScale(for:scale:)`` does.
    package static func render(_ lists: [DisplayList], scale: Double, background: RGBA?) -> [UInt8] {
        let size = lists.first?.size ?? Size(0, 0)
        func side(_ value: Double) -> Double { value.isFinite ? max(value, 1) : 1 }
        let s = PNGRenderer.pixelScale(for: size, scale: scale)
        let (width, height) = PNGRenderer.pixels(size, pixelScale: s)
        let sink = CairoBytes(), faces = PictureFaces()
        sink.writing { closure in
            let surface = cairo_pdf_surface_create_for_stream(
                CairoBytes.write, closure, side(size.width),
                side(size.height))!
            let cr = cairo_create(surface)!
            CairoPainter.paint(
                lists, on: cr, background: background,
                painter: CairoPainter(
                    cr: cr, pixelScale: s, deviceUnitsPerPixel: 1 / s,
                    glyphs: .text, faces: faces, width: width, height: height))
            cairo_destroy(cr)
            // Finishing subsets the fonts from the faces lent to this picture: they go back only after it.
            withExtendedLifetime(faces) {
                cairo_surface_finish(surface)
                cairo_surface_destroy(surface)
            }
        }
        return sink.bytes
    }
}
