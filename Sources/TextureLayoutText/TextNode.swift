// Unsafe room: text store.
// Invariants: breaking lines uses the node's shaped text without retaining it (`_withUnsafeGuaranteedRef`): the
// node holds the text for the whole call and breaking does not replace it. The truncation token's closure holds the
// node itself unretained (`Unmanaged`) and calls it the same way: it is called only during that call, while the
// node measures itself. The node's lines are written without the runtime's exclusivity checks: only the node's own
// measurement changes them, once per call (breaking lines writes them and nothing it calls reaches them), and reading
// them overlaps no change.

import TextureLayout
import TextureLayoutPaint

/// A node that shows text: Texture's `ASTextNode`, measured with real fonts (HarfBuzz shaping, ICU line breaking
/// and bidi).
///
/// Its size is its text laid out within the width its range allows: the widest line and the lines' heights plus
/// spacing, each plus the insets and rounded up to a whole point, then limited to the range. Like Texture's text
/// node it reports its first baseline as its ascender and its last line's descent as its descender, so stacks
/// with `baselineFirst`/`baselineLast` alignment line texts up by their real baselines.
///
/// Measuring is incremental: the text is shaped once per change of its runs (or default direction); a new width
/// only breaks lines again; the same width is answered from the last measurement. Changing anything that affects
/// the layout calls `setNeedsLayout()`.
open class TextNode: DisplayNode {
    // What a measurement reads and writes, declared first so that it lies together at the start of the node's own
    // fields (stored properties are laid out in declaration order), in the order a measurement reaches it: the
    // same size again reads the first line of them, a width that keeps the one line it has a few bytes more, and
    // breaking lines reads on into the table, the lines' storage and the style's break values (declared first in
    // ``ParagraphStyle``), without reaching another object before the lines themselves. What few measurements
    // read (the baseline overrides) comes after the style.

    /// The size the current lines were broken for (bit patterns: NaN-safe identity) and the size they give.
    private var brokenFor: (UInt64, UInt64)?
    /// Whether an ascender or descender override is set (in the byte after `brokenFor`): a measurement reads
    /// ``overrides`` only then.
    private var hasOverrides = false
    /// The text's one-line width when the current lines are the whole text kept on one line without comparing a
    /// line with the width (``LineBreakLimits/keepOneLine(oneLineWidth:)``), else NaN: another width where that
    /// holds too gives the same lines, known without reading the shaped text (a new width for a text that fits).
    /// Not NaN only in word breaking, which the lines were broken with (a new style breaks them again).
    private var keptOneLineWidth = Double.nan
    private var textSize = Size.zero
    /// The style's `textContainerInset` plus ``shadowOutsets``, kept up to date by both.
    private var insets: EdgeInsets
    /// The first line's baseline and the last one's, from the node's top (the insets included), kept with the
    /// lines so that reporting baselines does not read the lines again.
    private var baselines = (first: 0.0, last: 0.0)
    /// The node's size from its latest computation (the range applied), which alignment places lines within.
    private var finalSize = Size.zero
    /// The width of the token most recently measured, by run index and direction (index * 2 + 1 when right to
    /// left; -1: none): truncating the last line at a new width reads it next, beside the table.
    private var latestTokenWidth = (key: -1, width: 0.0)
    /// The shaped text's break table, kept beside it: breaking at a new width reads the table without touching the
    /// text's object.
    private var table: BreakTable?
    private var shaped: ShapedText? {
        didSet { table = shaped?.table }
    }
    @exclusivity(unchecked) private var boxes = LineBoxes()
    private var paragraph: ParagraphStyle
    private var overrides: (ascender: Double?, descender: Double?) = (nil, nil) {
        didSet { hasOverrides = overrides.ascender != nil || overrides.descender != nil }
    }

    /// The attributed text, as runs (an empty array is an empty text in the default font).
    public final var runs: [TextRun] {
        didSet {
            guard runs != oldValue else { return }
            shaped = nil
            latestTokenWidth.key = -1
            textChanged()
        }
    }

    /// Line breaking, truncation, alignment, line height and insets.
    public final var paragraphStyle: ParagraphStyle {
        get { paragraph }
        set {
            guard newValue != paragraph else { return }
            if newValue.truncationToken != paragraph.truncationToken { latestTokenWidth.key = -1 }
            paragraph = newValue
            insets = newValue.textContainerInset.adding(shadowPadding)
            textChanged()
        }
    }

    /// The direction of paragraphs whose first strong character does not decide one (UAX #9): digits, spaces
    /// and punctuation only. A node in a right-to-left layout sets it to ``TextDirection/rightToLeft``.
    public final var defaultDirection: TextDirection = .leftToRight {
        didSet {
            guard defaultDirection != oldValue else { return }
            shaped = nil
            latestTokenWidth.key = -1
            textChanged()
        }
    }

