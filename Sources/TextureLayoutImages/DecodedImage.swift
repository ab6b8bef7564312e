// Unsafe rooms: libpng, libjpeg.
// Invariants: the decoders (C shims over libpng and libjpeg) read only the encoded bytes and write only the pixel
// array they are lent, with both arrays' counts; the pixel array is sized width x height x 4 before decoding; rows
// are copied as 32-bit pixels within the arrays' byte counts.

import CImageDecoders

/// An image's pixels, decoded and upright: what a picture draws.
public struct DecodedImage: Sendable {
    /// Width in pixels (after the EXIF orientation).
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height` pixels, rows top to bottom, each red, green, blue, alpha, 8 bits each, sRGB, with the colour
    /// multiplied by the alpha (premultiplied, as pictures composite).
    public let premultipliedRGBA: [UInt8]

    /// The most scans a progressive JPEG may have (real files have about ten; libjpeg-turbo's own tools stop at
    /// 500 when asked to be strict).
    static let maxScans: Int32 = 500

    /// The most working memory libjpeg may take for one image (a progressive image keeps all its coefficients: 2
    /// bytes per sample, 384 MB for 64 million pixels in full colour resolution).
    static let maxJPEGMemory = 512 << 20

    /// Decodes the PNG or JPEG in `bytes`. The header is checked against `limits` first, so an oversized image is
    /// refused before any pixel is decoded; a truncated or corrupt body is an error.
    public init(_ bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageError) {
        let header = try ImageHeader(bytes, limits: limits)
        let storedWidth = header.orientation.swapsSides ? header.height : header.width
        let storedHeight = header.orientation.swapsSides ? header.width : header.height
        var pixels: [UInt8]
        switch header.format {
        case .png: pixels = try Self.decodePNG(bytes, width: storedWidth, height: storedHeight)
        case .jpeg: pixels = try Self.decodeJPEG(bytes, width: storedWidth, height: storedHeight)
        }
        Self.premultiply(&pixels)
        width = header.width
        height = header.height
        premultipliedRGBA =
            header.orientation == .up
            ? pixels
            : Self.turned(pixels, width: storedWidth, height: storedHeight, by: header.orientation)
    }

    /// An image of `width × height` premultiplied RGBA pixels.
    public init(width: Int, height: Int, premultipliedRGBA: [UInt8]) {
        precondition(
            width >= 0 && height >= 0 && premultipliedRGBA.count == width * height * 4,
            "\(premultipliedRGBA.count) bytes are not \(width)×\(height) RGBA pixels")
        self.width = width
        self.height = height
        self.premultipliedRGBA = premultipliedRGBA
    }

    /// The pixel at column `x`, row `y`: red, green, blue, alpha (premultiplied).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (premultipliedRGBA[i], premultipliedRGBA[i + 1], premultipliedRGBA[i + 2], premultipliedRGBA[i + 3])
    }

    /// A PNG's pixels as 8-bit RGBA, not premultiplied (every colour type, bit depth, palette, transparency chunk
    /// and interlacing; samples taken as sRGB).
    private static func decodePNG(_ bytes: [UInt8], width: Int, height: Int) throws(ImageError) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { out in
                tl_png_decode(data.baseAddress, data.count, out.baseAddress, out.count, &message, message.count)
            }
        }
        guard status == 0 else { throw Self.error("a corrupt or truncated PNG", library: "libpng", message) }
        return pixels
    }

    /// A JPEG's pixels as RGBA with opaque alpha.
    private static func decodeJPEG(_ bytes: [UInt8], width: Int, height: Int) throws(ImageError) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var message = [CChar](repeating: 0, count: 200)
        let status = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { out in
                tl_jpeg_decode(
                    data.baseAddress, data.count, out.baseAddress, out.count, maxScans,
                    maxJPEGMemory, &message, message.count)
            }
        }
        guard status == 0 else { throw Self.error("a corrupt or truncated JPEG", library: "libjpeg", message) }
        return pixels
    }

    /// What went wrong, with the library's own words (a NUL-terminated `message`) after it.
    private static func error(_ what: String, library: String, _ message: [CChar]) -> ImageError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ImageError(text.isEmpty ? what : "\(what) (\(library): \(text))")
    }

    /// Multiplies each pixel's colour by its alpha (rounded to the nearest), in place.
    private static func premultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let alpha = UInt32(p[i + 3])
                if alpha != 255 {
                    p[i] = UInt8((UInt32(p[i]) * alpha + 127) / 255)
                    p[i + 1] = UInt8((UInt32(p[i + 1]) * alpha + 127) / 255)
                    p[i + 2] = UInt8((UInt32(p[i + 2]) * alpha + 127) / 255)
                }
                i += 4
            }
        }
    }

    /// The stored pixels of a `width × height` image turned upright by `orientation`.
    private static func turned(
        _ pixels: [UInt8], width: Int, height: Int, by orientation: ImageOrientation
    )
        -> [UInt8]
    {
        let outWidth = orientation.swapsSides ? height : width
        let outHeight = orientation.swapsSides ? width : height
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                let from = source.bindMemory(to: UInt32.self), to = target.bindMemory(to: UInt32.self)
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let stored = orientation.storedPixel(x: x, y: y, width: width, height: height)
                        to[y * outWidth + x] = from[stored.y * width + stored.x]
                    }
                }
            }
        }
        return out
    }
}
