import TextureLayout
import TextureLayoutPaint

/// Pixels in memory for drawing code outside this module (the compatibility module's image contexts and
/// snapshots): display lists drawn into premultiplied RGBA, and PNG files made from such pixels.
package enum Bitmaps {
    /// `lists` drawn one over the other at `scale` pixels per point (reduced as ``PNGRenderer`` reduces a
    /// picture's scale) on a canvas of the first list's size, transparent or filled with `background`: the pixel
    /// size, the scale used and the pixels, rows top to bottom, each red, green, blue and alpha premultiplied.
    package static func draw(
        _ lists: [DisplayList], scale: Double, background: RGBA? = nil
    )
        -> (width: Int, height: Int, scale: Double, premultipliedRGBA: [UInt8])
    {
        let image = PNGRenderer.draw(lists, scale: scale, background: background)
        return (
            image.width, image.height,
            PNGRenderer.pixelScale(for: lists.first?.size ?? Size(0, 0), scale: scale), image.premultipliedRGBA
        )
    }

    /// A PNG file (``PNGWriter``'s) of `width × height` premultiplied RGBA pixels.
    package static func png(width: Int, height: Int, premultipliedRGBA: [UInt8]) -> [UInt8] {
        let image = CairoImage(
            ImageDrawing(
                width: width, height: height, premultipliedRGBA: premultipliedRGBA,
                destination: Rect(
                    x: 0, y: 0, width: Double(width),
                    height: Double(height))))
        return image.png()
    }
}