    /// The shadow of the text's glyphs and decorations (`ASTextNode`'s `shadowColor`, `shadowOpacity`,
    /// `shadowOffset` and `shadowRadius`, which are not its layer's). A shadow that draws (some opacity, a colour
    /// that is not transparent, and a radius or an offset) changes the size as Texture's text renderer does: the
    /// text is laid out in the size the range allows less ``shadowOutsets``, and the node's size is the text's
    /// plus them, the lines moved right and down by the left and top outsets. The default draws nothing.
    public final var shadow: Shadow {
        get { textShadow }
        set {
            guard newValue != textShadow else { return }
            textShadow = newValue
            let outsets = TextNode.outsets(of: newValue)
            guard outsets != shadowPadding else { return }
            shadowPadding = outsets
            insets = paragraph.textContainerInset.adding(outsets)
            textChanged()
        }
    }

    /// How far ``shadow`` reaches past the text on each side, each ≥ 0: the blur radius less the offset towards
    /// that side, where positive (Texture's shadow padding, which is these negated). All zero when the shadow
    /// does not draw.
    public final var shadowOutsets: EdgeInsets { shadowPadding }

    /// ``shadow`` when it draws: Texture's text renderer draws a shadow with some opacity, a colour that is not
    /// transparent, and a blur radius or an offset (one right under the glyphs, unblurred, it leaves out).
    public final var visibleShadow: Shadow? { TextNode.draws(textShadow) ? textShadow : nil }

    private static func draws(_ shadow: Shadow) -> Bool {
        shadow.opacity > 0 && shadow.color.alpha > 0 && (shadow.radius != 0 || shadow.offset != Point(0, 0))
    }

    /// Texture's rule for a shadow's padding: zero unless the shadow draws; otherwise, on each side, how far the
    /// blur reaches out beyond what the offset moves away from that side.
    static func outsets(of shadow: Shadow) -> EdgeInsets {
        guard draws(shadow) else { return .zero }
        let r = shadow.radius, dx = shadow.offset.x, dy = shadow.offset.y
        return EdgeInsets(top: max(0, r - dy), left: max(0, r - dx), bottom: max(0, r + dy), right: max(0, r + dx))
    }

    /// When set, the ascender used for baseline alignment instead of the measured first baseline (a document's
    /// explicit `style.ascender`).
    public final var ascenderOverride: Double? {
        get { overrides.ascender }
        set {
            overrides.ascender = newValue
            setNeedsLayout()
        }
    }
    /// When set, the descender used instead of the measured one (a document's explicit `style.descender`).
    public final var descenderOverride: Double? {
        get { overrides.descender }
        set {
            overrides.descender = newValue
            setNeedsLayout()
        }
    }

    // The storage of the three properties above (`paragraph` and `overrides` are among the measurement's fields).
    // Private storage is read by a measurement without the runtime exclusivity check that a public stored property
    // of an open class needs on every read (three in every measurement, one more in each that breaks lines).
    private var textShadow = Shadow()
    private var shadowPadding = EdgeInsets.zero

    /// Where the node's truncation tokens are shaped and kept: the store it was given, else its own, made when it
    /// first truncates. A given store also takes the node's first break table.
    private var store: TextStore?
    /// Whether the text has been shaped (its break table written into the store) before.
    private var shapedBefore = false

    /// A text node showing `runs`. Nodes given the same `store` shape each truncation token once between them
    /// and keep their break tables together (a document's texts share a store); without one the node keeps its
    /// own.
    public init(runs: [TextRun], paragraphStyle: ParagraphStyle = ParagraphStyle(), store: TextStore? = nil) {
        self.runs = runs
        paragraph = paragraphStyle
        insets = paragraphStyle.textContainerInset.adding(EdgeInsets.zero)  // no shadow yet
        self.store = store
        super.init()
        readsFieldsBeyondState()
        measuresFromRangeAndStyle(asExactly: TextNode.self)
        measuresWithoutSpec(asExactly: TextNode.self)
    }

    /// A text node showing `text` in one font and size.
    public convenience init(
        _ text: String, font: Font, size: Double = 17,
        paragraphStyle: ParagraphStyle = ParagraphStyle()
    ) {
        self.init(runs: [TextRun(text, font: font, size: size)], paragraphStyle: paragraphStyle)
    }

    /// The whole text as a string.
    public final var text: String { runs.map(\.text).joined() }

    private func textChanged() {
        brokenFor = nil
        setNeedsLayout()
    }

    /// The shaped text, built on first use after a change. An empty run list shapes an empty text in the default
    /// font (or, without one installed, measures as nothing); so does a text whose shaping stopped because its
    /// caller gave up (``LayoutCancellation/current``), which is not kept.
    private func shapedText() -> ShapedText? {
        if let shaped { return shaped }
        var source = runs
        if source.isEmpty, let font = try? Font.defaultFont() { source = [TextRun("", font: font)] }
        guard !source.isEmpty else { return nil }
        let made = ShapedText(
            runs: source, defaultDirection: defaultDirection,
            fallback: store?.fallback ?? .system,
            breakTables: shapedBefore ? nil : store?.breakTables, words: store?.words)
        shapedBefore = true
        guard made.isComplete else { return nil }
        shaped = made
        return made
    }

    private func token(_ run: Int, _ rightToLeft: Bool) -> ShapedText {
        if store == nil { store = TextStore() }
        return store!.token(paragraph.truncationToken, attributes: shaped!.runs[run], rightToLeft: rightToLeft)
    }

