// Unsafe room: Objective-C bridge.
// Invariants: an image never changes once made (every stored property is a `let`), so sharing it between threads is
// safe; the class is open and an `NSObject`, as UIKit's is.

// UIKit's UIImage: a size in points, and what drawing needs. Texture's image nodes measure as their image's size,
// so a stand-in that knows an image file's size (from its header) lays out Texture code unchanged; the file's bytes
// are kept, and TextureLayoutDrawing decodes them when the image is drawn (this module links no image library).

#if !canImport(UIKit) && canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation

/// UIKit's `UIImage`: its ``size`` in points, its ``scale``, and its pixels: a ``bitmap`` (an image a drawing
/// context made), the ``encodedData`` of a PNG or JPEG file (decoded by TextureLayoutDrawing when drawn), or
/// neither (an image known only by its size, which draws nothing). It subclasses `NSObject`, as UIKit's class
/// does, so that it can sit in attribute dictionaries and `Any` values the way Texture code puts it.
///
/// Immutable once made, so it can be shared between threads (unchecked: the class is open, as UIKit's is).
open class UIImage: NSObject, @unchecked Sendable {
    /// Pixels in memory: rows top to bottom, each pixel red, green, blue and alpha, the colours premultiplied by
    /// the alpha (how a drawing context holds them).
    public struct Bitmap: Hashable, Sendable {
        /// Width in pixels.
        public let width: Int
        /// Height in pixels.
        public let height: Int
        /// `width × height × 4` bytes.
        public let premultipliedRGBA: [UInt8]

        /// A bitmap of `width × height` pixels; `nil` unless both are positive and `premultipliedRGBA` holds
        /// exactly their bytes.
        public init?(width: Int, height: Int, premultipliedRGBA: [UInt8]) {
            guard width > 0, height > 0, premultipliedRGBA.count == width * height * 4 else { return nil }
            self.width = width
            self.height = height
            self.premultipliedRGBA = premultipliedRGBA
        }
    }

    /// The size in points: the pixel size divided by ``scale``, as UIKit reports it.
    public let size: CGSize
    /// Pixels per point: the `@2x`/`@3x` suffix of the file name it was loaded from, the scale of the context
    /// that drew it, else 1.
    public let scale: CGFloat
    /// The pixels, when the image was drawn in memory.
    public let bitmap: Bitmap?
    /// The PNG or JPEG file the image was read from, decoded when it is drawn.
    public let encodedData: Data?
    /// UIKit's `capInsets`: the edges, in points, kept at their size when the image is drawn into a rectangle of
    /// another size; the part between them is stretched (zero, the default: the whole image is scaled).
    public let capInsets: UIEdgeInsets

    /// An image of `size` points at `scale` without pixels (not in UIKit, which has no pixel-less images): for
    /// tests and for code that knows its images' sizes. It draws nothing.
    public init(size: CGSize, scale: CGFloat = 1) {
        self.size = size
        self.scale = scale
        bitmap = nil
        encodedData = nil
        capInsets = .zero
    }

    /// An image of `bitmap`'s pixels at `scale` pixels per point (what a drawing context returns).
    public init(bitmap: Bitmap, scale: CGFloat = 1) {
        let s = scale > 0 ? scale : 1
        size = CGSize(width: CGFloat(bitmap.width) / s, height: CGFloat(bitmap.height) / s)
        self.scale = s
        self.bitmap = bitmap
        encodedData = nil
        capInsets = .zero
    }

    /// UIKit's `init(data:scale:)`: the PNG or JPEG in `data`, at `scale`; `nil` when the data is neither.
    public init?(data: Data, scale: CGFloat = 1) {
        guard let pixels = ImageHeader.pixelSize(of: data), scale > 0 else { return nil }
        size = CGSize(width: pixels.width / scale, height: pixels.height / scale)
        self.scale = scale
        bitmap = nil
        encodedData = data
        capInsets = .zero
    }

