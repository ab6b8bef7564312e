// Unsafe rooms: libpng, libjpeg.
// Invariants: the header readers (C shims over libpng and libjpeg) read only the encoded bytes they are lent, with
// the array's count, and keep no pointer after the call.

import CImageDecoders

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
    func storedPixel(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
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
        var message = [CChar](repeating: 0, count: 200)
        if isPNG(bytes) {
            var width: UInt32 = 0, height: UInt32 = 0
            let status = bytes.withUnsafeBufferPointer { data in
                tl_png_read_header(data.baseAddress, data.count, &width, &height, &message, message.count)
            }
            guard status == 0 else { throw error("a corrupt or truncated PNG header", library: "libpng", message) }
            return (.png, Int(width), Int(height), .up)
        }
        if isJPEG(bytes) {
            var header = tl_jpeg_header()
            let status = bytes.withUnsafeBufferPointer { data in
                tl_jpeg_read_header(data.baseAddress, data.count, &header, &message, message.count)
            }
            guard status == 0 else { throw error("a corrupt or truncated JPEG", library: "libjpeg", message) }
            return (.jpeg, Int(header.width), Int(header.height), EXIF.orientation(ofJPEG: bytes))
        }
        throw ImageError(bytes.isEmpty ? "the file is empty" : "not a PNG or JPEG image")
    }

    /// What went wrong, with the library's own words (a NUL-terminated `message`) after it.
    static func error(_ what: String, library: String, _ message: [CChar]) -> ImageError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ImageError(text.isEmpty ? what : "\(what) (\(library): \(text))")
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