    /// The width of the token for a run and direction. The latest is kept beside its key: a truncated text asks
    /// for the same one at every width, answered without a dictionary lookup or reading the token's arrays; a
    /// text that first truncates asks its store, which finds the width measured last without retaining anything.
    private func tokenWidth(_ run: Int, _ rightToLeft: Bool) -> Double {
        let key = run * 2 + (rightToLeft ? 1 : 0)
        if latestTokenWidth.key == key { return latestTokenWidth.width }
        // The node holds its store and its text while it measures: both are used without retaining them.
        if store == nil { store = TextStore() }
        let tokens = Unmanaged.passUnretained(store!)
        let width = Unmanaged.passUnretained(shaped!)._withUnsafeGuaranteedRef { text in
            tokens._withUnsafeGuaranteedRef {
                $0.tokenWidth(paragraph.truncationToken, run: run, of: text, rightToLeft: rightToLeft)
            }
        }
        latestTokenWidth = (key, width)
        return width
    }

    /// Lays the text out within `constrainedSize` (Texture passes the range's max): breaks lines for its width,
    /// keeps those `maximumNumberOfLines` and its height allow, and returns the text's size rounded up to whole
    /// points. The same size again, or any size where the text stays on the one line it has, is answered without
    /// breaking lines.
    open override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let key = (constrainedSize.width.bitPattern, constrainedSize.height.bitPattern)
        if let brokenFor, brokenFor == key { return textSize }
        let insets = insets
        let maxWidth = constrainedSize.width - insets.left - insets.right
        // `keptOneLineWidth` is NaN unless the lines were broken by words, so this is `keepOneLine` without reading
        // the style.
        if brokenFor != nil && keptOneLineWidth <= LineBreakLimits.lineWidth(maxWidth) {
            brokenFor = key
            return textSize
        }
        if shaped == nil && shapedText() == nil { return .zero }
        let limits = LineBreakLimits(
            maxWidth: maxWidth, maxHeight: constrainedSize.height - insets.top - insets.bottom, style: paragraph)
        let table = table!
        // The node keeps the text alive, and breaking lines does not change `shaped`: it is used without retaining
        // it, which would write to the text's object, otherwise not read for a line at a break point. The token's
        // closure holds and calls the node the same way (the node is measuring, so it is alive): a strong or
        // `unowned(unsafe)` capture is retained and released around each call of the node's method, atomic writes
        // to the node's reference count.
        let node = Unmanaged.passUnretained(self)
        Unmanaged.passUnretained(shaped!)._withUnsafeGuaranteedRef { text in
            text.breakLines(limits, table: table, into: &boxes) { run, rightToLeft in
                node._withUnsafeGuaranteedRef { $0.tokenWidth(run, rightToLeft) }
            }
        }
        let oneLineWidth = table.header.pointee.oneLineWidth
        keptOneLineWidth = limits.keepOneLine(oneLineWidth: oneLineWidth) ? oneLineWidth : .nan
        var widest = 0.0
        for index in 0..<boxes.count { widest = max(widest, boxes.width(index)) }
        let first = boxes[0], last = boxes[boxes.count - 1]
        baselines = (
            insets.top + first.top + first.height - first.descent, insets.top + last.top + last.height - last.descent
        )
        let width = (widest + insets.left + insets.right).rounded(.up)
        let height = (last.top + last.height + insets.top + insets.bottom).rounded(.up)
        // Not clamped: a size the engine cannot use (a huge line height, an infinite inset) is reported by it.
        textSize = Size(width, height)
        brokenFor = key
        return textSize
    }

    /// Measures as a display node does (``calculateSizeThatFits(_:)`` limited to the range), then keeps the final
    /// size (alignment places lines within it) and reports the measured baselines for this computation.
    open override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        let size = super.calculateSize(constrainedSize, context: context)
        finalSize = size
        if brokenFor != nil {
            // The descender is the last baseline's distance above the node's bottom, not just the line's
            // descent: the height is rounded up to a whole point (and may hold a bottom inset), and
            // `baselineLast` alignment measures from the bottom, so only this puts real baselines on one line.
            var ascender = baselines.first
            var descender = baselines.last - size.height
            if hasOverrides {
                ascender = overrides.ascender ?? ascender
                descender = overrides.descender ?? descender
            }
            setMeasuredBaseline(ascender: ascender, descender: descender)
        }
        return size
    }

    /// The lines of the latest layout, positioned in the node (alignment within its final width): what renderers
    /// draw and the document's `lines` output lists. Empty before the node is laid out.
    public final var lines: [TextLine] {
        guard let shaped, brokenFor != nil else { return [] }
        let available = finalSize.width - insets.left - insets.right
        let origin = Point(insets.left, insets.top)
        return boxes.all.map {
            shaped.line(
                $0, alignment: paragraph.alignment, availableWidth: available, origin: origin,
                token: token)
        }
    }
}

extension EdgeInsets {
    /// Each side's inset plus `other`'s.
    fileprivate func adding(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: top + other.top, left: left + other.left, bottom: bottom + other.bottom,
            right: right + other.right)
    }
}
