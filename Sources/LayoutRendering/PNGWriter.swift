// Unsafe rooms: Cairo, libdeflate, zlib.
// Invariants: `file` reads only the `height` rows of `stride` bytes from `pixels` (a flushed Cairo ARGB32 surface's
// data, of which the first `width` words of each row are pixels). `RowFilter` writes one filtered row
// (`1 + width × channels` bytes) where it is told, into buffers its callers allocate with room for whole rows, and
// frees its own two row buffers when it ends. Each compressor is made and freed by the function that uses it, and
// zlib's stream only ever points at the band and the output chunk that function holds.

import CDeflate
import CZlib
import TextureLayout

/// PNG files of Cairo's pixels: every row filtered with PNG's `Up` filter (the first with `None`), in one `IDAT`
/// chunk. An opaque picture is written as 8-bit RGB, any other as 8-bit RGBA, its colours unpremultiplied as Cairo's
/// own writer does (`(c · 255 + a / 2) / a`), so a decoder gets the pixels Cairo's writer gave, with less work: on the
/// 1200 × 630 share cards of `Scripts/compare-cards.py`, Cairo's writer (libpng trying five filters on every row,
/// zlib level 6) took 28 ms a card, this writer 7 ms (README's Performance, with the encoders and settings measured by
/// `Scripts/compare-png-encoders.py`).
///
/// A picture of at most ``wholeAtMost`` pixels is compressed by one libdeflate call at ``level``: the fastest way,
/// but a call nothing can stop. A larger one is filtered and compressed in bands of about ``bandBytes`` by zlib's
/// streaming deflate at ``bandedLevel``, and the writer gives up between two bands once its caller has (the server's
/// request past its time limit), so an abandoned picture stops using its core within one band's work.
enum PNGWriter {
    /// libdeflate's level (1 fastest … 12 smallest). On the share cards, with the `Up` filter, level 4 makes 7% more
    /// bytes than Cairo's writer at a quarter of its time; level 6 as few bytes as Cairo's, at a third.
    static let level: Int32 = 4
    /// zlib's level for large pictures: level 4 makes as many bytes as libdeflate's level 4 (177.7 against 174.1 KB
    /// for a 4080 × 4080 radial gradient, 33.0 against 34.3 KB for 4000 × 2400 pixels of small squares) in about 1.5
    /// times its time; zlib's faster levels 1 to 3 take about libdeflate's time but make 2.3 to 3.8 times the bytes.
    static let bandedLevel: Int32 = 4
    /// The most pixels compressed by one libdeflate call: 4 M pixels, about 16 MB of rows, which libdeflate
    /// compresses in 25–35 ms on this project's 2-core machine under load; larger pictures go in bands.
    static let wholeAtMost = 4 << 20
    /// About how many filtered bytes one band holds (at least one row): zlib compresses 1 MB in 3–6 ms.
    static let bandBytes = 1 << 20

