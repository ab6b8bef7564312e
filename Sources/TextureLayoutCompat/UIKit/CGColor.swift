// Core Graphics' CGColor where there is no Core Graphics: the type of a node's `borderColor` and `shadowColor`.

#if !canImport(CoreGraphics) && canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation

/// Core Graphics' `CGColor` in device RGB: red, green, blue and alpha from 0 to 1. Texture takes a node's
/// `borderColor` and `shadowColor` as one, usually from `UIColor.cgColor`.
///
/// Immutable once made, so it can be shared between threads.
public final class CGColor: Hashable, Sendable {
    /// The components: red, green, blue, alpha (Core Graphics' order for an RGB colour).
    public let components: [CGFloat]?

    /// Core Graphics' `init(red:green:blue:alpha:)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha]
    }

    /// Core Graphics' `init(gray:alpha:)`: a grey, kept as RGB.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// Core Graphics' `black`.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Core Graphics' `white`.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Core Graphics' `clear`.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Equal components make equal colours.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }

    /// A hash consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
}
#endif

#if !canImport(UIKit) && canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation

extension UIColor {
    /// UIKit's `cgColor`: the same colour as a ``CGColor``.
    public var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// UIKit's `init(cgColor:)`: an RGB colour's components (a grey's `gray, alpha` read as grey).
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 0]
        if c.count >= 4 {
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        } else {
            self.init(white: c.first ?? 0, alpha: c.count > 1 ? c[1] : 1)
        }
    }
}
#endif
