// Reading pictures back, and a PNG file written by hand (stored DEFLATE blocks and zlib's Adler-32 as their
// specifications give them, the chunks by TestSupport's PNGFile), so that decoding is checked against a file no
// code of ours encoded.

import Foundation
import TestSupport
import TextureLayoutDrawing

/// A pixel of a picture: red, green, blue, alpha, premultiplied (as the picture holds it).
struct Pixel: Equatable, CustomStringConvertible {
    var r: Int, g: Int, b: Int, a: Int
    init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

    static let clear = Pixel(0, 0, 0, 0)
    static let red = Pixel(255, 0, 0)
    static let green = Pixel(0, 255, 0)
    static let blue = Pixel(0, 0, 255)
    static let white = Pixel(255, 255, 255)

    var description: String { "(\(r), \(g), \(b), \(a))" }

    /// Whether every channel is within `tolerance` of `other`'s.
    func isClose(to other: Pixel, within tolerance: Int) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance && abs(b - other.b) <= tolerance
            && abs(a - other.a) <= tolerance
    }
}

extension UIImage {
    /// The pixel at column `x`, row `y` of the image's bitmap.
    func pixel(_ x: Int, _ y: Int) -> Pixel {
        guard let bitmap, (0..<bitmap.width).contains(x), (0..<bitmap.height).contains(y) else { return .clear }
        let i = (y * bitmap.width + x) * 4, p = bitmap.premultipliedRGBA
        return Pixel(Int(p[i]), Int(p[i + 1]), Int(p[i + 2]), Int(p[i + 3]))
    }

    /// The pixel under the point (`x`, `y`) in points: the pixel whose area holds it.
    func pixel(at x: Double, _ y: Double) -> Pixel { pixel(Int(x * scale), Int(y * scale)) }
}

/// A PNG file (8-bit RGBA, no filtering, stored DEFLATE) of `width × height` pixels, each `color(x, y)` as
/// red, green, blue, alpha.
func handWrittenPNG(width: Int, height: Int, color: (Int, Int) -> [UInt8]) -> Data {
    var raw: [UInt8] = []
    for y in 0..<height {
        raw.append(0)  // filter type None
        for x in 0..<width { raw += color(x, y) }
    }
    // zlib: CMF 0x78, FLG 0x01 (check bits make 0x7801 a multiple of 31), stored blocks of at most 65,535 bytes,
    // then the Adler-32 of the raw bytes.
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
        let count = min(65_535, raw.count - offset)
        let final: UInt8 = offset + count == raw.count ? 1 : 0
        zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
        zlib += raw[offset..<offset + count]
        offset += count
    } while offset < raw.count
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in raw {
        a = (a + UInt32(byte)) % 65_521
        b = (b + a) % 65_521
    }
    zlib += PNGFile.bigEndian(b << 16 | a)
    var file = PNGFile.signature
    let header = PNGFile.bigEndian(UInt32(width)) + PNGFile.bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
    file += PNGFile.chunk("IHDR", header)
    file += PNGFile.chunk("IDAT", zlib)
    file += PNGFile.chunk("IEND", [])
    return Data(file)
}

/// A 20 × 20 pixel PNG in four 10 × 10 quadrants: red top left, green top right, blue bottom left, white bottom
/// right, all opaque.
func quadrantsPNG() -> Data {
    handWrittenPNG(width: 20, height: 20) { x, y in
        switch (x < 10, y < 10) {
        case (true, true): [255, 0, 0, 255]
        case (false, true): [0, 255, 0, 255]
        case (true, false): [0, 0, 255, 255]
        case (false, false): [255, 255, 255, 255]
        }
    }
}

/// A node laid out at exactly `width × height` points.
func laidOut<Node: ASDisplayNode>(_ node: Node, _ width: CGFloat, _ height: CGFloat) -> Node {
    _ = node.layoutThatFits(ASSizeRangeMake(CGSize(width: width, height: height)))
    return node
}
