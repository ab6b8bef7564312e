import CHarfBuzz
import TextureLayout
import TextureLayoutPaint

/// How a run's characters are underlined or struck through (`NSUnderlineStyle`'s line styles).
public enum TextLineStyle: String, Hashable, Sendable, CaseIterable {
    /// No line.
    case none
    /// One line as thick as the font says.
    case single
    /// One line twice as thick.
    case thick
    /// Two lines of the font's thickness, one thickness apart.
    case double
}

/// What a run draws besides its glyphs: lines under and through them, a background behind them and a shadow they
/// cast. Pictures draw them; measuring never reads them.
public struct TextDecorations: Hashable, Sendable {
    /// The underline (`NSUnderlineStyleAttributeName`).
    public var underline: TextLineStyle
    /// The underline's colour (`NSUnderlineColorAttributeName`); `nil` draws it in the run's colour.
    public var underlineColor: RGBA?
    /// The strikethrough (`NSStrikethroughStyleAttributeName`).
    public var strikethrough: TextLineStyle
    /// The strikethrough's colour (`NSStrikethroughColorAttributeName`); `nil` draws it in the run's colour.
    public var strikethroughColor: RGBA?
    /// A fill behind the run's glyphs, the line's height tall (`NSBackgroundColorAttributeName`); `nil` draws none.
    public var backgroundColor: RGBA?
    /// The shadow the run's glyphs cast (`NSShadowAttributeName`), drawn with each of its glyph runs, under them;
    /// `nil` casts none. Unlike the text node's ``TextNode/shadow`` it never pads the node's size: Texture's text
    /// renderers both measure a string's own shadows as if they were not there.
    public var shadow: Shadow?

    /// Decorations; the defaults draw nothing.
    public init(
        underline: TextLineStyle = .none, underlineColor: RGBA? = nil, strikethrough: TextLineStyle = .none,
        strikethroughColor: RGBA? = nil, backgroundColor: RGBA? = nil, shadow: Shadow? = nil
    ) {
        self.underline = underline
        self.underlineColor = underlineColor
        self.strikethrough = strikethrough
        self.strikethroughColor = strikethroughColor
        self.backgroundColor = backgroundColor
        self.shadow = shadow
    }

    /// Whether the run fills any rectangle besides its glyphs (a background or a line).
    var isVisible: Bool { underline != .none || strikethrough != .none || backgroundColor != nil }
}

/// Where a font puts its underline and strikethrough, in design units, y up from the baseline: the `post` table's
/// underline position and thickness and the `OS/2` table's strikeout position and size (HarfBuzz's reading of
/// them; a font without the table gets HarfBuzz's synthesized values).
public struct DecorationMetrics: Hashable, Sendable {
    /// The top of the underline (`post.underlinePosition`; negative below the baseline).
    public var underlinePosition: Double
    /// The underline's thickness (`post.underlineThickness`).
    public var underlineThickness: Double
    /// The top of the strikethrough (`OS/2.yStrikeoutPosition`).
    public var strikethroughPosition: Double
    /// The strikethrough's thickness (`OS/2.yStrikeoutSize`).
    public var strikethroughThickness: Double
}

extension Font {
    /// The font's underline and strikethrough metrics (design units), read from its tables each time they are
    /// asked for: pictures ask once per decorated piece of a line, and HarfBuzz answers from its parsed tables.
    public var decorationMetrics: DecorationMetrics {
        func metric(_ tag: hb_ot_metrics_tag_t) -> Double {
            var value: hb_position_t = 0
            hb_ot_metrics_get_position_with_fallback(hbFont, tag, &value)
            return Double(value)
        }
        // A thickness of 0 (some fonts leave the fields empty) would draw nothing: HarfBuzz's fallback, a
        // twentieth of the em, is used as for a missing table.
        func thickness(_ tag: hb_ot_metrics_tag_t) -> Double {
            let given = metric(tag)
            return given > 0 ? given : Double(unitsPerEm) / 20
        }
        return DecorationMetrics(
            underlinePosition: metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET),
            underlineThickness: thickness(HB_OT_METRICS_TAG_UNDERLINE_SIZE),
            strikethroughPosition: metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET),
            strikethroughThickness: thickness(HB_OT_METRICS_TAG_STRIKEOUT_SIZE))
    }
}

