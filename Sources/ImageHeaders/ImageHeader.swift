// What an image file's header says (format, size, EXIF orientation) and a file name's scale, read in Swift alone:
// the compatibility module's UIImage, which links no image library, measures images with the same reading as the
// images module, which decodes them.

/// The file formats images are read from.
public enum ImageFormat: String, Sendable, Equatable {
    /// PNG: every colour type and bit depth, palettes with transparency, interlaced (libpng).
    case png
    /// JPEG: baseline, progressive, greyscale, CMYK (libjpeg-turbo).
    case jpeg
}

/// Why an image cannot be read: words for a document's author, to follow the name of the image's source.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// E.g. `not a PNG or JPEG image`, `the image is 20000×10 pixels: more than 16384 on a side`.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// The most pixels an image may have, checked from its header before anything is decoded: a file of a few hundred
/// bytes can claim to be 100,000 × 100,000 pixels (a decompression bomb), which would take 40 GB to decode.
public struct ImageLimits: Sendable, Equatable {
    /// The most pixels on either side.
    public var maxSide: Int
    /// The most pixels of one image.
    public var maxPixels: Int
    /// The most pixels of every image of a document together (each source counted once).
    public var maxTotalPixels: Int

    /// Limits of `maxSide` pixels a side, `maxPixels` an image and `maxTotalPixels` in all.
    public init(maxSide: Int, maxPixels: Int, maxTotalPixels: Int) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
        self.maxTotalPixels = maxTotalPixels
    }

    /// 16,384 pixels a side, 64 million pixels an image (256 MB decoded), 256 million for a document's images.
    public static let standard = ImageLimits(maxSide: 16_384, maxPixels: 64 << 20, maxTotalPixels: 256 << 20)

    /// No limit: for a caller that only measures (the compatibility module's `UIImage`, which decodes nothing
    /// until it is drawn, as UIKit loads any size).
    public static let unlimited = ImageLimits(maxSide: .max, maxPixels: .max, maxTotalPixels: .max)
}

/// How a stored image is turned to be shown upright: the EXIF `Orientation` tag's eight values, named as UIKit's
/// `UIImage.Orientation` names them (what is done to the stored pixels to show them).
public enum ImageOrientation: Int, Sendable, Equatable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned half a turn.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored across the diagonal from the top left (stored rows become columns).
    case leftMirrored = 5
    /// 6: turned a quarter turn clockwise.
    case right = 6
    /// 7: mirrored across the diagonal from the top right.
    case rightMirrored = 7
    /// 8: turned a quarter turn counter-clockwise.
    case left = 8

    /// Whether the turn swaps width and height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The stored pixel shown at `(x, y)` of the upright image, for a stored image of `width × height`.
    package func storedPixel(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .upMirrored: (width - 1 - x, y)
        case .down: (width - 1 - x, height - 1 - y)
        case .downMirrored: (x, height - 1 - y)
        case .leftMirrored: (y, x)
        case .right: (y, height - 1 - x)
        case .rightMirrored: (width - 1 - y, height - 1 - x)
        case .left: (width - 1 - y, x)
        }
    }
}

/// What an image file's header says: its format, its size upright and how it is turned. Reading it decodes no
/// pixels, so a document can be laid out from its images' headers alone.
public struct ImageHeader: Sendable, Equatable {
    /// The file's format.
    public let format: ImageFormat
    /// The width in pixels, upright (after ``orientation``).
    public let width: Int
    /// The height in pixels, upright.
    public let height: Int
    /// The EXIF orientation (JPEG); `.up` when the file has none.
    public let orientation: ImageOrientation

    /// The header of the PNG or JPEG in `bytes`. Throws when the bytes are neither format, the header is cut off or
    /// corrupt, or the image is larger than `limits` allow (one image's limits; a document checks the total).
    public init(_ bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageError) {
        let stored = try Self.storedSize(bytes)
        format = stored.format
        orientation = stored.orientation
        width = orientation.swapsSides ? stored.height : stored.width
        height = orientation.swapsSides ? stored.width : stored.height
        guard width <= limits.maxSide, height <= limits.maxSide else {
            throw ImageError("the image is \(width)×\(height) pixels: more than \(limits.maxSide) on a side")
        }
        guard width * height <= limits.maxPixels else {
            throw ImageError("the image is \(width)×\(height) pixels: more than \(limits.maxPixels) pixels")
        }
    }

