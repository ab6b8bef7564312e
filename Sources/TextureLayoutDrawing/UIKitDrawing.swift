// UIKit's drawing calls on colours and images where there is no UIKit, and images' pixels.

#if !canImport(UIKit) && !canImport(CoreGraphics)
import Foundation
import LayoutRendering
import TextureLayoutImages
import TextureLayoutPaint

/// Core Graphics' `CGBlendMode`, as UIKit's image drawing takes it. Everything is drawn source-over here
/// (`.normal`); Texture's own drawing asks for `.copy` only into clean contexts, where the two draw the same.
public enum CGBlendMode: Int32, Hashable, Sendable {
    /// Source over.
    case normal
    /// The source replaces what is under it (drawn as `.normal`).
    case copy
    /// Drawn as `.normal`.
    case sourceAtop
    /// Drawn as `.normal`.
    case multiply
}

/// UIKit's colour-setting drawing calls.
extension UIColor {
    /// The colour as pictures draw it.
    var rgba: RGBA { RGBA(cgColor) }

    /// UIKit's `setFill()`: the current context fills with this colour.
    public func setFill() { UIGraphicsGetCurrentContext()?.fillColor = rgba }

    /// UIKit's `setStroke()`: the current context strokes with this colour.
    public func setStroke() { UIGraphicsGetCurrentContext()?.strokeColor = rgba }

    /// UIKit's `set()`: the current context fills and strokes with this colour.
    public func set() {
        setFill()
        setStroke()
    }
}

/// UIKit's `UIRectFill`: fills `rect` with the current context's fill colour.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }

/// UIKit's image drawing calls and PNG encoding.
extension UIImage {
    /// The image's pixels: its ``UIImage/bitmap``, or its ``UIImage/encodedData`` decoded by the images module
    /// (PNG through libpng, JPEG through libjpeg-turbo, upright by its EXIF orientation); `nil` for an image known
    /// only by its size, or data that does not decode.
    var pixels: Bitmap? {
        if let bitmap { return bitmap }
        guard let encodedData, let decoded = try? DecodedImage([UInt8](encodedData)) else { return nil }
        return Bitmap(width: decoded.width, height: decoded.height, premultipliedRGBA: decoded.premultipliedRGBA)
    }

    /// UIKit's `draw(in:)`: the image scaled to fill `rect` in the current context.
    public func draw(in rect: CGRect) { draw(in: rect, blendMode: .normal, alpha: 1) }

    /// UIKit's `draw(in:blendMode:alpha:)`: the image scaled to fill `rect` in the current context, `alpha`
    /// opaque (every blend mode draws source-over; see ``CGBlendMode``).
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        for piece in pieces(in: rect) { context.draw(piece.pixels, in: piece.rect, alpha: alpha) }
    }

    /// What drawing the image into `rect` draws: its pixels scaled into it, or, for an image with
    /// ``UIImage/capInsets``, nine pieces (corners at their size, edges stretched along their side, the middle
    /// both ways), each with its own pixels. A piece with no pixels or no room is left out, so caps wider than
    /// `rect` draw only what fits. Nothing for an image without pixels.
    func pieces(in rect: CGRect) -> [(pixels: Bitmap, rect: CGRect)] {
        guard let pixels else { return [] }
        let insets = capInsets
        guard insets.top > 0 || insets.left > 0 || insets.bottom > 0 || insets.right > 0 else {
            return [(pixels, rect)]
        }
        /// The three spans of one axis: in the image's pixels and in `rect`'s points.
        func spans(
            pixelCount: Int, start: Double, end: Double, from: CGFloat, to: CGFloat
        )
            -> [(pixels: Range<Int>, points: (CGFloat, CGFloat))]
        {
            let first = min(pixelCount, Int((start * Double(scale)).rounded()))
            let last = max(first, pixelCount - Int((end * Double(scale)).rounded()))
            let a = from + CGFloat(start), b = max(a, to - CGFloat(end))
            return [(0..<first, (from, a)), (first..<last, (a, b)), (last..<pixelCount, (b, to))]
        }
        let columns = spans(
            pixelCount: pixels.width, start: insets.left, end: insets.right, from: rect.minX,
            to: rect.maxX)
        let rows = spans(
            pixelCount: pixels.height, start: insets.top, end: insets.bottom, from: rect.minY,
            to: rect.maxY)
        var pieces: [(pixels: Bitmap, rect: CGRect)] = []
        for row in rows where row.points.1 > row.points.0 {
            for column in columns where column.points.1 > column.points.0 {
                guard let piece = pixels.cropped(columns: column.pixels, rows: row.pixels) else { continue }
                pieces.append(
                    (
                        piece,
                        CGRect(
                            x: column.points.0, y: row.points.0,
                            width: column.points.1 - column.points.0,
                            height: row.points.1 - row.points.0)
                    ))
            }
        }
        return pieces
    }

    /// UIKit's `draw(at:)`: the image at its size with its top left corner at `point`.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    /// UIKit's `draw(at:blendMode:alpha:)`.
    public func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    /// UIKit's `pngData()`: the image's pixels as a PNG file (8-bit RGBA), or `nil` when it has none.
    public func pngData() -> Data? {
        guard let pixels else { return nil }
        let bytes = Bitmaps.png(
            width: pixels.width, height: pixels.height,
            premultipliedRGBA: pixels.premultipliedRGBA)
        return bytes.isEmpty ? nil : Data(bytes)
    }
}

