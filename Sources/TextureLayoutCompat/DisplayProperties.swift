// The types of a node's display properties (Texture's UIView and CALayer bridge) and the paint they make.

#if canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation
import TextureLayoutPaint

/// Texture's `ASCornerRoundingType`: how a node with a ``ASDisplayNode/cornerRadius`` rounds its corners on the
/// device (a layer mask, corners drawn into the node's own pixels, or corner overlays). Every type draws the same
/// rounded box here, as every type looks the same on screen when its requirements are met.
public enum ASCornerRoundingType: Int, Hashable, Sendable {
    /// Core Animation's `cornerRadius`.
    case defaultSlowCALayer
    /// Corners drawn into the node's contents.
    case precomposited
    /// Corners covered by overlays in the background colour.
    case clipping
}

#if !canImport(QuartzCore)
/// Core Animation's `CACornerMask`: which corners a corner radius rounds. `layerMinXMinYCorner` is the top left
/// corner in UIKit's coordinates (y down).
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The corners' bits, as Core Animation numbers them.
    public let rawValue: UInt
    /// A mask from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The top left corner.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The top right corner.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The bottom left corner.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The bottom right corner.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}
#endif

#if !canImport(QuartzCore)
/// Core Animation's `CALayer` as Texture code reaches it through a node (`node.layer.cornerRadius = 5`): the
/// node's layer properties, each read from and written to the node's own display property of the same meaning
/// (`masksToBounds` is ``ASDisplayNode/clipsToBounds``, `opacity` is ``ASDisplayNode/alpha``). There are no layers
/// to host here: sublayers, contents and animations are not part of it.
public final class CALayer {
    /// The node whose properties these are (it owns this object).
    private unowned let node: ASDisplayNode

    init(node: ASDisplayNode) { self.node = node }

    /// The node's ``ASDisplayNode/cornerRadius``.
    public var cornerRadius: CGFloat {
        get { node.cornerRadius }
        set { node.cornerRadius = newValue }
    }
    /// The node's ``ASDisplayNode/maskedCorners``.
    public var maskedCorners: CACornerMask {
        get { node.maskedCorners }
        set { node.maskedCorners = newValue }
    }
    /// The node's ``ASDisplayNode/clipsToBounds``.
    public var masksToBounds: Bool {
        get { node.clipsToBounds }
        set { node.clipsToBounds = newValue }
    }
    /// The node's ``ASDisplayNode/borderWidth``.
    public var borderWidth: CGFloat {
        get { node.borderWidth }
        set { node.borderWidth = newValue }
    }
    /// The node's ``ASDisplayNode/borderColor``.
    public var borderColor: CGColor? {
        get { node.borderColor }
        set { node.borderColor = newValue }
    }
    /// The node's ``ASDisplayNode/backgroundColor`` as a Core Graphics colour.
    public var backgroundColor: CGColor? {
        get { node.backgroundColor?.cgColor }
        set { node.backgroundColor = newValue.map(UIColor.init(cgColor:)) }
    }
    /// The node's ``ASDisplayNode/alpha``.
    public var opacity: Float {
        get { Float(node.alpha) }
        set { node.alpha = CGFloat(newValue) }
    }
    /// The node's ``ASDisplayNode/isHidden``.
    public var isHidden: Bool {
        get { node.isHidden }
        set { node.isHidden = newValue }
    }
    /// The node's ``ASDisplayNode/shadowColor``.
    public var shadowColor: CGColor? {
        get { node.shadowColor }
        set { node.shadowColor = newValue }
    }
    /// The node's ``ASDisplayNode/shadowOpacity``.
    public var shadowOpacity: Float {
        get { Float(node.shadowOpacity) }
        set { node.shadowOpacity = CGFloat(newValue) }
    }
    /// The node's ``ASDisplayNode/shadowOffset``.
    public var shadowOffset: CGSize {
        get { node.shadowOffset }
        set { node.shadowOffset = newValue }
    }
    /// The node's ``ASDisplayNode/shadowRadius``.
    public var shadowRadius: CGFloat {
        get { node.shadowRadius }
        set { node.shadowRadius = newValue }
    }
}
#endif

