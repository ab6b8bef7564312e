import CCairo
import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

/// The repository's `Examples/` folder.
let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

/// Every example document's name (`feed-cell` for `Examples/feed-cell.json`).
let exampleNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}()

/// Lays out a document given as JSON text, its files named relative to `baseFolder`.
func layOut(_ json: String, baseFolder: String? = nil) throws -> DocumentLayout {
    try LayoutDocument(json: json, baseFolder: baseFolder).layout()
}

/// Lays out an example.
func layOutExample(_ name: String) throws -> DocumentLayout {
    let bytes = try [UInt8](Data(contentsOf: examplesDirectory.appendingPathComponent(name + ".json")))
    return try LayoutDocument(bytes: bytes, baseFolder: examplesDirectory.path).layout()
}

/// A PNG file read back by libpng (through Cairo's reader, which we did not write): its size and its pixels,
/// unpremultiplied.
struct DecodedPNG {
    enum Failure: Error { case unreadable }
    let width: Int
    let height: Int
    private let pixels: [RGBA]

    init(_ file: [UInt8]) throws {
        #expect(Array(file.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        final class Source {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let source = Source(file)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    let source = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
                    let count = Int(length)
                    guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    source.bytes.withUnsafeBufferPointer { buffer in
                        data!.update(from: buffer.baseAddress! + source.offset, count: count)
                    }
                    source.offset += count
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(source).toOpaque())!
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { throw Failure.unreadable }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [RGBA] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
                    $0.pointee
                }
                let a = word >> 24, r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
                func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
                pixels.append(RGBA(straight(r), straight(g), straight(b), UInt8(a)))
            }
        }
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    func pixel(_ x: Int, _ y: Int) -> RGBA { pixels[y * width + x] }
}
