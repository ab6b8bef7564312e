// The image strategy over the cell of FramesStrategyTests (375 × 68 points: the avatar at 12, 12, 44 × 44), and the
// pixel comparison behind it.

import Foundation
import Testing
@testable import TextureLayoutTesting

@Suite("Image strategy")
struct ImageStrategyTests {
    static func verify(_ cell: Cell, in folder: URL, record: SnapshotTestingConfiguration.Record) -> String? {
        withSnapshotTesting(record: record) {
            verifySnapshot(
                of: cell, as: .image(width: 375), named: "cell", snapshotDirectory: folder.path,
                testName: "cell")
        }
    }

    @Test func recordsThenMatchesThenFailsWhenAnInsetMovesByTwoPoints() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("image-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.verify(Cell(), in: folder, record: .missing)?.contains("Automatically recorded") == true)
        let png = try #require(DecodedPNG(try Data(contentsOf: folder.appendingPathComponent("cell.cell.png"))))
        // 375 × 68 points at scale 2.
        #expect(png.width == 750 && png.height == 136)
        // White inside the avatar (no fill), not white on its left outline (x 12 points: pixel columns 23–24).
        let white: UInt32 = 0xFFFF_FFFF
        #expect(png.pixel(68, 68) == white)
        #expect(png.pixel(23, 68) != white || png.pixel(24, 68) != white)
        #expect(Self.verify(Cell(), in: folder, record: .never) == nil)
        let message = try #require(Self.verify(Cell(inset: 14), in: folder, record: .never))
        #expect(message.contains("pixels differ"))
        let diffPath = try #require(message.components(separatedBy: "The differences: ").last)
        #expect(FileManager.default.fileExists(atPath: diffPath))
        try? FileManager.default.removeItem(atPath: diffPath)
    }

    /// A 10 × 10 opaque PNG, white but for the pixel at (3, 4).
    static func png(odd: UInt32) -> Data {
        var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: 100)
        pixels[4 * 10 + 3] = odd
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cmp-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = DecodedPNG.write(pixels, width: 10, height: 10, to: file.path)
        return (try? Data(contentsOf: file)) ?? Data()
    }

    @Test func precisionAndPerPixelToleranceDecide() {
        let folder = FileManager.default.temporaryDirectory
        let white = Self.png(odd: 0xFFFF_FFFF), offBy10 = Self.png(odd: 0xFFF5_FFFF)
        let exact = PNGComparison(precision: 1, perPixelTolerance: 0)
        #expect(exact.failure(reference: white, actual: white, diffFolder: folder) == nil)
        let failure = exact.failure(reference: white, actual: offBy10, diffFolder: folder)
        #expect(failure?.hasPrefix("1 of 100 pixels differ by more than 0/255") == true)
        if let path = failure?.components(separatedBy: "The differences: ").last {
            let diff = DecodedPNG(try! Data(contentsOf: URL(fileURLWithPath: path)))
            // The difference of the red channel, 10, at the odd pixel; black elsewhere.
            #expect(diff?.pixel(3, 4) == 0xFF0A_0000 && diff?.pixel(0, 0) == 0xFF00_0000)
            try? FileManager.default.removeItem(atPath: path)
        }
        // 10/255 is within a tolerance of 0.04 (10.2), not of 0.03 (7.65).
        #expect(
            PNGComparison(precision: 1, perPixelTolerance: 0.04)
                .failure(reference: white, actual: offBy10, diffFolder: folder) == nil)
        #expect(
            PNGComparison(precision: 1, perPixelTolerance: 0.03)
                .failure(reference: white, actual: offBy10, diffFolder: folder) != nil)
        // One pixel of 100 may differ at a precision of 0.99.
        #expect(
            PNGComparison(precision: 0.99, perPixelTolerance: 0)
                .failure(reference: white, actual: offBy10, diffFolder: folder) == nil)
        #expect(exact.failure(reference: Data([1, 2, 3]), actual: white, diffFolder: folder) != nil)
    }
}
