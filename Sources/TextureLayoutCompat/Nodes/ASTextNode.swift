// Texture's text node over the text module's TextNode: Texture's attributed text, truncation and insets become the
// text module's runs and paragraph style, and the text module measures (HarfBuzz shaping, ICU line breaking).

#if canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation
import TextureLayoutPaint
import TextureLayoutText

/// Texture's `ASTextNode` (and `ASTextNode2`, the same type here): a node showing an attributed string, as large as
/// its text laid out within the width it is offered.
///
/// Measuring follows ASTextNode2.mm: the text is laid out in a container of the constrained max size (Texture
/// passes only the max), with at most ``maximumNumberOfLines`` lines; text that does not fit is cut as
/// ``truncationMode`` says, ending with ``truncationAttributedText`` (an ellipsis by default) and
/// ``additionalTruncationMessage``. Setting ``attributedText`` sets `style.ascender` from its first character's
/// font (with the paragraph style's line height limits) and `style.descender` from its last character's font, as
/// Texture's `setAttributedText:` does, so stacks align text nodes by baseline.
///
/// Attributes read: `.font` (a ``UIFont``; without one, the system font at 12 points, TextKit's default size),
/// `.kern`, the first character's `.paragraphStyle` (alignment, line spacing, minimum and maximum line height),
/// and for drawing only `.foregroundColor`, `.underlineStyle`, `.underlineColor`, `.strikethroughStyle`,
/// `.strikethroughColor`, `.backgroundColor` (the text module's `TextDecorations`: the lines' positions and
/// thicknesses come from the run's font; an ``NSUnderlineStyle``'s pattern and `byWord` are drawn as solid lines
/// under every character) and `.shadow` (an ``NSShadow``, cast by the run's glyphs as they are drawn; it never
/// changes the size, in either of Texture's text nodes).
///
/// The node's own ``shadowColor``, ``shadowOpacity``, ``shadowOffset`` and ``shadowRadius`` are its text's
/// shadow, not its layer's: the box casts none. A shadow that draws (some opacity, a colour that is not
/// transparent, a radius or an offset) is measured as Texture's default text node (`ASTextNode`, over TextKit)
/// measures it: the text is laid out in the constrained size less ``shadowPadding`` and the node's size is the
/// text's plus it (ASTextKitShadower), the lines moved right and down by the left and top padding. Two
/// departures (errata): `ASTextNode2`, the same type here, draws the shadow without padding the size; and
/// setting a shadow property here measures the node again, where Texture's setters only redraw it, so that a size
/// Texture measured before the change stays until something else invalidates it.
open class ASTextNode: ASDisplayNode {
    /// The text module's node that lays the text out; it is not in the layout tree.
    private let renderer = TextNode(runs: [])

    /// The text shown; `nil` or empty shows nothing (see ``calculateSizeThatFits(_:)``).
    open var attributedText: NSAttributedString? {
        didSet {
            guard attributedText != oldValue else { return }
            updateRuns()
            if let attributedText, attributedText.length > 0 {
                style.ascender = Double(Self.ascender(of: attributedText))
                style.descender = Double(Self.font(in: attributedText, at: attributedText.length - 1).descender)
            }
            invalidateCalculatedLayout()
        }
    }

    /// The string put where text was cut; `nil` for Texture's default, an ellipsis (…).
    open var truncationAttributedText: NSAttributedString? {
        didSet { updateParagraphStyle() }
    }

    /// Texture's `additionalTruncationMessage`: follows the truncation text, after a space.
    open var additionalTruncationMessage: NSAttributedString? {
        didSet { updateParagraphStyle() }
    }

    /// How text that does not fit is cut: `.byTruncatingTail`, `.byTruncatingHead`, `.byTruncatingMiddle`, or
    /// (any other mode) dropped without a token; `.byCharWrapping` also wraps lines between characters. As in
    /// Texture, a node whose mode was never changed truncates at the tail although the property reads
    /// `.byWordWrapping` (ASTextNode2's container starts with tail truncation and only a change updates it).
    open var truncationMode = NSLineBreakMode.byWordWrapping {
        didSet {
            guard truncationMode != oldValue else { return }
            truncation =
                switch truncationMode {
                case .byTruncatingHead: .head
                case .byTruncatingTail: .tail
                case .byTruncatingMiddle: .middle
                default: .clip
                }
            updateParagraphStyle()
        }
    }

    /// The truncation in effect (see ``truncationMode``).
    private var truncation = TruncationMode.tail