    /// The PNG file of `width × height` pixels whose rows start `stride` bytes apart at `pixels` (Cairo's ARGB32:
    /// premultiplied, native-endian 32-bit words). Empty when the caller gave up (``LayoutCancellation/current``
    /// set) before the rows were compressed, or between two bands of a large picture.
    static func file(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> [UInt8] {
        let cancellation = LayoutCancellation.current
        return file(
            pixels, width: width, height: height, stride: stride, wholeAtMost: wholeAtMost, bandBytes: bandBytes,
            stop: { cancellation?.isCancelled == true })
    }

    /// The PNG file as above, compressed whole when it has at most `wholeAtMost` pixels, else in bands of about
    /// `bandBytes`; `stop` is asked once before a whole picture's compression and before each band, and an answer
    /// of `true` ends the work with no bytes.
    static func file(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, wholeAtMost: Int, bandBytes: Int,
        stop: () -> Bool
    ) -> [UInt8] {
        guard width > 0, height > 0 else { return [] }
        let opaque = isOpaque(pixels, width: width, height: height, stride: stride)
        let filter = RowFilter(pixels: pixels, width: width, stride: stride, channels: opaque ? 3 : 4)
        let stream =
            width * height <= wholeAtMost
            ? compressWhole(filter, height: height, stop: stop)
            : compressInBands(filter, height: height, bandBytes: bandBytes, stop: stop)
        guard let stream else { return [] }
        return container(width: width, height: height, opaque: opaque, stream: stream)
    }

    /// The zlib stream of all the filtered rows, made by one libdeflate call; `nil` when `stop` says so first.
    private static func compressWhole(_ filter: borrowing RowFilter, height: Int, stop: () -> Bool) -> [UInt8]? {
        let lineBytes = filter.lineBytes
        let rows = [UInt8](unsafeUninitializedCapacity: height * lineBytes) { rows, count in
            for y in 0..<height { filter.filter(row: y, into: rows.baseAddress! + y * lineBytes) }
            count = height * lineBytes
        }
        if stop() { return nil }
        guard let compressor = libdeflate_alloc_compressor(level) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        return rows.withUnsafeBufferPointer { rows in
            let bound = libdeflate_zlib_compress_bound(compressor, rows.count)
            let stream = [UInt8](unsafeUninitializedCapacity: bound) { stream, count in
                count = libdeflate_zlib_compress(compressor, rows.baseAddress, rows.count, stream.baseAddress, bound)
            }
            return stream.isEmpty ? nil : stream
        }
    }

    /// The zlib stream of the filtered rows, filtered and compressed a band of rows at a time by zlib; `nil` when
    /// `stop` says so before a band.
    private static func compressInBands(
        _ filter: borrowing RowFilter, height: Int, bandBytes: Int, stop: () -> Bool
    ) -> [UInt8]? {
        let lineBytes = filter.lineBytes, rowsPerBand = max(1, bandBytes / lineBytes)
        var stream = z_stream()
        guard texture_layout_deflate_init(&stream, bandedLevel) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let band = UnsafeMutablePointer<UInt8>.allocate(capacity: rowsPerBand * lineBytes)
        let chunkBytes = 1 << 16
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkBytes)
        defer {
            band.deallocate()
            chunk.deallocate()
        }
        var compressed: [UInt8] = []
        var first = 0
        while first < height {
            if stop() { return nil }
            let end = min(first + rowsPerBand, height)
            for y in first..<end { filter.filter(row: y, into: band + (y - first) * lineBytes) }
            stream.next_in = band
            stream.avail_in = UInt32((end - first) * lineBytes)
            let flush = end == height ? Z_FINISH : Z_NO_FLUSH
            // zlib's own loop: compress until a call leaves room in the output, which means it took all the input
            // (and, when finishing, wrote the stream's end).
            repeat {
                stream.next_out = chunk
                stream.avail_out = UInt32(chunkBytes)
                guard deflate(&stream, flush) != Z_STREAM_ERROR else { return nil }
                let made = chunkBytes - Int(stream.avail_out)
                compressed.append(contentsOf: UnsafeBufferPointer(start: chunk, count: made))
            } while stream.avail_out == 0
            first = end
        }
        return compressed
    }

    /// The PNG file around a zlib stream of filtered rows: the signature, the header, one `IDAT` chunk and the end.
    private static func container(width: Int, height: Int, opaque: Bool, stream: [UInt8]) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(8 + 25 + 12 + stream.count + 12)
        func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ data: [UInt8]) {
            let type = Array(type.utf8)
            file += bigEndian(data.count)
            file += type
            file += data
            // The CRC is over the chunk's type and data.
            let crc = data.withUnsafeBytes { data in
                libdeflate_crc32(libdeflate_crc32(0, type, type.count), data.baseAddress, data.count)
            }
            file += bigEndian(Int(crc))
        }
        // 8 bits per channel, colour type 2 (RGB) or 6 (RGBA), deflate, adaptive filtering, no interlace.
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, opaque ? 2 : 6, 0, 0, 0])
        chunk("IDAT", stream)
        chunk("IEND", [])
        return file
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
}

/// Makes PNG's filtered rows of Cairo's pixels one at a time: the first row with the `None` filter, every other with
/// `Up` (each byte minus the byte above it), which needs the unfiltered row above, kept here.
struct RowFilter: ~Copyable {
    let pixels: UnsafePointer<UInt8>
    let width: Int, stride: Int, channels: Int
    /// The bytes of a filtered row: the filter's type, then the pixels' channels.
    var lineBytes: Int { 1 + width * channels }
    private let row: UnsafeMutablePointer<UInt8>
    private let above: UnsafeMutablePointer<UInt8>

    /// A filter of the rows of `width` pixels at `pixels`, `stride` bytes apart, as 3 (RGB) or 4 (RGBA) channels.
    init(pixels: UnsafePointer<UInt8>, width: Int, stride: Int, channels: Int) {
        (self.pixels, self.width, self.stride, self.channels) = (pixels, width, stride, channels)
        row = .allocate(capacity: width * channels)
        above = .allocate(capacity: width * channels)
    }

    deinit {
        row.deallocate()
        above.deallocate()
    }

    /// Writes row `y`, filtered, to the ``lineBytes`` at `line`. Rows go in order from 0: each but the first is
    /// filtered against the one written before it.
    func filter(row y: Int, into line: UnsafeMutablePointer<UInt8>) {
        let words = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
        if channels == 3 { Self.rgb(words, width: width, into: row) } else { Self.rgba(words, width: width, into: row) }
        let rowBytes = width * channels
        if y == 0 {
            line[0] = 0
            (line + 1).update(from: row, count: rowBytes)
        } else {
            line[0] = 2
            for i in 0..<rowBytes { line[1 + i] = row[i] &- above[i] }
        }
        above.update(from: row, count: rowBytes)
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
