/// Writes PNG files (8-bit RGB, no interlacing), compressing with a small DEFLATE encoder: LZ77 matching over a
/// hash chain, coded with the fixed Huffman codes of RFC 1951 §3.2.6. Flat-coloured pictures compress well.
package enum PNGEncoder {
    /// The PNG file of `raster`.
    package static func encode(_ raster: Raster) -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(raster.width))
        header.appendBigEndian(UInt32(raster.height))
        header += [8, 2, 0, 0, 0]  // bit depth, colour type RGB, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &file)
        // Every scanline starts with its filter type: 0 (none); repeated rows and runs are left to LZ77.
        let rowBytes = raster.width * 3
        var scanlines: [UInt8] = []
        scanlines.reserveCapacity((rowBytes + 1) * raster.height)
        raster.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<raster.height {
                scanlines.append(0)
                scanlines.append(contentsOf: pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
            }
        }
        appendChunk("IDAT", zlib(scanlines), to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        file.appendBigEndian(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        file += typeAndData
        file.appendBigEndian(crc32(typeAndData))
    }

    // MARK: Checksums

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of PNG chunks (and zip, gzip).
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// The Adler-32 checksum that ends a zlib stream.
    package static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            // 5552 bytes is the most that can be summed before the 32-bit sums must be reduced.
            let end = min(index + 5552, bytes.count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }

    // MARK: zlib and DEFLATE

    /// A zlib stream (RFC 1950) holding `data` compressed.
    package static func zlib(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]  // deflate, 32 KB window, no dictionary, fastest
        stream += deflate(data)
        stream.appendBigEndian(adler32(data))
        return stream
    }

    static let lengthBases: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83,
                                     99, 115, 131, 163, 195, 227, 258]
    static let lengthExtraBits: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5,
                                         5, 5, 0]
    static let distanceBases: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                       1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtraBits: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10,
                                           11, 11, 12, 12, 13, 13]

    /// The length code (index into ``lengthBases``) of each match length 3…258.
    static let lengthCodeOf: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 259)
        for code in 0..<lengthBases.count {
            let upper = code + 1 < lengthBases.count ? lengthBases[code + 1] : 259
            for length in lengthBases[code]..<min(upper, 259) { table[length] = UInt8(code) }
        }
        table[258] = 28
        return table
    }()

    static func distanceCode(_ distance: Int) -> Int {
        var code = distanceBases.count - 1
        while distanceBases[code] > distance { code -= 1 }
        return code
    }

    /// One DEFLATE block (RFC 1951) with the fixed Huffman codes, final.
    package static func deflate(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE = 01, fixed Huffman codes
        let windowSize = 32768, minMatch = 3, maxMatch = 258, maxChain = 32
        let hashBits = 15
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: windowSize)
        data.withUnsafeBufferPointer { input in
            let count = input.count
            @inline(__always) func hash(_ i: Int) -> Int {
                let v = Int(input[i]) << 16 | Int(input[i + 1]) << 8 | Int(input[i + 2])
                return ((v &* 2_654_435_761) >> 17) & ((1 << hashBits) - 1)
            }
            @inline(__always) func insert(_ i: Int) {
                guard i + minMatch <= count else { return }
                let h = hash(i)
                previous[i & (windowSize - 1)] = head[h]
                head[h] = Int32(i)
            }
            var i = 0
            while i < count {
                var bestLength = 0, bestDistance = 0
                if i + minMatch <= count {
                    var candidate = Int(head[hash(i)])
                    var chain = maxChain
                    let limit = min(maxMatch, count - i)
                    while candidate >= 0 && i - candidate <= windowSize - 1 && chain > 0 {
                        if input[candidate + bestLength] == input[i + bestLength] || bestLength == 0 {
                            var length = 0
                            while length < limit && input[candidate + length] == input[i + length] { length += 1 }
                            if length > bestLength {
                                bestLength = length
                                bestDistance = i - candidate
                                if length == limit { break }
                            }
                        }
                        let next = Int(previous[candidate & (windowSize - 1)])
                        if next >= candidate { break }
                        candidate = next
                        chain -= 1
                    }
                }
                if bestLength >= minMatch {
                    bits.writeLength(bestLength)
                    bits.writeDistance(bestDistance)
                    for j in i..<(i + bestLength) { insert(j) }
                    i += bestLength
                } else {
                    bits.writeLiteral(Int(input[i]))
                    insert(i)
                    i += 1
                }
            }
        }
        bits.writeLiteral(256)  // end of block
        return bits.finish()
    }

    /// Packs bits least-significant first, as DEFLATE does.
    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt64 = 0
        var filled = 0

        mutating func write(_ value: Int, count: Int) {
            buffer |= UInt64(value) << UInt64(filled)
            filled += count
            while filled >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                filled -= 8
            }
        }

        /// A Huffman code: written most-significant bit first.
        mutating func writeCode(_ code: Int, count: Int) {
            var reversed = 0
            for bit in 0..<count where code & (1 << bit) != 0 { reversed |= 1 << (count - 1 - bit) }
            write(reversed, count: count)
        }

        /// A literal byte or the end-of-block symbol with the fixed literal/length code.
        mutating func writeLiteral(_ symbol: Int) {
            switch symbol {
            case 0...143: writeCode(0x30 + symbol, count: 8)
            case 144...255: writeCode(0x190 + symbol - 144, count: 9)
            case 256...279: writeCode(symbol - 256, count: 7)
            default: writeCode(0xC0 + symbol - 280, count: 8)
            }
        }

        mutating func writeLength(_ length: Int) {
            let code = Int(PNGEncoder.lengthCodeOf[length])
            writeLiteral(257 + code)
            let extra = PNGEncoder.lengthExtraBits[code]
            if extra > 0 { write(length - PNGEncoder.lengthBases[code], count: extra) }
        }

        mutating func writeDistance(_ distance: Int) {
            let code = PNGEncoder.distanceCode(distance)
            writeCode(code, count: 5)
            let extra = PNGEncoder.distanceExtraBits[code]
            if extra > 0 { write(distance - PNGEncoder.distanceBases[code], count: extra) }
        }

        mutating func finish() -> [UInt8] {
            if filled > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
            buffer = 0
            filled = 0
            return bytes
        }
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
                            UInt8(value & 0xFF)])
    }
}