/// One rectangle a picture fills for a line's decorations: a run's background, or one stroke of an underline or a
/// strikethrough.
public struct TextDecoration: Hashable, Sendable {
    /// What it draws; backgrounds go under every glyph of the text, lines over their line's glyphs.
    public enum Kind: Hashable, Sendable {
        /// A run's background colour, the line's height tall.
        case background
        /// A stroke of an underline or a strikethrough.
        case line
    }

    /// Whether it is a background or a line.
    public var kind: Kind
    /// The rectangle, in the text node's coordinates (y down).
    public var rect: Rect
    /// Its colour.
    public var color: RGBA

    /// A rectangle of `kind` filled with `color`.
    public init(kind: Kind, rect: Rect, color: RGBA) {
        self.kind = kind
        self.rect = rect
        self.color = color
    }
}

extension TextDecorations {
    /// The rectangles this run's decorations fill over `x` (left) to `x + width` on a line whose box is
    /// `lineTop`...`lineTop + lineHeight` and whose baseline is `baseline`, for a run of `font` at `size` points.
    ///
    /// An underline's strokes hang from the font's underline top (a thick one grows down, a double one adds a
    /// second stroke one thickness below the first); a strikethrough's are centred on the font's strikeout line.
    func rectangles(
        x: Double, width: Double, lineTop: Double, lineHeight: Double, baseline: Double, font: Font,
        size: Double, color: RGBA, into out: inout [TextDecoration]
    ) {
        guard width > 0 else { return }
        if let backgroundColor {
            out.append(
                TextDecoration(
                    kind: .background, rect: Rect(x: x, y: lineTop, width: width, height: lineHeight),
                    color: backgroundColor))
        }
        guard underline != .none || strikethrough != .none else { return }
        let metrics = font.decorationMetrics
        let scale = size / Double(font.unitsPerEm)
        func strokes(_ style: TextLineStyle, top: Double, thickness: Double, centred: Bool, color: RGBA) {
            let t = thickness * scale
            let spans: [(Double, Double)]  // (offset of a stroke's top from the single stroke's top, its height)
            switch style {
            case .none: return
            case .single: spans = [(0, t)]
            case .thick: spans = [(centred ? -t / 2 : 0, 2 * t)]
            case .double: spans = centred ? [(-t, t), (t, t)] : [(0, t), (2 * t, t)]
            }
            let singleTop = baseline - top * scale
            for (offset, height) in spans {
                out.append(
                    TextDecoration(
                        kind: .line,
                        rect: Rect(
                            x: x, y: singleTop + offset, width: width,
                            height: height), color: color))
            }
        }
        strokes(
            underline, top: metrics.underlinePosition, thickness: metrics.underlineThickness, centred: false,
            color: underlineColor ?? color)
        strokes(
            strikethrough, top: metrics.strikethroughPosition, thickness: metrics.strikethroughThickness,
            centred: true, color: strikethroughColor ?? color)
    }
}

extension TextDecoration {
    /// `pieces` with each run of rectangles that continue one another (the same kind, colour, top and height, one
    /// starting where the previous ends) joined into one: pieces of one decoration split between items or runs
    /// are filled as one rectangle, without the faint seam two anti-aliased edges leave at a fractional pixel.
    static func joined(_ pieces: [TextDecoration]) -> [TextDecoration] {
        var joined: [TextDecoration] = []
        joined.reserveCapacity(pieces.count)
        for piece in pieces {
            if let index = joined.indices.suffix(5).last(where: {
                joined[$0].kind == piece.kind
                    && joined[$0].color == piece.color && joined[$0].rect.minY == piece.rect.minY
                    && joined[$0].rect.height == piece.rect.height
            }),
                abs(joined[index].rect.maxX - piece.rect.minX) <= 1e-9
            {
                // `x + (pen − x)` may differ from `pen` in its last bit.
                joined[index].rect.size.width = piece.rect.maxX - joined[index].rect.minX
            } else {
                joined.append(piece)
            }
        }
        return joined
    }
}
