import CCairo
import Foundation

/// Two PNG files compared pixel by pixel, for the image snapshots.
///
/// A pixel matches when none of its four channels (premultiplied, as Cairo decodes them) differs by more than
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
        guard let old = DecodedPNG(reference) else { return "The reference is not a PNG file Cairo can read." }
        guard let new = DecodedPNG(actual) else { return "The new image is not a PNG file Cairo can read." }
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
        let sizes = old.width == new.width && old.height == new.height
            ? "" : " The reference is \(old.width)×\(old.height) pixels, the new image \(new.width)×\(new.height)."
        return "\(differing) of \(total) pixels differ by more than \(limit)/255 in a channel "
            + "(\(String(format: "%.4f", matching)) match, \(precision) required).\(sizes) "
            + (written ? "The differences: \(file.path)" : "The picture of the differences could not be written.")
    }
}

/// A PNG file decoded by Cairo into 32-bit premultiplied ARGB pixels.
struct DecodedPNG {
    let width: Int, height: Int
    private let pixels: [UInt32]

    /// Decodes `data` (through a temporary file, which Cairo's reader takes); `nil` when it is not a PNG file.
    init?(_ data: Data) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? data.write(to: file)) != nil, let surface = cairo_image_surface_create_from_png(file.path)
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
                || cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24,
              let base = cairo_image_surface_get_data(surface)
        else { return nil }
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            base.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { row in
                for x in 0..<width { pixels[y * width + x] = opaque ? row[x] | 0xFF00_0000 : row[x] }
            }
        }
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }

    /// The pixel at column `x`, row `y`; transparent outside the image.
    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        x < width && y < height ? pixels[y * width + x] : 0
    }

    /// Writes opaque ARGB `pixels` as a PNG file at `path`; whether it was written.
    static func write(_ pixels: [UInt32], width: Int, height: Int, to path: String) -> Bool {
        guard width > 0, height > 0 else { return false }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(surface)
        else { return false }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            base.advanced(by: y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { row in
                for x in 0..<width { row[x] = pixels[y * width + x] }
            }
        }
        cairo_surface_mark_dirty(surface)
        return cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS
    }
}