#if !canImport(UIKit)
/// UIKit's `UIView.ContentMode` (Objective-C's `UIViewContentMode`): where a node's contents go in its bounds.
/// An image node draws its image so; Texture code writes the cases with a leading dot (`.scaleAspectFill`), which
/// compiles unchanged against this type.
public enum UIViewContentMode: Int, Hashable, Sendable {
    /// Stretched to the bounds.
    case scaleToFill
    /// Scaled by the same factor on both axes to fit inside the bounds, centred.
    case scaleAspectFit
    /// Scaled by the same factor on both axes to cover the bounds, centred and cut at the bounds.
    case scaleAspectFill
    /// Drawn again at each new size (drawn as `scaleToFill` here: there are no views to redraw).
    case redraw
    /// At its own size, centred.
    case center
    /// At its own size, centred horizontally at the top.
    case top
    /// At its own size, centred horizontally at the bottom.
    case bottom
    /// At its own size, centred vertically at the left.
    case left
    /// At its own size, centred vertically at the right.
    case right
    /// At its own size, in the top left corner.
    case topLeft
    /// At its own size, in the top right corner.
    case topRight
    /// At its own size, in the bottom left corner.
    case bottomLeft
    /// At its own size, in the bottom right corner.
    case bottomRight

    /// Where content of `size` goes in `bounds` (the paint module's rule, which the image element follows too).
    public func rect(for size: CGSize, in bounds: CGRect) -> CGRect {
        CGRect(paintContentMode.imageRect(imageSize: Size(size), in: Rect(bounds)))
    }

    /// The same placement as the paint module names it (`.redraw` places content as `.scaleToFill`).
    var paintContentMode: ContentMode {
        switch self {
        case .scaleToFill, .redraw: .scaleToFill
        case .scaleAspectFit: .scaleAspectFit
        case .scaleAspectFill: .scaleAspectFill
        case .center: .center
        case .top: .top
        case .bottom: .bottom
        case .left: .left
        case .right: .right
        case .topLeft: .topLeft
        case .topRight: .topRight
        case .bottomLeft: .bottomLeft
        case .bottomRight: .bottomRight
        }
    }
}
#endif

extension ASDisplayNode {
    /// The node's display properties as the paint module's `Paint`: what a picture of the node draws. A text
    /// node's shadow properties are its glyphs' shadow, not its box's: Texture's
    /// text nodes keep them apart from the layer's, so its box casts none.
    package var paint: Paint {
        var paint = Paint(
            backgroundColor: backgroundColor.map(\.paintColor), cornerRadius: Double(max(0, cornerRadius)),
            maskedCorners: Corners(rawValue: UInt8(truncatingIfNeeded: maskedCorners.rawValue & 0xF)),
            borderWidth: Double(max(0, borderWidth)), borderColor: borderColor.map(RGBA.init) ?? .clear,
            clipsToBounds: clipsToBounds, alpha: Double(min(max(alpha, 0), 1)), isHidden: isHidden)
        if self is ASTextNode { return paint }
        paint.shadow = Shadow(
            color: shadowColor.map(RGBA.init) ?? .clear,
            opacity: Double(min(max(shadowOpacity, 0), 1)),
            offset: Point(Double(shadowOffset.width), Double(shadowOffset.height)),
            radius: Double(max(0, shadowRadius)))
        return paint
    }
}

extension RGBA {
    /// A Core Graphics colour's RGB(A) components, or a grey's grey and alpha.
    package init(_ color: CGColor) {
        let c = color.components ?? []
        if c.count >= 4 {
            self.init(red: Double(c[0]), green: Double(c[1]), blue: Double(c[2]), alpha: Double(c[3]))
        } else {
            let gray = Double(c.first ?? 0)
            self.init(red: gray, green: gray, blue: gray, alpha: c.count > 1 ? Double(c[1]) : 1)
        }
    }
}
#endif
