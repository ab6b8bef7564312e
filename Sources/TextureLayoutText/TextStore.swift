import Synchronization
import TextureLayoutPaint

/// What the text nodes given the same store share (a document's texts share one): their shaped truncation
/// tokens, their shaped words, and the memory their break tables are written into.
///
/// Shaping a token is a whole text's work (line and grapheme breaks, bidi, HarfBuzz) for one or a few characters:
/// when every node shaped its own, a feed whose titles start truncating at a narrower width spent about a sixth
/// of that width's layout shaping the same "…" over and over. Texts with the same attributes, token and direction
/// get the same shaped token, so one shaping serves them all. The words of one text's items are shaped once and
/// copied into the items of later texts where that gives exactly the glyphs and widths of shaping the items whole
/// (about halving the text feed's first layout). Break tables written one after another (in the
/// store's arena) are read as one stream when every text is broken again at a new width. The store is not global:
/// a token or a word holds its font, and the tables belong to the document's texts; all go away with the document.
public final class TextStore: Sendable {
    /// What a shaped token depends on: its run's attributes (the loaded font's identity, sizes by bit pattern, so
    /// that NaN finds itself), the token's text and its direction. The font is known by identity, not held: a key
    /// is kept only while its token, whose run holds the font, is among the store's tokens (the latest width's key
    /// is one whose token was stored first), so no other font takes that identity meanwhile; and making a key
    /// retains nothing (copying a font into one, and releasing the copy, are atomic writes to its reference
    /// count).
    private struct Key: Hashable {
        var font: ObjectIdentifier
        var size: UInt64
        var letterSpacing: UInt64
        var color: RGBA
        var text: String
        var rightToLeft: Bool

        init(_ text: String, attributes: borrowing TextRun, rightToLeft: Bool) {
            font = attributes.font.identity
            size = attributes.size.bitPattern
            letterSpacing = attributes.letterSpacing.bitPattern
            color = attributes.color
            self.text = text
            self.rightToLeft = rightToLeft
        }
    }

    /// The shaped tokens, the one found last, and the width measured last: the texts of a document mostly ask
    /// for the same token, which comparing with the last one finds without hashing the key (a node asks when it
    /// first truncates).
    private let shaped = Mutex<
        (latest: (key: Key, token: ShapedText)?, all: [Key: ShapedText], latestWidth: (key: Key, width: Double)?)
    >((nil, [:], nil))
    /// Where the texts' break tables are written (a text's first shaping only: one shaped again after a change
    /// has a table of its own, so that a document edited for long does not fill chunks with tables no text uses).
    let breakTables = BreakTableArena()
    /// The words its texts have shaped, which the items of later texts are put together from (the same glyphs
    /// and widths as shaping them whole: see ``ShapedWordCache``).
    let words = ShapedWordCache()

    /// Where the texts' characters that their fonts lack take their glyphs from (and the answers found so far).
    public let fallback: FontFallback

    /// An empty store whose texts fall back to `fallback` (by default the system's fonts only).
    public init(fallback: FontFallback = .system) {
        self.fallback = fallback
    }

    /// `token` shaped with `attributes` (whose text is ignored) in one direction, shaped on first use. Shaping
    /// happens outside the lock: two threads asking at once may both shape it, and the first one stored wins.
    func token(_ token: String, attributes: TextRun, rightToLeft: Bool) -> ShapedText {
        let key = Key(token, attributes: attributes, rightToLeft: rightToLeft)
        let found: ShapedText? = shaped.withLock { tokens in
            if let latest = tokens.latest, latest.key == key { return latest.token }
            guard let made = tokens.all[key] else { return nil }
            tokens.latest = (key, made)
            return made
        }
        if let found { return found }
        var run = attributes
        run.text = token
        let made = ShapedText(
            runs: [run], defaultDirection: rightToLeft ? .rightToLeft : .leftToRight,
            fallback: fallback)
        return shaped.withLock { tokens in
            let first = tokens.all[key] ?? made
            tokens.all[key] = first
            tokens.latest = (key, first)
            return first
        }
    }

    /// The width of ``token(_:attributes:rightToLeft:)``'s token with the attributes of `text`'s run at `run`:
    /// what truncating a line measures. The width measured last is found without copying the run or retaining
    /// the token.
    func tokenWidth(_ token: String, run: Int, of text: ShapedText, rightToLeft: Bool) -> Double {
        let key = Key(token, attributes: text.runs[run], rightToLeft: rightToLeft)
        let found: Double? = shaped.withLock { tokens in
            guard let latest = tokens.latestWidth, latest.key == key else { return nil }
            return latest.width
        }
        if let found { return found }
        let width = self.token(token, attributes: text.runs[run], rightToLeft: rightToLeft).totalWidth
        shaped.withLock { $0.latestWidth = (key, width) }
        return width
    }
}
