// The attributed-string vocabulary of UIKit that swift-corelibs-foundation lacks: the attribute keys Texture's text
// nodes read, and NSParagraphStyle with its enums. With these, Texture code's
// `NSAttributedString(string:attributes: [.font: font, .paragraphStyle: style])` compiles unchanged.

#if !canImport(UIKit) && canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation

/// UIKit's attribute keys, which swift-corelibs-foundation lacks, so Texture's attributed strings compile.
extension NSAttributedString.Key {
    /// UIKit's `.font`: a ``UIFont``.
    public static let font = NSAttributedString.Key("NSFont")
    /// UIKit's `.foregroundColor`: a ``UIColor``.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// UIKit's `.kern`: extra points after each character, as a number.
    public static let kern = NSAttributedString.Key("NSKern")
    /// UIKit's `.paragraphStyle`: an ``NSParagraphStyle``.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// UIKit's `.underlineStyle`: an ``NSUnderlineStyle``'s raw value, as a number.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// UIKit's `.underlineColor`: a ``UIColor``; without one the underline takes the text's colour.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// UIKit's `.strikethroughStyle`: an ``NSUnderlineStyle``'s raw value, as a number.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// UIKit's `.strikethroughColor`: a ``UIColor``; without one the line takes the text's colour.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// UIKit's `.backgroundColor`: a ``UIColor`` filling the line's height behind the characters.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// UIKit's `.shadow`: an ``NSShadow`` the characters' glyphs cast.
    public static let shadow = NSAttributedString.Key("NSShadow")
}

/// UIKit's `NSShadow`, the value of `.shadow`: the shadow a run of text casts, drawn with its glyphs. It never
/// changes the text's size: Texture's text nodes measure a string's own shadows as if they were not there.
open class NSShadow: NSObject {
    /// How far the shadow is moved from the glyphs, in points (y down, as UIKit draws it; default none).
    open var shadowOffset = CGSize(width: 0, height: 0)
    /// The blur, in points (default 0: a sharp copy of the glyphs).
    open var shadowBlurRadius: CGFloat = 0
    /// The shadow's colour, a ``UIColor`` or a ``CGColor``; UIKit's default is black with an alpha of 1/3, and `nil`
    /// (or any other value) draws no shadow.
    open var shadowColor: Any? = UIColor(white: 0, alpha: 1.0 / 3)

    /// UIKit's default shadow: black at an alpha of 1/3, unmoved and unblurred.
    public override init() {}
}

/// UIKit's `NSUnderlineStyle`, the value of `.underlineStyle` and `.strikethroughStyle`: a line style in the low
/// byte, a pattern and `byWord` above it.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style's bits: the line style in the low byte, the pattern and `byWord` above it.
    public let rawValue: Int

    /// A style from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// One line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One thick line.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// Dotted (drawn solid here).
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// Dashed (drawn solid here).
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// Dash and dot (drawn solid here).
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    /// Dash, dot, dot (drawn solid here).
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Under words only, not the spaces between them (drawn under the spaces too here).
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// UIKit's `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable {
    /// Lines start at the left edge.
    case left = 0
    /// Lines are centred.
    case center = 1
    /// Lines end at the right edge.
    case right = 2
    /// Lines but a paragraph's last fill the width.
    case justified = 3
    /// Left for left-to-right text, right for right-to-left text.
    case natural = 4
}

/// UIKit's `NSLineBreakMode`: how lines wrap, and how the last line truncates.
public enum NSLineBreakMode: Int, Sendable {
    /// Lines wrap between words.
    case byWordWrapping = 0
    /// Lines wrap between characters.
    case byCharWrapping
    /// Text past the last line is cut off.
    case byClipping
    /// The last line starts with an ellipsis.
    case byTruncatingHead
    /// The last line ends with an ellipsis.
    case byTruncatingTail
    /// The last line has an ellipsis in its middle.
    case byTruncatingMiddle
}

/// UIKit's `NSParagraphStyle`: the paragraph attributes Texture's text nodes lay out with. Immutable; make one
/// with ``NSMutableParagraphStyle``.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    /// UIKit's `default`: natural alignment, word wrapping, no extra spacing.
    public class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// How lines sit between the text container's edges.
    public fileprivate(set) var alignment = NSTextAlignment.natural
    /// Extra points between one line's bottom and the next line's top.
    public fileprivate(set) var lineSpacing: CGFloat = 0
    /// Extra points after the paragraph.
    public fileprivate(set) var paragraphSpacing: CGFloat = 0
    /// The smallest line height; 0 for none.
    public fileprivate(set) var minimumLineHeight: CGFloat = 0
    /// The largest line height; 0 for none.
    public fileprivate(set) var maximumLineHeight: CGFloat = 0
    /// A factor on the font's line height; 0 for none.
    public fileprivate(set) var lineHeightMultiple: CGFloat = 0
    /// How lines wrap, and how a too-long last line is cut.
    public fileprivate(set) var lineBreakMode = NSLineBreakMode.byWordWrapping

    /// The default style: natural alignment, word wrapping, no extra spacing.
    public override init() {}

    private func copyValues(to copy: NSParagraphStyle) -> NSParagraphStyle {
        copy.alignment = alignment
        copy.lineSpacing = lineSpacing
        copy.paragraphSpacing = paragraphSpacing
        copy.minimumLineHeight = minimumLineHeight
        copy.maximumLineHeight = maximumLineHeight
        copy.lineHeightMultiple = lineHeightMultiple
        copy.lineBreakMode = lineBreakMode
        return copy
    }

    /// An immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any { copyValues(to: NSParagraphStyle()) }

    /// A ``NSMutableParagraphStyle`` with the same values.
    open func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(to: NSMutableParagraphStyle()) }
}

/// UIKit's `NSMutableParagraphStyle`: a paragraph style whose values can be set.
open class NSMutableParagraphStyle: NSParagraphStyle {
    /// How lines sit between the text container's edges.
    public override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    /// Extra points between one line's bottom and the next line's top.
    public override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
    /// Extra points after the paragraph.
    public override var paragraphSpacing: CGFloat {
        get { super.paragraphSpacing }
        set { super.paragraphSpacing = newValue }
    }
    /// The smallest line height; 0 for none.
    public override var minimumLineHeight: CGFloat {
        get { super.minimumLineHeight }
        set { super.minimumLineHeight = newValue }
    }
    /// The largest line height; 0 for none.
    public override var maximumLineHeight: CGFloat {
        get { super.maximumLineHeight }
        set { super.maximumLineHeight = newValue }
    }
    /// A factor on the font's line height; 0 for none.
    public override var lineHeightMultiple: CGFloat {
        get { super.lineHeightMultiple }
        set { super.lineHeightMultiple = newValue }
    }
    /// How lines wrap, and how a too-long last line is cut.
    public override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
}
#endif
