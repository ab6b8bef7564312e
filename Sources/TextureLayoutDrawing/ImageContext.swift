// UIKit's image contexts where there is no UIKit: UIGraphicsImageRenderer and the UIGraphicsBeginImageContext
// functions, over the recording CGContext.

#if !canImport(UIKit) && !canImport(CoreGraphics)
import Foundation
import LayoutRendering
import TextureLayoutPaint

/// An image context: a recording ``CGContext`` with the scale and opacity its image is made with.
final class ImageContext {
    let context: CGContext
    let scale: CGFloat

    init(size: CGSize, scale: CGFloat) {
        context = CGContext(size: size)
        self.scale = scale > 0 && scale.isFinite ? scale : ASScreenScale()
    }

    /// What is drawn so far, as pixels at the context's scale (a context wider or taller than the renderers
    /// allow is drawn at a smaller scale, as pictures are), or `nil` for a context without area.
    var image: UIImage? {
        let list = context.displayList
        guard list.size.width > 0, list.size.height > 0, list.size.width.isFinite, list.size.height.isFinite
        else { return nil }
        return UIImage(drawing: [list], scale: Double(scale))
    }

    /// The current thread's contexts, innermost last (UIKit keeps a stack per thread, too).
    static var stack: [CGContext] {
        get { ThreadStack.elements(at: stackKey) }
        set { ThreadStack.set(newValue, at: stackKey) }
    }

    /// The image contexts begun by ``UIGraphicsBeginImageContextWithOptions(_:_:_:)`` on this thread, innermost
    /// last.
    static var begun: [ImageContext] {
        get { ThreadStack.elements(at: begunKey) }
        set { ThreadStack.set(newValue, at: begunKey) }
    }

    private static let stackKey = "TextureLayoutDrawing.contexts"
    private static let begunKey = "TextureLayoutDrawing.imageContexts"

    /// The current context, which UIKit's drawing calls draw into.
    static var current: CGContext? { stack.last }

    /// Runs `body` with `context` current.
    static func with<T>(_ context: CGContext, _ body: () throws -> T) rethrows -> T {
        stack.append(context)
        defer { stack.removeLast() }
        return try body()
    }
}

/// A stack of values kept in the current thread's dictionary under a key.
private final class ThreadStack<Element> {
    var elements: [Element]
    init(_ elements: [Element]) { self.elements = elements }

    /// The current thread's stack under `key` (empty when there is none).
    static func elements(at key: String) -> [Element] {
        (Thread.current.threadDictionary[key] as? ThreadStack)?.elements ?? []
    }

    /// Makes `elements` the current thread's stack under `key`.
    static func set(_ elements: [Element], at key: String) {
        if let box = Thread.current.threadDictionary[key] as? ThreadStack {
            box.elements = elements
        } else {
            Thread.current.threadDictionary[key] = ThreadStack(elements)
        }
    }
}

/// UIKit's `UIGraphicsGetCurrentContext`: the context drawing calls go to, or `nil` outside any.
public func UIGraphicsGetCurrentContext() -> CGContext? { ImageContext.current }

/// UIKit's `UIGraphicsPushContext`: makes `context` current until ``UIGraphicsPopContext()``.
public func UIGraphicsPushContext(_ context: CGContext) { ImageContext.stack.append(context) }

/// UIKit's `UIGraphicsPopContext`: makes the previous context current again.
public func UIGraphicsPopContext() { _ = ImageContext.stack.popLast() }

/// UIKit's `UIGraphicsBeginImageContextWithOptions`: begins an image context of `size` points at `scale` pixels
/// per point (0: `ASScreenScale()`, as UIKit takes the main screen's) and makes it current. `opaque` is
/// accepted and ignored: what is not drawn stays transparent.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let context = ImageContext(size: size, scale: scale == 0 ? ASScreenScale() : scale)
    ImageContext.begun.append(context)
    ImageContext.stack.append(context.context)
}

/// UIKit's `UIGraphicsBeginImageContext`: an image context of `size` points at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// UIKit's `UIGraphicsGetImageFromCurrentImageContext`: what the innermost image context holds so far, or `nil`
/// when none is begun (or it has no area).
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? { ImageContext.begun.last?.image }

/// UIKit's `UIGraphicsEndImageContext`: ends the innermost image context (and any context pushed above it).
public func UIGraphicsEndImageContext() {
    guard let context = ImageContext.begun.popLast() else { return }
    if let index = ImageContext.stack.lastIndex(where: { $0 === context.context }) {
        ImageContext.stack.removeSubrange(index...)
    }
}

/// UIKit's `UIGraphicsImageRendererFormat`: the scale and opacity of a renderer's images.
open class UIGraphicsImageRendererFormat {
    /// Pixels per point (default `ASScreenScale()`).
    open var scale: CGFloat = ASScreenScale()
    /// Accepted and ignored: what is not drawn stays transparent.
    open var opaque = false

    /// The default format.
    public init() {}

    /// UIKit's `default()`: the main screen's scale, not opaque.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// UIKit's `preferred()`: the same as ``default()`` here.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// UIKit's `UIGraphicsImageRendererContext`: what a renderer's drawing block is given.
open class UIGraphicsImageRendererContext {
    /// The context to draw into (also the current context while the block runs).
    public let cgContext: CGContext
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat
    private let imageContext: ImageContext

    init(_ imageContext: ImageContext, format: UIGraphicsImageRendererFormat) {
        self.imageContext = imageContext
        cgContext = imageContext.context
        self.format = format
    }

    /// What is drawn so far, as an image.
    open var currentImage: UIImage { imageContext.image ?? UIImage(size: .zero) }

    /// Fills `rect` with the fill colour.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Strokes `rect`'s outline (1 point wide) with the stroke colour.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    /// Intersects the clip with `rect`.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// UIKit's `UIGraphicsImageRenderer`: makes images of what its drawing blocks draw.
open class UIGraphicsImageRenderer {
    /// The rectangle the images show, in the blocks' coordinates.
    public let bounds: CGRect
    /// The images' scale and opacity.
    public let format: UIGraphicsImageRendererFormat

    /// A renderer of images of `size` points in the default format.
    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: .default())
    }

    /// A renderer of images of `size` points in `format`.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// A renderer of images of the part of the plane `bounds` covers.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.bounds = bounds
        self.format = format
    }

    /// The image `actions` draws.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = ImageContext(size: bounds.size, scale: format.scale)
        context.context.translateBy(x: -bounds.minX, y: -bounds.minY)
        let rendererContext = UIGraphicsImageRendererContext(context, format: format)
        ImageContext.with(context.context) { actions(rendererContext) }
        return context.image ?? UIImage(size: .zero)
    }

    /// The image `actions` draws, as a PNG file.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }
}
#endif