extension UIImage.Bitmap {
    /// The pixels of `columns` × `rows`; `nil` when either range is empty.
    func cropped(columns: Range<Int>, rows: Range<Int>) -> UIImage.Bitmap? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(columns.count * rows.count * 4)
        for row in rows {
            let start = (row * width + columns.lowerBound) * 4
            bytes += premultipliedRGBA[start..<start + columns.count * 4]
        }
        return UIImage.Bitmap(width: columns.count, height: rows.count, premultipliedRGBA: bytes)
    }
}

/// Texture's resizable rounded images (UIImage+ASConvenience).
extension UIImage {
    /// Texture's `as_resizableRoundedImageWithCornerRadius:cornerColor:fillColor:` (UIImage+ASConvenience): a
    /// square of `2 × cornerRadius + 1` points at the screen scale, filled with `cornerColor` (left transparent
    /// when it is `nil` or clear), then a rounded rectangle of that radius filled with `fillColor`, resizable with
    /// `cornerRadius` as every cap inset, so that it draws a rounded rectangle of any size.
    public static func as_resizableRoundedImage(
        withCornerRadius cornerRadius: CGFloat, cornerColor: UIColor?,
        fill fillColor: UIColor
    ) -> UIImage {
        let side = cornerRadius * 2 + 1
        let format = UIGraphicsImageRendererFormat()
        format.scale = ASScreenScale()
        let image = UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { _ in
            let bounds = CGRect(x: 0, y: 0, width: side, height: side)
            if let cornerColor, cornerColor.alpha > 0 {
                cornerColor.setFill()
                UIRectFill(bounds)
            }
            fillColor.setFill()
            UIBezierPath(roundedRect: bounds, cornerRadius: cornerRadius).fill()
        }
        let cap = Double(cornerRadius)
        return image.resizableImage(withCapInsets: UIEdgeInsets(top: cap, left: cap, bottom: cap, right: cap))
    }
}

/// Texture's `ASImageNodeRoundBorderModificationBlock`: a modification block that cuts the image to the oval
/// inside it and, when `borderWidth` is positive, strokes that oval `borderWidth` wide in `borderColor` (centred
/// on the edge, so half of it falls outside and is not drawn).
public func ASImageNodeRoundBorderModificationBlock(
    _ borderWidth: CGFloat, _ borderColor: UIColor?
)
    -> (UIImage, ASPrimitiveTraitCollection) -> UIImage?
{
    { image, _ in
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        return UIGraphicsImageRenderer(size: image.size, format: format).image { _ in
            let oval = UIBezierPath(ovalIn: CGRect(origin: .zero, size: image.size))
            oval.addClip()
            image.draw(at: .zero)
            if borderWidth > 0, let borderColor {
                borderColor.setStroke()
                oval.lineWidth = borderWidth
                oval.stroke()
            }
        }
    }
}
#endif
