import LayoutDocument
import TextureLayout

/// Draws a layout as a PNG image: the same picture as ``SVGRenderer`` (nodes filled and outlined, specs dashed,
/// zero-size elements crossed, text as its measured lines, labels placed inside
/// their own elements where nothing drawn later covers them) at the document's pixel scale; glyphs are rasterized by FreeType, anti-aliased.
public enum PNGRenderer {
    /// The most pixels an image may have; a larger picture is drawn at a smaller scale.
    public static let maxPixels = 16_777_216

    /// Pixels per point for a picture of `size` at `scale`: the scale, reduced if the image would exceed
    /// ``maxPixels``. The image is `⌈width · s⌉ × ⌈height · s⌉` pixels and at least 1 × 1, so a zero side still
    /// takes a row or column: the scale is kept to `(width · s + 1) · (height · s + 1) ≤ maxPixels`, which bounds
    /// the image for every shape. A scale that is not positive draws at one pixel per point.
    package static func pixelScale(for size: Size, scale: Double) -> Double {
        func side(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), .greatestFiniteMagnitude) }
        let w = side(size.width), h = side(size.height), budget = Double(maxPixels) - 1
        // The positive root of w·h·s² + (w + h)·s + 1 − maxPixels, written so that nothing divides by w·h and no
        // product involves `scale` (which may be huge): zero sides give an infinite limit, huge ones zero.
        let limit = 2 * budget / ((w + h) + ((w + h) * (w + h) + 4 * w * h * budget).squareRoot())
        guard scale > 0 else { return min(1, limit) }
        return min(scale, limit)
    }

    /// The PNG file of a laid-out document, with the names `labels` asks for.
    public static func render(_ result: DocumentLayout, labels: LabelMode = .default) -> [UInt8] {
        PNGEncoder.encode(raster(LayoutPicture(result), labels: labels))
    }

    /// The PNG file of a picture, with the names `labels` asks for.
    public static func render(_ picture: LayoutPicture, labels: LabelMode = .default) -> [UInt8] {
        PNGEncoder.encode(raster(picture, labels: labels))
    }

    /// The picture drawn into pixels, with the names `labels` asks for.
    package static func raster(_ picture: LayoutPicture, labels: LabelMode = .default) -> Raster {
        let s = pixelScale(for: picture.size, scale: picture.scale)
        let width = max(1, Int(saturating: picture.size.width * s, .up))
        let height = max(1, Int(saturating: picture.size.height * s, .up))
        var raster = Raster(width: width, height: height, background: Palette.background)
        let lineWidth = max(1, 0.5 * s)
        let faces = PictureFaces()
        for item in picture.items {
            let f = item.frame
            let x0 = f.minX * s, y0 = f.minY * s, x1 = f.maxX * s, y1 = f.maxY * s
            if item.isText {
                raster.stroke(x0: x0, y0: y0, x1: x1, y1: y1, lineWidth: lineWidth, color: Palette.textStroke)
                for run in item.lines.lazy.flatMap(\.glyphRuns) {
                    if let glyphs = faces.glyphs(run) { raster.draw(glyphs, pixelScale: s) }
                }
            } else if let fill = item.fill {
                raster.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: fill)
                raster.stroke(x0: x0, y0: y0, x1: x1, y1: y1, lineWidth: lineWidth, color: Palette.nodeStroke)
            } else {
                raster.stroke(x0: x0, y0: y0, x1: x1, y1: y1, lineWidth: lineWidth, color: Palette.specStroke,
                              dash: (3 * s, 2 * s))
            }
        }
        for item in picture.items where item.isZeroSize {
            let cx = (item.frame.minX + item.frame.width / 2) * s, cy = (item.frame.minY + item.frame.height / 2) * s
            let arm = 3 * s
            let f = item.frame
            if f.width > 0 || f.height > 0 {
                raster.line(x0: f.minX * s, y0: f.minY * s, x1: f.maxX * s, y1: f.maxY * s, lineWidth: max(1, s),
                            color: Palette.marker)
            }
            raster.line(x0: cx - arm, y0: cy - arm, x1: cx + arm, y1: cy + arm, lineWidth: max(1, s),
                        color: Palette.marker)
            raster.line(x0: cx - arm, y0: cy + arm, x1: cx + arm, y1: cy - arm, lineWidth: max(1, s),
                        color: Palette.marker)
        }
        if let typeface = faces.labels {
            for label in picture.labels(mode: labels, font: typeface) {
                let glyphs = typeface.glyphs(label.text, x: label.box.minX, baseline: label.baseline,
                                             color: label.color)
                raster.draw(glyphs, pixelScale: s)
            }
        }
        return raster
    }
}
