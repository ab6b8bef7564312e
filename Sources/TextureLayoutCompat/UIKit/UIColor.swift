// Unsafe room: Objective-C bridge.
// Invariants: a colour never changes once made (every stored property is a `let`), so sharing it between threads is
// safe; the class is open and an `NSObject`, as UIKit's is, so the compiler cannot check it.

// UIKit's UIColor, as Texture code passes it in attributed strings and node properties. Colours play no part in
// layout; the stand-in keeps the components so that renderers and tests can read them.

#if !canImport(UIKit) && canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation

/// UIKit's `UIColor`: red, green, blue and alpha components from 0 to 1. It subclasses `NSObject`, as UIKit's class
/// does, so that `[.foregroundColor: color]` attribute dictionaries compile unchanged.
///
/// Immutable once made, so it can be shared between threads (unchecked: the class is open, as UIKit's is).
open class UIColor: NSObject, @unchecked Sendable {
    /// The components, each from 0 to 1.
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    /// UIKit's `init(red:green:blue:alpha:)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// UIKit's `init(white:alpha:)`: a grey.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Equal components make equal colours, as UIKit compares colours in one colour space.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return (red, green, blue, alpha) == (other.red, other.green, other.blue, other.alpha)
    }

    /// A hash consistent with ``isEqual(_:)``.
    open override var hash: Int {
        var hasher = Hasher()
        for component in [red, green, blue, alpha] { hasher.combine(component) }
        return hasher.finalize()
    }

    /// UIKit's `black`.
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// UIKit's `darkGray` (one third white).
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    /// UIKit's `gray` (half white).
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// UIKit's `lightGray` (two thirds white).
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    /// UIKit's `white`.
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// UIKit's `clear`.
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }
    /// UIKit's `red`.
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// UIKit's `green`.
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// UIKit's `blue`.
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// UIKit's `orange`.
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// UIKit's `cyan`.
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// UIKit's `yellow`.
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// UIKit's `magenta`.
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// UIKit's `purple`.
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// UIKit's `brown`.
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
}
#endif