    /// The most lines shown; 0 for no limit.
    open var maximumNumberOfLines: UInt = 0 {
        didSet { updateParagraphStyle() }
    }

    /// Space between the node's edges and its text.
    open var textContainerInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) {
        didSet { updateParagraphStyle() }
    }

    /// A node without text.
    public override init() {
        super.init()
    }

    /// The text's shadow colour (default opaque black; see the type's discussion).
    open override var shadowColor: CGColor? {
        didSet { updateShadow() }
    }

    /// The text's shadow opacity, 0 to 1 (default 0: no shadow).
    open override var shadowOpacity: CGFloat {
        didSet { updateShadow() }
    }

    /// How far the text's shadow is moved from the glyphs (default 0, −3: three points up).
    open override var shadowOffset: CGSize {
        didSet { updateShadow() }
    }

    /// The blur of the text's shadow in points (default 3), as the text module's shadows blur.
    open override var shadowRadius: CGFloat {
        didSet { updateShadow() }
    }

    /// Texture's `shadowPadding`: how far the shadow reaches past the text on each side, as negative insets
    /// (ASTextKitShadower's), all zero when the shadow does not draw: on each side the blur radius less the offset
    /// towards that side, where that is positive.
    public var shadowPadding: UIEdgeInsets {
        let outsets = renderer.shadowOutsets
        return UIEdgeInsets(
            top: -CGFloat(outsets.top), left: -CGFloat(outsets.left), bottom: -CGFloat(outsets.bottom),
            right: -CGFloat(outsets.right))
    }

    /// The text's shadow when it draws, for a picture of the node.
    package var visibleShadow: Shadow? { renderer.visibleShadow }

    private func updateShadow() {
        let before = renderer.shadowOutsets
        renderer.shadow = Shadow(
            color: shadowColor.map(RGBA.init) ?? .clear, opacity: Double(shadowOpacity),
            offset: Point(Double(shadowOffset.width), Double(shadowOffset.height)), radius: Double(shadowRadius))
        if renderer.shadowOutsets != before { invalidateCalculatedLayout() }
    }

    /// The number of lines of the latest measurement.
    public var lineCount: Int { renderer.lines.count }

    /// What the latest measurement's lines draw (runs' backgrounds, glyphs, underlines and strikethroughs), with
    /// the node's top left corner at `origin`: what a picture of the node draws.
    package func drawingCommands(at origin: Point) -> [DisplayCommand] { renderer.drawingCommands(at: origin) }

    /// The text's size within `constrainedSize` (the range's max), rounded up to whole points, insets included.
    /// Without text there are no lines, and Texture's text layout (ASTextLayout.mm, "calculate bounding size")
    /// then grows an empty rectangle at the origin by the insets and keeps only its far edges: the size is the
    /// right and bottom insets.
    open override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        guard let attributedText, attributedText.length > 0 else {
            return CGSize(width: textContainerInset.right, height: textContainerInset.bottom)
        }
        return CGSize(renderer.calculateSizeThatFits(Size(constrainedSize)))
    }

    // MARK: From Texture's attributes to the text module's

    /// The font at `index`, or the system font at 12 points where the text has none.
    private static func font(in text: NSAttributedString, at index: Int) -> UIFont {
        text.attribute(.font, at: index, effectiveRange: nil) as? UIFont ?? .systemFont(ofSize: 12)
    }

    /// ASTextNode2's `ascenderWithAttributedString:`: the first character's font's ascender; with a paragraph
    /// style, its line height (the font's, raised to the minimum and cut to the maximum line height) plus the
    /// font's (negative) descender.
    private static func ascender(of text: NSAttributedString) -> CGFloat {
        let font = font(in: text, at: 0)
        guard let paragraph = text.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle else {
            return font.ascender
        }
        return limitedLineHeight(font.lineHeight, paragraph) + font.descender
    }

    /// `lineHeight` raised to the style's minimum and, when it has one, cut to its maximum.
    private static func limitedLineHeight(_ lineHeight: CGFloat, _ paragraph: NSParagraphStyle) -> CGFloat {
        let raised = max(lineHeight, paragraph.minimumLineHeight)
        return paragraph.maximumLineHeight > 0 ? min(raised, paragraph.maximumLineHeight) : raised
    }

    private func updateRuns() {
        guard let attributedText, attributedText.length > 0 else {
            renderer.runs = []
            return
        }
        let string = attributedText.string as NSString
        var runs: [TextRun] = []
        var location = 0
        while location < attributedText.length {
            var range = NSRange(location: location, length: 0)
            let attributes = attributedText.attributes(at: location, effectiveRange: &range)
            let font = attributes[.font] as? UIFont ?? .systemFont(ofSize: 12)
            if let face = font.face {
                let kern = (attributes[.kern] as? NSNumber)?.doubleValue ?? (attributes[.kern] as? Double) ?? 0
                let decorations = TextDecorations(
                    underline: Self.lineStyle(attributes[.underlineStyle]),
                    underlineColor: (attributes[.underlineColor] as? UIColor)?.paintColor,
                    strikethrough: Self.lineStyle(attributes[.strikethroughStyle]),
                    strikethroughColor: (attributes[.strikethroughColor] as? UIColor)?.paintColor,
                    backgroundColor: (attributes[.backgroundColor] as? UIColor)?.paintColor,
                    shadow: Self.shadow(attributes[.shadow]))
                runs.append(
                    TextRun(
                        string.substring(with: range), font: face, size: Double(font.pointSize),
                        color: (attributes[.foregroundColor] as? UIColor)?.paintColor ?? .black,
                        letterSpacing: kern, decorations: decorations))
            }
            location = range.location + range.length
        }
        renderer.runs = runs
        updateParagraphStyle()
    }

    /// The line style of an `.underlineStyle` or `.strikethroughStyle` value (a number, as UIKit stores it, or an
    /// ``NSUnderlineStyle``): its low byte's style, none for 0 or no value, one line for a style it does not know.
    private static func lineStyle(_ value: Any?) -> TextLineStyle {
        let raw = (value as? NSNumber)?.intValue ?? (value as? Int) ?? (value as? NSUnderlineStyle)?.rawValue ?? 0
        switch raw & 0xFF {
        case 0: return .none
        case NSUnderlineStyle.thick.rawValue: return .thick
        case NSUnderlineStyle.double.rawValue: return .double
        default: return .single
        }
    }

    /// The shadow of a `.shadow` value: an ``NSShadow`` whose colour is a ``UIColor`` or a ``CGColor`` (anything
    /// else draws none, as ASTextLayout reads it), its blur radius as the blur.
    private static func shadow(_ value: Any?) -> Shadow? {
        guard let shadow = value as? NSShadow else { return nil }
        let color: RGBA
        switch shadow.shadowColor {
        case let uiColor as UIColor: color = uiColor.paintColor
        case let cgColor as CGColor: color = RGBA(cgColor)
        default: return nil
        }
        return Shadow(
            color: color, opacity: 1,
            offset: Point(Double(shadow.shadowOffset.width), Double(shadow.shadowOffset.height)),
            radius: Double(max(0, shadow.shadowBlurRadius)))
    }

    /// The lines of the latest measurement, each with its decorations (what a picture of the node draws).
    package var lines: [TextLine] { renderer.lines }

    private func updateParagraphStyle() {
        var style = ParagraphStyle()
        style.maximumNumberOfLines = Int(clamping: maximumNumberOfLines)
        style.lineBreakMode = truncationMode == .byCharWrapping ? .char : .word
        style.truncationMode = truncation
        style.truncationToken = truncationToken
        style.textContainerInset = textContainerInset
        if let attributedText, attributedText.length > 0,
            let paragraph = attributedText.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
        {
            style.alignment =
                switch paragraph.alignment {
                case .left: .left
                case .center: .center
                case .right: .right
                case .justified: .justified
                case .natural: .natural
                }
            style.lineSpacing = Double(paragraph.lineSpacing)
            if paragraph.minimumLineHeight > 0 || paragraph.maximumLineHeight > 0 {
                let natural = Self.font(in: attributedText, at: 0).lineHeight
                style.lineHeight = Double(Self.limitedLineHeight(natural, paragraph))
            }
        }
        renderer.paragraphStyle = style
        invalidateCalculatedLayout()
    }

    /// Texture's composed truncation text (`_locked_composedTruncationText`): the truncation text and the
    /// additional message, a space apart, or whichever is set, or an ellipsis.
    private var truncationToken: String {
        switch (truncationAttributedText?.string, additionalTruncationMessage?.string) {
        case let (truncation?, message?): truncation + " " + message
        case let (truncation?, nil): truncation
        case let (nil, message?): message
        case (nil, nil): "\u{2026}"
        }
    }
}

/// Texture's `ASTextNode2`: the same node as ``ASTextNode`` here.
public typealias ASTextNode2 = ASTextNode

extension UIColor {
    /// The colour as pictures draw it (the text runs' colour).
    var paintColor: RGBA {
        RGBA(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
}
#endif
