import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout

/// The repository's `Examples/` folder.
let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples")

/// Every example document's name (`feed-cell` for `Examples/feed-cell.json`).
let exampleNames: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: examplesDirectory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
}()

/// Lays out a document given as JSON text.
func layOut(_ json: String) throws -> DocumentLayout {
    try LayoutDocument(json: json).layout()
}

/// Lays out an example.
func layOutExample(_ name: String) throws -> DocumentLayout {
    let bytes = try [UInt8](Data(contentsOf: examplesDirectory.appendingPathComponent(name + ".json")))
    return try LayoutDocument(bytes: bytes).layout()
}

/// A small inflater for the streams ``PNGEncoder`` writes (stored and fixed-Huffman blocks), to read pictures back.
struct Inflater {
    enum Failure: Error { case unsupportedBlock, badSymbol, truncated }

    private let bytes: [UInt8]
    private var bit = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private mutating func bits(_ count: Int) throws -> Int {
        var value = 0
        for index in 0..<count {
            guard bit / 8 < bytes.count else { throw Failure.truncated }
            if bytes[bit / 8] & (1 << (bit % 8)) != 0 { value |= 1 << index }
            bit += 1
        }
        return value
    }

    /// Reads a Huffman code of `count` bits, most significant first.
    private mutating func code(_ count: Int, after prefix: Int = 0, prefixLength: Int = 0) throws -> Int {
        var value = prefix
        for _ in prefixLength..<count { value = value << 1 | (try bits(1)) }
        return value
    }

    private mutating func literalOrLength() throws -> Int {
        let seven = try code(7)
        if seven <= 0b0010111 { return 256 + seven }
        let eight = try code(8, after: seven, prefixLength: 7)
        if (0x30...0xBF).contains(eight) { return eight - 0x30 }
        if (0xC0...0xC7).contains(eight) { return 280 + eight - 0xC0 }
        let nine = try code(9, after: eight, prefixLength: 8)
        guard (0x190...0x1FF).contains(nine) else { throw Failure.badSymbol }
        return 144 + nine - 0x190
    }

    static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                              131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                                1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12,
                                12, 13, 13]

    /// The data of a raw DEFLATE stream.
    mutating func inflate() throws -> [UInt8] {
        var output: [UInt8] = []
        var final = false
        while !final {
            final = try bits(1) == 1
            switch try bits(2) {
            case 0:
                bit = (bit + 7) / 8 * 8
                let length = try bits(16)
                _ = try bits(16)
                for _ in 0..<length { output.append(UInt8(try bits(8))) }
            case 1:
                while true {
                    let symbol = try literalOrLength()
                    if symbol < 256 {
                        output.append(UInt8(symbol))
                    } else if symbol == 256 {
                        break
                    } else {
                        let index = symbol - 257
                        let length = Self.lengthBases[index] + (try bits(Self.lengthExtra[index]))
                        let distanceCode = try code(5)
                        let distance = Self.distanceBases[distanceCode] + (try bits(Self.distanceExtra[distanceCode]))
                        guard distance <= output.count else { throw Failure.badSymbol }
                        for _ in 0..<length { output.append(output[output.count - distance]) }
                    }
                }
            default:
                throw Failure.unsupportedBlock
            }
        }
        return output
    }
}

/// A PNG file read back: its chunks (CRC-checked) and, for 8-bit RGB without interlacing and filter 0 rows, its
/// pixels.
struct DecodedPNG {
    var width = 0
    var height = 0
    var chunkTypes: [String] = []
    var pixels: [UInt8] = []

    init(_ file: [UInt8]) throws {
        #expect(Array(file.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func u32(_ at: Int) -> Int {
            Int(file[at]) << 24 | Int(file[at + 1]) << 16 | Int(file[at + 2]) << 8 | Int(file[at + 3])
        }
        var offset = 8
        var compressed: [UInt8] = []
        while offset < file.count {
            let length = u32(offset)
            let typeAndData = Array(file[(offset + 4)..<(offset + 8 + length)])
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            chunkTypes.append(type)
            #expect(UInt32(u32(offset + 8 + length)) == PNGEncoder.crc32(typeAndData), "CRC of \(type)")
            let data = Array(typeAndData.dropFirst(4))
            if type == "IHDR" {
                width = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
                height = Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7])
                #expect(Array(data[8...]) == [8, 2, 0, 0, 0])
            }
            if type == "IDAT" { compressed += data }
            offset += 12 + length
        }
        #expect(compressed.prefix(2) == [0x78, 0x01])
        var inflater = Inflater(Array(compressed.dropFirst(2).dropLast(4)))
        let raw = try inflater.inflate()
        let adler = compressed.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(adler == PNGEncoder.adler32(raw))
        #expect(raw.count == height * (width * 3 + 1))
        for row in 0..<height {
            let start = row * (width * 3 + 1)
            #expect(raw[start] == 0, "filter type of row \(row)")
            pixels += raw[(start + 1)..<(start + 1 + width * 3)]
        }
    }

    func pixel(_ x: Int, _ y: Int) -> RGBA {
        let offset = (y * width + x) * 3
        return RGBA(pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
