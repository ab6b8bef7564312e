// Unsafe room: text store.
// Invariants: `DocumentFonts` is filled while one thread reads the document (its fonts, then its lazily made store)
// and only read afterwards; the store itself locks what texts share.

import TextureLayout
import TextureLayoutText
import TextureLayoutPaint

extension ElementKind {
    /// `text`: a ``TextNode`` (Texture's `ASTextNode`) showing `text`, or `runs` (exactly one of them), with the
    /// element's `font`, `size`, `color`, `letterSpacing`, `underline`, `strikethrough` and their colours for every
    /// run that does not set its own. Its shadow keys are its glyphs' shadow (``TextNode/shadow``).
    static let text = ElementKind(
        "text",
        keys: [
            ElementKey("text", .string), ElementKey("runs", .runs), ElementKey("font", .fontName),
            ElementKey("size", .number(allowsNegative: false)), ElementKey("color", .color),
            ElementKey("letterSpacing", .number(allowsNegative: true)), ElementKey("maxLines", .count),
            .choice("lineBreak", LineBreakMode.self), .choice("truncation", TruncationMode.self),
            ElementKey("truncationToken", .string), .choice("alignment", TextAlignment.self),
            ElementKey("lineHeight", .number(allowsNegative: false)),
            ElementKey("lineSpacing", .number(allowsNegative: true)), ElementKey("textContainerInset", .insets),
            .choice("underline", TextLineStyle.self), .choice("strikethrough", TextLineStyle.self),
            ElementKey("underlineColor", .color), ElementKey("strikethroughColor", .color),
        ] + paintKeys,
        exclusiveKeys: [("text", "runs")]
    ) { values throws(DocumentError) in
        let runs: [DocumentRun]
        if let text = values.string("text") {
            runs = [DocumentRun(text: text)]
        } else if let given = values.runs("runs") {
            runs = given
        } else {
            throw DocumentError(path: values.path, message: "a text needs \"text\" or \"runs\"")
        }
        var built: [TextRun] = []
        for run in runs {
            var font = run.font ?? values.font("font")
            if font == nil { font = try values.fonts.defaultFont(for: values.path) }
            built.append(
                TextRun(
                    run.text, font: font!, size: run.size ?? values.number("size") ?? 17,
                    color: run.color ?? values.color("color") ?? .black,
                    letterSpacing: run.letterSpacing ?? values.number("letterSpacing") ?? 0,
                    decorations: TextDecorations(
                        underline: run.underline ?? values.choice("underline", TextLineStyle.self) ?? .none,
                        underlineColor: run.underlineColor ?? values.color("underlineColor"),
                        strikethrough: run.strikethrough ?? values.choice("strikethrough", TextLineStyle.self) ?? .none,
                        strikethroughColor: run.strikethroughColor ?? values.color("strikethroughColor"),
                        backgroundColor: run.backgroundColor)))
        }
        var style = ParagraphStyle()
        if let maxLines = values.number("maxLines") { style.maximumNumberOfLines = Int(maxLines) }
        if let mode = values.choice("lineBreak", LineBreakMode.self) { style.lineBreakMode = mode }
        if let mode = values.choice("truncation", TruncationMode.self) { style.truncationMode = mode }
        if let token = values.string("truncationToken") { style.truncationToken = token }
        if let alignment = values.choice("alignment", TextAlignment.self) { style.alignment = alignment }
        style.lineHeight = values.number("lineHeight")
        if let spacing = values.number("lineSpacing") { style.lineSpacing = spacing }
        if let insets = values.insets("textContainerInset") { style.textContainerInset = insets }
        let node = TextNode(runs: built, paragraphStyle: style, store: values.fonts.textStore)
        // A shadow without opacity draws nothing and measures as none: the other shadow keys alone change nothing.
        if values.number("shadowOpacity") != nil { node.shadow = values.paint.shadow }
        return node
    }
}

/// A run as the document gives it: its text and the attributes it sets itself (the element's apply to the rest).
struct DocumentRun {
    var text: String
    var font: Font?
    var size: Double?
    var color: RGBA?
    var letterSpacing: Double?
    var underline: TextLineStyle?
    var underlineColor: RGBA?
    var strikethrough: TextLineStyle?
    var strikethroughColor: RGBA?
    /// The run's own: on the text element, `backgroundColor` is the node's paint.
    var backgroundColor: RGBA?
}

/// The fonts a document's `fonts` names, loaded when the document is read, and the store its texts share (their
/// truncation tokens, shaped once for texts truncated alike, and their break tables, kept together).
final class DocumentFonts: @unchecked Sendable {
    var byName: [String: Font] = [:]
    /// The document's `fallbackFonts`, tried before the system's fonts: read before the elements, which make the
    /// store.
    var fallbackFonts: [Font] = []
    /// Made on first use, so that a document without texts has none. Its fallback keeps the document's own
    /// answers of which font covers which character.
    private(set) lazy var textStore = TextStore(fallback: FontFallback(fonts: fallbackFonts))

    /// The font named `"default"`: the document's own, else the project's default (DejaVu Sans through
    /// fontconfig), which may be missing on a system without it.
    func defaultFont(for path: JSONPath) throws(DocumentError) -> Font {
        if let font = byName["default"] { return font }
        do {
            return try Font.defaultFont()
        } catch {
            throw DocumentError(
                path: path,
                message: "the default font is not available (\(error)); install "
                    + "\(Font.defaultFamily) (Scripts/setup does) or name a font file in \"fonts\"")
        }
    }
}

extension LineBreakMode: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension TruncationMode: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension TextLineStyle: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
extension TextAlignment: NamedCases {
    static let documentNames = names()
    static let documentValues = allCases
}
