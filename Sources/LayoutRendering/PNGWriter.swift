// Unsafe rooms: Cairo, libdeflate.
// Invariants: `file(_:width:height:stride:)` reads only the `height` rows of `stride` bytes from `pixels` (a flushed
// Cairo ARGB32 surface's data, of which the first `width` words of each row are pixels) and writes only inside the
// buffers it creates with their sizes: the filtered rows (`height × (1 + width × channels)` bytes), one unfiltered
// row, and the file (its header, libdeflate's bound for the rows, its end); the compressor is made and freed by one
// call.

import CDeflate
import TextureLayout

/// PNG files of Cairo's pixels: every row filtered with PNG's `Up` filter (the first with `None`) and the rows
/// compressed by libdeflate at ``level``, in one `IDAT` chunk. An opaque picture is written as 8-bit RGB, any other
/// as 8-bit RGBA, its colours unpremultiplied as Cairo's own writer does (`(c · 255 + a / 2) / a`), so a decoder gets
/// the pixels Cairo's writer gave, with less work: on the 1200 × 630 share cards of `Scripts/compare-cards.py`,
/// Cairo's writer (libpng trying five filters on every row, zlib level 6) took 28 ms a card, this writer 7 ms
/// (README's Performance, with the encoders and settings measured by `Scripts/compare-png-encoders.py`).
enum PNGWriter {
    /// libdeflate's level (1 fastest … 12 smallest). On the share cards, with the `Up` filter, level 4 makes 7% more
    /// bytes than Cairo's writer at a quarter of its time; level 6 as few bytes as Cairo's, at a third.
    static let level: Int32 = 4

    /// The PNG file of `width × height` pixels whose rows start `stride` bytes apart at `pixels` (Cairo's ARGB32:
    /// premultiplied, native-endian 32-bit words). Empty when the caller gave up (``LayoutCancellation/current``
    /// set) before the rows were compressed.
    static func file(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        let opaque = isOpaque(pixels, width: width, height: height, stride: stride)
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        let rows = [UInt8](unsafeUninitializedCapacity: height * (rowBytes + 1)) { filtered, count in
            let row = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
            let above = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
            defer {
                row.deallocate()
                above.deallocate()
            }
            let out = filtered.baseAddress!
            for y in 0..<height {
                let words = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                if opaque { rgb(words, width: width, into: row) } else { rgba(words, width: width, into: row) }
                let line = out + y * (rowBytes + 1)
                if y == 0 {
                    line[0] = 0
                    (line + 1).update(from: row, count: rowBytes)
                } else {
                    line[0] = 2
                    for i in 0..<rowBytes { line[1 + i] = row[i] &- above[i] }
                }
                above.update(from: row, count: rowBytes)
            }
            count = height * (rowBytes + 1)
        }
        if let cancellation = LayoutCancellation.current, cancellation.isCancelled { return [] }
        return rows.withUnsafeBufferPointer { rows in
            guard let compressor = libdeflate_alloc_compressor(level) else { return [] }
            defer { libdeflate_free_compressor(compressor) }
            let bound = libdeflate_zlib_compress_bound(compressor, rows.count)
            // Signature (8), IHDR (25), IDAT's length and type (8), the data, IDAT's CRC (4), IEND (12).
            let header = 8 + 25 + 8
            return [UInt8](unsafeUninitializedCapacity: header + bound + 4 + 12) { file, count in
                let start = file.baseAddress!
                var at = 0
                func put(_ bytes: [UInt8]) {
                    for byte in bytes {
                        start[at] = byte
                        at += 1
                    }
                }
                func write32(_ value: Int, at offset: Int) {
                    for k in 0..<4 { start[offset + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
                }
                func put32(_ value: Int) {
                    write32(value, at: at)
                    at += 4
                }
                func crc(from chunk: Int) {
                    // Over the chunk's type and data.
                    put32(Int(libdeflate_crc32(0, start + chunk + 4, at - chunk - 4)))
                }
                put([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                let ihdr = at
                put32(13)
                put(Array("IHDR".utf8))
                put32(width)
                put32(height)
                // 8 bits per channel, colour type 2 (RGB) or 6 (RGBA), deflate, adaptive filtering, no interlace.
                put([8, opaque ? 2 : 6, 0, 0, 0])
                crc(from: ihdr)
                let idat = at
                put32(0)
                put(Array("IDAT".utf8))
                let length = libdeflate_zlib_compress(compressor, rows.baseAddress, rows.count, start + at, bound)
                at += length
                write32(length, at: idat)
                crc(from: idat)
                let iend = at
                put32(0)
                put(Array("IEND".utf8))
                crc(from: iend)
                count = length == 0 ? 0 : at
            }
        }
    }

    /// Whether every pixel's alpha is 255 (Cairo's writer then writes RGB too).
    static func isOpaque(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let words = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= words[x] }
            if all < 0xFF00_0000 { return false }
        }
        return true
    }

    /// A row of opaque pixels as red, green, blue bytes.
    private static func rgb(_ words: UnsafePointer<UInt32>, width: Int, into row: UnsafeMutablePointer<UInt8>) {
        for x in 0..<width {
            let word = words[x]
            row[3 * x] = UInt8(truncatingIfNeeded: word >> 16)
            row[3 * x + 1] = UInt8(truncatingIfNeeded: word >> 8)
            row[3 * x + 2] = UInt8(truncatingIfNeeded: word)
        }
    }

    /// A row as red, green, blue, alpha bytes, unpremultiplied with rounding (a transparent pixel all zeros).
    private static func rgba(_ words: UnsafePointer<UInt32>, width: Int, into row: UnsafeMutablePointer<UInt8>) {
        for x in 0..<width {
            let word = words[x], a = word >> 24
            func straight(_ c: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: (c * 255 + a / 2) / a) }
            if a == 0 {
                row[4 * x] = 0
                row[4 * x + 1] = 0
                row[4 * x + 2] = 0
            } else {
                row[4 * x] = straight(word >> 16 & 0xFF)
                row[4 * x + 1] = straight(word >> 8 & 0xFF)
                row[4 * x + 2] = straight(word & 0xFF)
            }
            row[4 * x + 3] = UInt8(a)
        }
    }
}