    /// Whether `bytes` start as a PNG file does.
    static func isPNG(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// Whether `bytes` start as a JPEG file does (start of image, then a marker).
    static func isJPEG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// The size as stored, and the orientation.
    private static func storedSize(
        _ bytes: [UInt8]
    ) throws(ImageError)
        -> (format: ImageFormat, width: Int, height: Int, orientation: ImageOrientation)
    {
        if isPNG(bytes) {
            guard let size = pngSize(bytes) else { throw ImageError("a corrupt or truncated PNG header") }
            return (.png, size.width, size.height, .up)
        }
        if isJPEG(bytes) {
            guard let size = jpegSize(bytes) else { throw ImageError("a corrupt or truncated JPEG header") }
            return (.jpeg, size.width, size.height, EXIF.orientation(ofJPEG: bytes))
        }
        throw ImageError(bytes.isEmpty ? "the file is empty" : "not a PNG or JPEG image")
    }

    /// A PNG's size from its first chunk, which must be an `IHDR` with its 13 bytes of data: the width and the
    /// height as big-endian 32-bit numbers (each 1 to 2³¹ − 1), then a bit depth and a colour type that go
    /// together, and compression, filter and interlace methods the format defines. The chunk's checksum and the
    /// chunks after it are the decoder's to check.
    private static func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 29, bigEndian(bytes, at: 8, count: 4) == 13,
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let width = bigEndian(bytes, at: 16, count: 4), height = bigEndian(bytes, at: 20, count: 4)
        let depth = Int(bytes[24]), colorType = Int(bytes[25])
        let depths: [Int]
        switch colorType {
        case 0: depths = [1, 2, 4, 8, 16]  // grey
        case 3: depths = [1, 2, 4, 8]  // palette
        case 2, 4, 6: depths = [8, 16]  // RGB, grey and alpha, RGBA
        default: return nil
        }
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height), depths.contains(depth),
            bytes[26] == 0, bytes[27] == 0, bytes[28] <= 1
        else { return nil }
        return (width, height)
    }

    /// A JPEG's size from its first start-of-frame segment: segments follow the start-of-image marker (FF D8),
    /// each a marker and a big-endian length that counts itself (restart markers and TEM have no length); a
    /// start-of-frame segment (C0–CF but DHT C4, JPG C8 and DAC CC) holds the sample precision, the height, the
    /// width and the number of components. `nil` when the scan or the end of the image comes first, or the bytes
    /// end.
    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1  // a fill byte before a marker
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            if marker == 0xD9 || marker == 0xDA { return nil }  // the end of the image, or a scan before any frame
            let length = bigEndian(bytes, at: offset + 2, count: 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 8, offset + 10 <= bytes.count else { return nil }
                let height = bigEndian(bytes, at: offset + 5, count: 2)
                let width = bigEndian(bytes, at: offset + 7, count: 2)
                let components = Int(bytes[offset + 9])
                guard width > 0, height > 0, (1...4).contains(components) else { return nil }
                return (width, height)
            }
            offset += 2 + length
        }
        return nil
    }

    /// The unsigned big-endian number of `count` bytes at `offset` (which the caller has checked are there).
    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
}

/// `@2x` and `@3x` in file names.
extension ImageHeader {
    /// The points per pixel a file's name gives, as UIKit reads it: `icon@2x.png` is 2, `photo@3x.jpeg` 3, and a name
    /// without such a suffix 1. Only the last path component counts.
    public static func scale(ofFileNamed path: String) -> Double {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name[...]
        guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"),
            let value = Double(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]),
            value > 0, value.isFinite
        else { return 1 }
        return value
    }
}
