import Foundation
import LayoutRendering
import TextureLayoutImages

/// Two PNG files compared pixel by pixel, for the image snapshots.
///
/// A pixel matches when none of its four channels (premultiplied) differs by more than
/// `perPixelTolerance` × 255; the images match when they have the same size and at least `precision` of their
/// pixels match.
struct PNGComparison {
    /// The share of pixels that must match, 0...1.
    var precision: Double
    /// How far a channel may be off and its pixel still match, as a share of 255.
    var perPixelTolerance: Double

    /// `nil` when `reference` and `actual` match; else why not, with the path of a picture of the differences
    /// (each channel's difference, on an opaque canvas) written to `diffFolder`.
    func failure(reference: Data, actual: Data, diffFolder: URL) -> String? {
        guard let old = DecodedPNG(reference) else { return "The reference is not a PNG file." }
        guard let new = DecodedPNG(actual) else { return "The new image is not a PNG file." }
        let width = max(old.width, new.width), height = max(old.height, new.height)
        let limit = Int((perPixelTolerance * 255).rounded(.down))
        var differing = 0
        var diff = [UInt32](repeating: 0xFF00_0000, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let a = old.pixel(x, y), b = new.pixel(x, y)
                var worst = 0, word: UInt32 = 0xFF00_0000
                for shift in stride(from: 0, through: 16, by: 8) {
                    let d = abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
                    worst = max(worst, d)
                    word |= UInt32(d) << shift
                }
                worst = max(worst, abs(Int(a >> 24) - Int(b >> 24)))
                if worst > limit { differing += 1 }
                diff[y * width + x] = word
            }
        }
        let total = max(1, width * height)
        let matching = Double(total - differing) / Double(total)
        if old.width == new.width, old.height == new.height, matching >= precision { return nil }
        let file = diffFolder.appendingPathComponent("snapshot-diff-\(UUID().uuidString).png")
        let written = DecodedPNG.write(diff, width: width, height: height, to: file.path)
        let sizes =
            old.width == new.width && old.height == new.height
            ? "" : " The reference is \(old.width)×\(old.height) pixels, the new image \(new.width)×\(new.height)."
        return "\(differing) of \(total) pixels differ by more than \(limit)/255 in a channel "
            + "(\(String(format: "%.4f", matching)) match, \(precision) required).\(sizes) "
            + (written ? "The differences: \(file.path)" : "The picture of the differences could not be written.")
    }
}

/// A PNG file's pixels as 32-bit premultiplied ARGB words (alpha in the high byte), decoded by the images module.
struct DecodedPNG {
    let width: Int, height: Int
    private let image: DecodedImage

    /// Decodes `data`; `nil` when it is not a PNG (or JPEG) file the images module reads.
    init?(_ data: Data) {
        guard let image = try? DecodedImage([UInt8](data)) else { return nil }
        (width, height, self.image) = (image.width, image.height, image)
    }

    /// The pixel at column `x`, row `y`; transparent outside the image.
    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        guard x < width, y < height else { return 0 }
        let p = image.pixel(x: x, y: y)
        return UInt32(p.alpha) << 24 | UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue)
    }

    /// Writes premultiplied ARGB `pixels` as a PNG file at `path`; whether it was written.
    static func write(_ pixels: [UInt32], width: Int, height: Int, to path: String) -> Bool {
        guard width > 0, height > 0, pixels.count == width * height else { return false }
        let rgba = pixels.flatMap { word in
            [
                UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word),
                UInt8(truncatingIfNeeded: word >> 24),
            ]
        }
        let bytes = Bitmaps.png(width: width, height: height, premultipliedRGBA: rgba)
        return !bytes.isEmpty && (try? Data(bytes).write(to: URL(fileURLWithPath: path))) != nil
    }
}
