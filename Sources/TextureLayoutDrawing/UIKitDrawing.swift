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
        guard let context = UIGraphicsGetCurrentContext(), let pixels else { return }
        context.draw(pixels, in: rect, alpha: alpha)
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
        let bytes = Bitmaps.png(width: pixels.width, height: pixels.height,
                                premultipliedRGBA: pixels.premultipliedRGBA)
        return bytes.isEmpty ? nil : Data(bytes)
    }
}

/// Texture's `ASImageNodeRoundBorderModificationBlock`: a modification block that cuts the image to the oval
/// inside it and, when `borderWidth` is positive, strokes that oval `borderWidth` wide in `borderColor` (centred
/// on the edge, so half of it falls outside and is not drawn).
public func ASImageNodeRoundBorderModificationBlock(_ borderWidth: CGFloat, _ borderColor: UIColor?)
    -> (UIImage, ASPrimitiveTraitCollection) -> UIImage? {
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
