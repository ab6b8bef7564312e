import TextureLayout
import TextureLayoutPaint

/// One run of an attributed text: a string and the attributes of all its characters (an `NSAttributedString`
/// range).
public struct TextRun: Hashable, Sendable {
    /// The run's characters.
    public var text: String
    /// The font its glyphs come from; a character it lacks takes another font's glyph (see ``FontFallback``).
    public var font: Font
    /// The font size in points; 0 gives zero-width, zero-height glyphs. Measuring uses `effectiveSize`.
    public var size: Double
    /// The glyphs' colour, used only by pictures (it never changes geometry).
    public var color: RGBA
    /// Extra space after every grapheme cluster, in points (`NSKernAttributeName`); may be negative.
    public var letterSpacing: Double
    /// Underline, strikethrough and background, used only by pictures (they never change geometry).
    public var decorations: TextDecorations

    /// A run with the contract's defaults: size 17, black, no letter spacing, no decorations.
    public init(
        _ text: String, font: Font, size: Double = 17, color: RGBA = .black, letterSpacing: Double = 0,
        decorations: TextDecorations = TextDecorations()
    ) {
        self.text = text
        self.font = font
        self.size = size
        self.color = color
        self.letterSpacing = letterSpacing
        self.decorations = decorations
    }

    /// The largest size and letter spacing measured as given (a million points): far beyond any screen, and
    /// small enough that the widths of a megabyte of text stay finite.
    public static let maximumSize = 1_000_000.0

    /// The size measuring uses: ``size`` within 0…``maximumSize`` (NaN counts as 0).
    var effectiveSize: Double { size >= 0 ? min(size, TextRun.maximumSize) : 0 }

    /// The letter spacing measuring uses: ``letterSpacing`` within ±``maximumSize`` (NaN counts as 0).
    var effectiveLetterSpacing: Double {
        letterSpacing.isNaN ? 0 : max(-TextRun.maximumSize, min(letterSpacing, TextRun.maximumSize))
    }

    /// Whether the attributes (everything but the text) are the same, so that two runs can shape as one.
    func hasSameAttributes(as other: TextRun) -> Bool {
        font == other.font && size == other.size && color == other.color && letterSpacing == other.letterSpacing
            && decorations == other.decorations
    }
}

/// Where lines may wrap (`NSLineBreakMode`'s wrapping modes).
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// At Unicode line-break opportunities (UAX #14); a word wider than a line breaks between grapheme clusters.
    case word
    /// At any grapheme-cluster boundary.
    case char
}

/// How text that does not fit in the allowed lines is cut (`truncationMode`).
public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
    /// The last kept line ends with the token.
    case tail
    /// The last kept line starts with the token and shows the end of its paragraph.
    case head
    /// The last kept line keeps its beginning and its paragraph's end, with the token between.
    case middle
    /// The lines that do not fit are dropped, without a token.
    case clip
}

/// Horizontal alignment of lines (`NSTextAlignment`). Measuring never depends on it.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural
    /// Lines start at the left edge.
    case left
    /// Lines are centred in the node's width.
    case center
    /// Lines end at the right edge.
    case right
    /// Spaces are stretched so that every line but a paragraph's last fills the width.
    case justified
}

/// The base direction of a paragraph.
public enum TextDirection: String, Hashable, Sendable, CaseIterable {
    /// Embedding level 0: left-to-right text, natural alignment left.
    case leftToRight
    /// Embedding level 1: right-to-left text, natural alignment right.
    case rightToLeft
}

/// A paragraph style: everything about a text's layout that is not an attribute of its characters.
///
/// What breaking lines reads (the line limit, the modes, the line height and spacing) is declared first, so that it
/// lies together in memory: a text node keeps its style among the fields a new width reads.
public struct ParagraphStyle: Hashable, Sendable {
    /// The most lines shown; 0 means unlimited (`maximumNumberOfLines`).
    public var maximumNumberOfLines: Int = 0
    /// The height of every line in points, or `nil` for each line's tallest font ascent plus descent.
    public var lineHeight: Double?
    /// Where lines may wrap.
    public var lineBreakMode: LineBreakMode = .word
    /// How text that does not fit is cut.
    public var truncationMode: TruncationMode = .tail
    /// Points added between consecutive lines.
    public var lineSpacing: Double = 0
    /// The string put where text was cut (`truncationAttributedText`); it takes the attributes of the text at the
    /// cut.
    public var truncationToken: String = "\u{2026}"
    /// How lines are placed horizontally.
    public var alignment: TextAlignment = .natural
    /// Space around the text inside the node (`textContainerInset`).
    public var textContainerInset: EdgeInsets = .zero

    /// The defaults of Texture's text node.
    public init() {}
}
