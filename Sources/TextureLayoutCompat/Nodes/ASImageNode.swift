// Texture's image nodes, measured as Texture measures them.

#if canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation

/// Texture's `ASImageNode`: a node showing a ``UIImage``, as large as the image.
open class ASImageNode: ASDisplayNode {
    /// The image shown. Setting it invalidates the node's layout so that the next pass sees the new size (Texture
    /// only redraws here, so code there calls `setNeedsLayout` itself; the result is the same).
    open var image: UIImage? {
        didSet {
            if image !== oldValue { invalidateCalculatedLayout() }
        }
    }

    /// Texture's `imageModificationBlock`: called with the image as drawn into the node's bounds (at the
    /// picture's scale, placed by ``ASDisplayNode/contentMode``) when the node is drawn; what it returns is shown
    /// instead, filling the bounds (`nil` shows nothing). Texture runs it the same way, after its own drawing
    /// (ASImageNode.mm, `createContentsForkey:drawParameters:isCancelled:`). It plays no part in layout.
    open var imageModificationBlock: ((UIImage, ASPrimitiveTraitCollection) -> UIImage?)?

    /// A node without an image, drawing its image with `.scaleAspectFill`, as Texture's image node does.
    public override init() {
        super.init()
        contentMode = .scaleAspectFill
    }

    /// The image's size in points, whatever the constrained size; without an image, the plain node's rule (the
    /// whole constrained size when both sides are finite, else zero). ASImageNode.mm, `calculateSizeThatFits:`.
    /// The layout clamps the result into the node's range.
    open override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        guard let image else { return super.calculateSizeThatFits(constrainedSize) }
        return image.size
    }
}

/// Texture's `ASPrimitiveTraitCollection`, as far as drawing needs it: the screen's scale a picture is drawn at.
/// Texture passes one to every image modification block.
public struct ASPrimitiveTraitCollection: Hashable, Sendable {
    /// Pixels per point of the picture being drawn.
    public var displayScale: CGFloat

    /// A trait collection for a picture at `displayScale`.
    public init(displayScale: CGFloat = 1) {
        self.displayScale = displayScale
    }
}

/// Texture's `ASPrimitiveTraitCollectionMakeDefault`: a trait collection at scale 1.
public func ASPrimitiveTraitCollectionMakeDefault() -> ASPrimitiveTraitCollection {
    ASPrimitiveTraitCollection()
}

/// Texture's `ASNetworkImageNode`: an image node whose image comes from ``url``. There is no network here: the node
/// shows ``defaultImage`` until an image is set, so until then it measures as a plain node (Texture's code: the
/// image node's rule with no image), which is why Texture code gives network image nodes a `style.preferredSize`.
open class ASNetworkImageNode: ASImageNode {
    /// Whether ``image`` was set directly (then ``url`` is cleared, as in Texture).
    private var imageWasSetExternally = false
    /// Whether the image for ``url`` has arrived (never, without a downloader).
    private var imageLoaded = false

    /// A node without URL or image.
    public override init() {
        super.init()
    }

    /// Texture's `URL` (`url` in Swift): where the image comes from. Setting a different URL shows
    /// ``defaultImage`` again, as Texture's `setURL:resetToDefault:` does by default.
    open var url: URL? {
        didSet {
            guard url != oldValue else { return }
            imageWasSetExternally = false
            imageLoaded = false
            setImageInternally(defaultImage)
        }
    }

    /// Texture's `defaultImage`: shown while the URL's image has not arrived (always, here).
    open var defaultImage: UIImage? {
        didSet {
            guard defaultImage !== oldValue, !imageLoaded else { return }
            setImageInternally(defaultImage)
        }
    }

    /// Setting an image directly turns the node into a plain image node: the URL is forgotten, as in Texture's
    /// `_locked_setImage:`.
    open override var image: UIImage? {
        get { super.image }
        set {
            if newValue != nil && !imageWasSetExternally && url != nil { url = nil }
            imageWasSetExternally = newValue != nil
            super.image = newValue
        }
    }

    /// Sets the image shown without the "set externally" bookkeeping (Texture's `_locked__setImage:`).
    private func setImageInternally(_ newImage: UIImage?) {
        super.image = newImage
    }
}
#endif
