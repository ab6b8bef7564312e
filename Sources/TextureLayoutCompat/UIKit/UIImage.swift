// Unsafe room: Objective-C bridge.
// Invariants: an image never changes once made (every stored property is a `let`), so sharing it between threads is
// safe; the class is open and an `NSObject`, as UIKit's is.

// UIKit's UIImage: a size in points, and what drawing needs. Texture's image nodes measure as their image's size,
// so a stand-in that knows an image file's size (from its header, read by the ImageHeaders module as the images
// module reads it) lays out Texture code unchanged; the file's bytes are kept, and TextureLayoutDrawing decodes them
// when the image is drawn (this module links no image library).

#if !canImport(UIKit) && canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation
import ImageHeaders

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

    /// UIKit's `init(data:scale:)`: the PNG or JPEG in `data`, at `scale`, its size upright (a JPEG's EXIF
    /// orientation applied: orientations 5 to 8 swap its sides); `nil` when the data is neither, or its header is
    /// cut off or corrupt.
    public init?(data: Data, scale: CGFloat = 1) {
        guard scale > 0, let header = try? ImageHeader([UInt8](data), limits: .unlimited) else { return nil }
        size = CGSize(width: CGFloat(header.width) / scale, height: CGFloat(header.height) / scale)
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
        self.init(data: data, scale: CGFloat(ImageHeader.scale(ofFileNamed: path)))
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

#endif
