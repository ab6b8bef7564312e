// Unsafe rooms: Cairo, libdeflate.
// Invariants: `file(_:width:height:stride:)` reads only the `height` rows of `stride` bytes from `pixels` (a flushed
// Cairo ARGB32 surface's data, of which the first `width` words of each row are pixels) and writes only inside the
// buffers it creates with their sizes: the filtered rows (`height × (1 + width × channels)` bytes; an opaque row is
// written 12 bytes at a time only while 4 pixels are left), a row of zeros, one unfiltered row, the compressed rows
// (`Deflate.bound` of the rows' bytes) and the file (its header, the compressed rows and zlib's 6 bytes around them,
// its end); libdeflate's checksums read only the rows and the file's own bytes.

import CDeflate
import TextureLayout

/// PNG files of Cairo's pixels: every row filtered with PNG's `Up` filter (the first with `None`) and the rows
/// compressed by ``Deflate`` in one `IDAT` chunk (libdeflate computes the checksums). An opaque picture is written as
/// 8-bit RGB, any other as 8-bit RGBA, its colours unpremultiplied as Cairo's own writer does
/// (`(c · 255 + a / 2) / a`), so a decoder gets the pixels Cairo's writer gave, with less work: on the 1200 × 630
/// share cards of `Scripts/compare-cards.py`, Cairo's writer (libpng trying five filters on every row, zlib level 6)
/// took 28 ms a card, libdeflate at level 4 about 6 ms, ``Deflate`` about 2 ms for 18% more bytes than libdeflate's
/// (README's Performance; `Scripts/compare-png-encoders.py` measures the encoders and settings).
enum PNGWriter {
    /// The PNG file of `width × height` pixels whose rows start `stride` bytes apart at `pixels` (Cairo's ARGB32:
    /// premultiplied, native-endian 32-bit words). Empty when the caller gave up (``LayoutCancellation/current``
    /// set) before the rows were compressed or while they were: ``Deflate`` asks before each of its blocks, so an
    /// abandoned picture stops using its core within one block's work (16,384 tokens: about 0.2 ms of a share
    /// card's rows).
    static func file(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> [UInt8] {
        let cancellation = LayoutCancellation.current
        return file(
            pixels, width: width, height: height, stride: stride, blockTokens: Deflate.blockTokens,
            stop: { cancellation?.isCancelled == true })
    }

    /// The PNG file as above, compressed in blocks of at most `blockTokens` tokens; `stop` is asked before each
    /// block is written, and an answer of `true` ends the work with no bytes.
    static func file(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, blockTokens: Int, stop: () -> Bool
    ) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        let opaque = isOpaque(pixels, width: width, height: height, stride: stride)
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        let rows = [UInt8](unsafeUninitializedCapacity: height * (rowBytes + 1)) { filtered, count in
            let out = filtered.baseAddress!
            func words(_ y: Int) -> UnsafePointer<UInt32> {
                UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            }
            count = height * (rowBytes + 1)
            if opaque {
                // The first row less a row of zeros: itself (the `None` filter).
                let zeros = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
                zeros.initialize(repeating: 0, count: width)
                defer { zeros.deallocate() }
                for y in 0..<height {
                    let line = out + y * (rowBytes + 1)
                    line[0] = y == 0 ? 0 : 2
                    rgbUp(words(y), above: y == 0 ? UnsafePointer(zeros) : words(y - 1), width: width, into: line + 1)
                }
                return
            }
            let row = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
            let above = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
            defer {
                row.deallocate()
                above.deallocate()
            }
            for y in 0..<height {
                rgba(words(y), width: width, into: row)
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
        }
        return rows.withUnsafeBufferPointer { rows in
            let deflated = UnsafeMutablePointer<UInt8>.allocate(
                capacity: Deflate.bound(rows.count, blockTokens: blockTokens))
            defer { deflated.deallocate() }
            guard
                let length = Deflate.compress(
                    rows.baseAddress!, count: rows.count, into: deflated, blockTokens: blockTokens, stop: stop)
            else { return [] }
            // zlib's wrapper: its header (deflate with a 32 KB window, no dictionary; 0x7801 is a multiple of 31),
            // the deflate stream, the rows' Adler-32.
            let zlib = 2 + length + 4
            // Signature (8), IHDR (25), IDAT's length and type (8), the data, IDAT's CRC (4), IEND (12).
            return [UInt8](unsafeUninitializedCapacity: 8 + 25 + 8 + zlib + 4 + 12) { file, count in
                let start = file.baseAddress!
                var at = 0
                func put(_ bytes: [UInt8]) {
                    for byte in bytes {
                        start[at] = byte
                        at += 1
                    }
                }
                func put32(_ value: Int) {
                    for k in 0..<4 { start[at + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
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
                put32(zlib)
                put(Array("IDAT".utf8))
                put([0x78, 0x01])
                (start + at).update(from: deflated, count: length)
                at += length
                put32(Int(libdeflate_adler32(1, rows.baseAddress, rows.count)))
                crc(from: idat)
                let iend = at
                put32(0)
                put(Array("IEND".utf8))
                crc(from: iend)
                count = at
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

    /// A row of opaque pixels as red, green, blue bytes, each less the byte of the pixel above (PNG's `Up` filter;
    /// `above` a row of zeros for the first row). A pixel's bytes less those above it are the differences of its
    /// word's bytes, taken four at a time without borrows between them, then reordered; four pixels are stored as
    /// 12 bytes at once.
    private static func rgbUp(
        _ words: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, width: Int,
        into row: UnsafeMutablePointer<UInt8>
    ) {
        @inline(__always) func difference(_ a: UInt32, _ b: UInt32) -> UInt32 {
            ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
        }
        // Red, green, blue in the low three bytes, in that order in memory.
        @inline(__always) func rgb(_ w: UInt32) -> UInt64 {
            UInt64(w >> 16 & 0xFF | w & 0xFF00 | (w & 0xFF) << 16)
        }
        var x = 0
        let raw = UnsafeMutableRawPointer(row)
        while x + 4 <= width {
            let a = rgb(difference(words[x], above[x])), b = rgb(difference(words[x + 1], above[x + 1]))
            let c = rgb(difference(words[x + 2], above[x + 2])), d = rgb(difference(words[x + 3], above[x + 3]))
            raw.storeBytes(of: (a | b << 24 | c << 48).littleEndian, toByteOffset: 3 * x, as: UInt64.self)
            raw.storeBytes(
                of: UInt32(truncatingIfNeeded: c >> 16 | d << 8).littleEndian, toByteOffset: 3 * x + 8, as: UInt32.self)
            x += 4
        }
        while x < width {
            let w = difference(words[x], above[x])
            row[3 * x] = UInt8(truncatingIfNeeded: w >> 16)
            row[3 * x + 1] = UInt8(truncatingIfNeeded: w >> 8)
            row[3 * x + 2] = UInt8(truncatingIfNeeded: w)
            x += 1
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