    /// `image` with other cap insets.
    private init(_ image: UIImage, capInsets: UIEdgeInsets) {
        size = image.size
        scale = image.scale
        bitmap = image.bitmap
        encodedData = image.encodedData
        self.capInsets = capInsets
    }

    /// UIKit's `resizableImage(withCapInsets:)`: the same image whose edges `capInsets` keep their size when it
    /// is drawn larger or smaller; the middle is stretched (UIKit tiles it by default, which looks the same for
    /// the one-colour middles such images have).
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        UIImage(self, capInsets: capInsets)
    }

    /// UIKit's `init(contentsOfFile:)`: the PNG or JPEG file at `path`, at the scale its name says (`icon@2x.png`
    /// is 2), as UIKit reads it; `nil` when the file is missing or neither format.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: ImageHeader.scale(ofFileNamed: path))
    }

    /// UIKit's `init(named:)`: the image called `name` in the main bundle's resources or the current directory.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil)
    }

    /// UIKit's `init(named:in:compatibleWith:)`: the image called `name` in `bundle` (the main bundle when `nil`;
    /// the current directory is searched last). A name without an extension finds `name@2x`, then `name`, then
    /// `name@3x`, each as `.png`, `.jpg` or `.jpeg`: the screen scale of ``ASScreenScale()`` first, as UIKit
    /// prefers the device's scale. The trait collection plays no part.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: AnyObject? = nil) {
        let directories = [(bundle ?? Bundle.main).resourcePath, FileManager.default.currentDirectoryPath]
            .compactMap { $0 }
        let hasExtension = !(name as NSString).pathExtension.isEmpty
        let candidates =
            hasExtension
            ? [name]
            : ["@2x", "", "@3x"].flatMap { suffix in
                ["png", "jpg", "jpeg"].map { "\(name)\(suffix).\($0)" }
            }
        for directory in directories {
            for candidate in candidates {
                let path = (directory as NSString).appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: path) {
                    self.init(contentsOfFile: path)
                    return
                }
            }
        }
        return nil
    }
}

/// Reading an image's pixel size from the start of a PNG or JPEG file.
enum ImageHeader {
    /// The scale a file name gives: `name@2x.png` is 2, `name@3x.jpg` is 3, anything else 1.
    static func scale(ofFileNamed path: String) -> CGFloat {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"),
            let value = Double(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]), value > 0
        else { return 1 }
        return CGFloat(value)
    }

    /// The width and height in pixels of the PNG or JPEG in `data`, or `nil` for anything else.
    static func pixelSize(of data: Data) -> CGSize? {
        let bytes = [UInt8](data)
        return pngSize(bytes) ?? jpegSize(bytes)
    }

    /// A PNG's size: the first chunk after the 8-byte signature is IHDR, whose data starts with the width and the
    /// height as big-endian 32-bit numbers.
    private static func pngSize(_ bytes: [UInt8]) -> CGSize? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        let width = bigEndian(bytes, at: 16, count: 4), height = bigEndian(bytes, at: 20, count: 4)
        guard width > 0, height > 0 else { return nil }
        return CGSize(width: CGFloat(width), height: CGFloat(height))
    }

    /// A JPEG's size: segments follow the start-of-image marker (FF D8), each a marker and a big-endian length
    /// that counts itself; the first start-of-frame segment (SOF0–SOF15 but DHT C4, JPG C8 and DAC CC) holds the
    /// sample precision, then the height and the width. The EXIF orientation is not applied.
    private static func jpegSize(_ bytes: [UInt8]) -> CGSize? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte before a marker
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }  // no length
            let length = bigEndian(bytes, at: offset + 2, count: 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { return nil }
                let height = bigEndian(bytes, at: offset + 5, count: 2)
                let width = bigEndian(bytes, at: offset + 7, count: 2)
                guard width > 0, height > 0 else { return nil }
                return CGSize(width: CGFloat(width), height: CGFloat(height))
            }
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image, or scan data before any frame
            offset += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
#endif
