import CCairo
import TextureLayout
import TextureLayoutPaint

/// Pixels in memory for drawing code outside this module (the compatibility module's image contexts and
/// snapshots): display lists drawn into premultiplied RGBA, PNG files made from such pixels and read back into them.
package enum Bitmaps {
    /// `list` drawn at `scale` pixels per point (reduced as ``PNGRenderer`` reduces a picture's scale), on a
    /// transparent canvas, or filled with `background`: the pixel size, the scale used and the pixels, rows top to
    /// bottom, each red, green, blue and alpha premultiplied.
    package static func draw(_ list: DisplayList, scale: Double, background: RGBA? = nil)
        -> (width: Int, height: Int, scale: Double, premultipliedRGBA: [UInt8]) {
        let image = PNGRenderer.draw([list], scale: scale, background: background)
        return (image.width, image.height, PNGRenderer.pixelScale(for: list.size, scale: scale),
                image.premultipliedRGBA)
    }

    /// A PNG file (8-bit RGBA, Cairo's writer over libpng) of `width × height` premultiplied RGBA pixels.
    package static func png(width: Int, height: Int, premultipliedRGBA: [UInt8]) -> [UInt8] {
        let list = DisplayList(size: Size(Double(width), Double(height)), commands: [
            .image(ImageDrawing(width: width, height: height, premultipliedRGBA: premultipliedRGBA,
                                destination: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))),
        ])
        return PNGRenderer.render([list], scale: 1, background: nil)
    }

    /// The pixels of the PNG file `bytes` (Cairo's reader over libpng), premultiplied RGBA, or `nil` when the
    /// bytes are not a PNG file Cairo reads.
    package static func decodePNG(_ bytes: [UInt8]) -> (width: Int, height: Int, premultipliedRGBA: [UInt8])? {
        let source = PNGSource(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(PNGSource.read, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { return nil }
        defer { cairo_surface_destroy(surface) }
        let format = cairo_image_surface_get_format(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { return nil }
        let image = CairoImage(adopting: cairo_surface_reference(surface)!)
        return (image.width, image.height, image.premultipliedRGBA)
    }
}

/// The bytes Cairo's PNG reader reads, in order.
private final class PNGSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Cairo's read function: the next `length` bytes, or an error when fewer are left.
    static let read: cairo_read_func_t = { closure, data, length in
        let source = Unmanaged<PNGSource>.fromOpaque(closure!).takeUnretainedValue()
        let count = Int(length)
        guard let data, source.bytes.count - source.offset >= count else { return CAIRO_STATUS_READ_ERROR }
        source.bytes.withUnsafeBufferPointer { buffer in
            data.update(from: buffer.baseAddress! + source.offset, count: count)
        }
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }
}

extension CairoImage {
    /// An image of `surface`, an ARGB32 image surface this value now owns.
    init(adopting surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    /// The pixels, rows top to bottom, each red, green, blue, alpha, premultiplied (Cairo's ARGB32 words, whose
    /// channels are premultiplied too, reordered; an RGB24 surface's unused byte is read as opaque).
    var premultipliedRGBA: [UInt8] {
        cairo_surface_flush(surface)
        let opaque: UInt32 = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            data.advanced(by: row * stride).withMemoryRebound(to: UInt32.self, capacity: width) { words in
                for column in 0..<width {
                    let word = words[column] | opaque, i = (row * width + column) * 4
                    bytes[i] = UInt8(truncatingIfNeeded: word >> 16)
                    bytes[i + 1] = UInt8(truncatingIfNeeded: word >> 8)
                    bytes[i + 2] = UInt8(truncatingIfNeeded: word)
                    bytes[i + 3] = UInt8(truncatingIfNeeded: word >> 24)
                }
            }
        }
        return bytes
    }
}
