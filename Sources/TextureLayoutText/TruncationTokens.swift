import Synchronization

/// Shaped truncation tokens shared by the text nodes that are given the same store (a document's texts share
/// one).
///
/// Shaping a token is a whole text's work (line and grapheme breaks, bidi, HarfBuzz) for one or a few characters:
/// when every node shaped its own, a feed whose titles start truncating at a narrower width spent about a sixth
/// of that width's layout shaping the same "…" over and over. Texts with the same attributes, token and direction
/// get the same shaped token, so one shaping serves them all. The store is not global: a token holds its font,
/// which should go away with the document that loaded it.
public final class TruncationTokens: Sendable {
    /// What a shaped token depends on: its run's attributes (sizes by bit pattern, so that NaN finds itself),
    /// the token's text and its direction.
    private struct Key: Hashable {
        var font: Font
        var size: UInt64
        var letterSpacing: UInt64
        var color: String
        var text: String
        var rightToLeft: Bool
    }

    private let shaped = Mutex<[Key: ShapedText]>([:])

    /// An empty store.
    public init() {}

    /// `token` shaped with `attributes` (whose text is ignored) in one direction, shaped on first use. Shaping
    /// happens outside the lock: two threads asking at once may both shape it, and the first one stored wins.
    func token(_ token: String, attributes: TextRun, rightToLeft: Bool) -> ShapedText {
        let key = Key(font: attributes.font, size: attributes.size.bitPattern,
                      letterSpacing: attributes.letterSpacing.bitPattern, color: attributes.color, text: token,
                      rightToLeft: rightToLeft)
        if let made = shaped.withLock({ $0[key] }) { return made }
        var run = attributes
        run.text = token
        let made = ShapedText(runs: [run], defaultDirection: rightToLeft ? .rightToLeft : .leftToRight)
        return shaped.withLock { tokens in
            if let first = tokens[key] { return first }
            tokens[key] = made
            return made
        }
    }
}
