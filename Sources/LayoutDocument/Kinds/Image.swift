import TextureLayout
import TextureLayoutImages
import TextureLayoutPaint

extension ElementKind {
    /// `image`: an ``ImageNode`` (Texture's `ASImageNode`) showing the PNG or JPEG `src` (a path relative to the
    /// document's folder, or a `data:` URL), as large as the image in points, drawn by `contentMode`.
    static let image = ElementKind(
        "image",
        keys: [
            ElementKey("src", .string, required: true), .choice("contentMode", ContentMode.self),
            ElementKey("imageScale", .positiveNumber),
        ] + paintKeys
    ) { values throws(DocumentError) in
        let source = values.string("src")!
        let image = try values.images.image(source, at: values.path.appending("src"))
        let scale =
            values.number("imageScale")
            ?? (source.hasPrefix("data:") ? 1 : ImageHeader.scale(ofFileNamed: source))
        return ImageNode(
            image: image, contentMode: values.choice("contentMode", ContentMode.self) ?? .scaleAspectFill,
            imageScale: scale)
    }
}

/// A document's `image` element: Texture's `ASImageNode`, as large as its image in points (the upright pixel size
/// divided by ``imageScale``), the image drawn into its bounds by ``contentMode``. Its pixels are decoded only
/// when a picture is drawn.
public final class ImageNode: FixedSizeNode {
    /// The image shown.
    public let image: DocumentImage
    /// How the image fills the bounds (`ASImageNode`'s default: scale to fill keeping the aspect ratio).
    public let contentMode: ContentMode
    /// Pixels per point of the image (`UIImage.scale`).
    public let imageScale: Double

    /// A node showing `image` at `imageScale` pixels per point, by `contentMode`.
    public init(image: DocumentImage, contentMode: ContentMode, imageScale: Double) {
        self.image = image
        self.contentMode = contentMode
        self.imageScale = imageScale
        super.init(intrinsicSize: .zero)
        measuresFromRangeAndStyle(asExactly: ImageNode.self)
        measuresWithoutSpec(asExactly: ImageNode.self)
        intrinsicSize = imageSize
    }

    /// The image's size in points.
    public var imageSize: Size {
        Size(Double(image.header.width) / imageScale, Double(image.header.height) / imageScale)
    }

    /// The paint of an image element that states none: `ASImageNode` clips to its bounds.
    public static let defaultPaint = Paint(clipsToBounds: true)
}

extension ContentMode: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
