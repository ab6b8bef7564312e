import Foundation
import Testing
import TextureLayoutImages

/// Files that are not images, cut off, corrupt or too large: each refused with a message, never a crash; an
/// oversized one from its header, before anything is decoded.
@Suite struct BadImageTests {
    func error(_ bytes: [UInt8], limits: ImageLimits = .standard) -> String? {
        do {
            _ = try DecodedImage(bytes, limits: limits)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func notAnImage() {
        #expect(error([]) == "the file is empty")
        #expect(error(Array("GIF89a".utf8)) == "not a PNG or JPEG image")
        #expect(error(Array("<svg/>".utf8)) == "not a PNG or JPEG image")
    }

    @Test func truncatedFilesAreRefused() throws {
        for name in ["rgba-8.png", "rgb-16-interlaced.png", "baseline.jpg", "progressive.jpg", "cmyk.jpg"] {
            let whole = try TestImages.bytes(name)
            // Cut in the header, and cut in the body (the header still readable).
            for cut in [20, whole.count * 2 / 3] {
                let message = error(Array(whole.prefix(cut)))
                #expect(message != nil, "\(name) cut at \(cut) bytes was decoded")
            }
        }
    }

    @Test func corruptBodiesAreRefused() throws {
        // A PNG whose compressed data is damaged fails its chunk's checksum.
        var png = try TestImages.bytes("rgb-8.png")
        png[png.count - 20] ^= 0xFF
        #expect(error(png)?.contains("corrupt") == true, "\(error(png) ?? "decoded")")
        // A JPEG whose entropy-coded data is replaced by markers of nothing.
        var jpeg = try TestImages.bytes("baseline.jpg")
        let scanStart = try #require(jpeg.indices.last { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
        for i in (scanStart + 20)..<(jpeg.count - 2) { jpeg[i] = 0xFF }
        #expect(error(jpeg)?.contains("JPEG") == true, "\(error(jpeg) ?? "decoded")")
    }

    /// A PNG header claiming 100,000 × 100,000 pixels in 45 bytes: refused before decoding (decoding would need
    /// 40 GB).
    @Test func bombsAreRefusedFromTheHeader() throws {
        var png = try TestImages.bytes("rgb-8.png")
        func setSize(_ width: UInt32, _ height: UInt32) {
            withUnsafeBytes(of: width.bigEndian) { png.replaceSubrange(16..<20, with: $0) }
            withUnsafeBytes(of: height.bigEndian) { png.replaceSubrange(20..<24, with: $0) }
            // The header chunk's checksum, so that only the size is wrong.
            let crc = crc32(Array(png[12..<29]))
            withUnsafeBytes(of: crc.bigEndian) { png.replaceSubrange(29..<33, with: $0) }
        }
        setSize(100_000, 100_000)
        #expect(error(png) == "the image is 100000×100000 pixels: more than 16384 on a side")
        #expect(throws: ImageError.self) { try ImageHeader(png) }
        setSize(16_384, 8_192)
        #expect(error(png) == "the image is 16384×8192 pixels: more than \(64 << 20) pixels")
        // A JPEG's frame header claiming 20,000 × 20,000.
        var jpeg = try TestImages.bytes("baseline.jpg")
        let frame = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange((frame + 5)..<(frame + 9), with: [0x4E, 0x20, 0x4E, 0x20])
        #expect(error(jpeg) == "the image is 20000×20000 pixels: more than 16384 on a side")
        // Tighter limits are the caller's choice.
        let small = ImageLimits(maxSide: 4, maxPixels: 16, maxTotalPixels: 16)
        #expect(
            error(try TestImages.bytes("rgb-8.png"), limits: small) == "the image is 8×6 pixels: more than 4 on a side")
    }

    /// The CRC-32 of PNG chunks (ISO 3309), bit by bit.
    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
