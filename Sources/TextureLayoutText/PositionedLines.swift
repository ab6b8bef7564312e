import CICUShim
import TextureLayout
import TextureLayoutPaint

/// Glyphs of one font, size and colour, positioned: what a renderer draws for part of a line.
public struct GlyphRun: Hashable, Sendable {
    /// The font the glyph ids index.
    public var font: Font
    /// The size in points: a glyph's outline in design units scales by `size / font.unitsPerEm`.
    public var size: Double
    /// The run's colour.
    public var color: RGBA
    /// The shadow the glyphs cast (their run's ``TextDecorations/shadow``); `nil` for none.
    public var shadow: Shadow?
    /// Glyph ids in the font, in visual order (left to right).
    public var glyphs: [UInt32]
    /// Each glyph's origin on the baseline (HarfBuzz's offsets applied), in the text node's coordinates (y down).
    public var positions: [Point]
}

/// A laid-out line of a text node, as measured: renderers draw these and never lay the text out again.
public struct TextLine: Hashable, Sendable {
    /// What the line shows: its characters without the spaces and newline that end it, with the truncation token
    /// where text was cut.
    public var text: String
    /// The line's box in the node's coordinates: x from its alignment, its measured (unrounded) width, its height.
    public var frame: Rect
    /// The y of the line's baseline in the node's coordinates.
    public var baseline: Double
    /// The glyphs, left to right (right-to-left runs reordered for display).
    public var glyphRuns: [GlyphRun]
    /// The rectangles of its runs' backgrounds, underlines and strikethroughs, left to right, each run's
    /// background before its lines (empty when no run of the line is decorated).
    public var decorations: [TextDecoration] = []
}

/// A piece of a line in logical order before visual reordering: one shaped item, or the part of one that the line
/// shows.
private struct LineSegment {
    /// The text it is part of (for its characters and runs).
    var text: ShapedText
    var item: TextItem
    var glyphs: ArraySlice<ShapedGlyph>
}

extension ShapedText {
    /// Appends the segments of `units[start..<end]`: one per item it overlaps. A piece of an item (where a line
    /// splits it) is shaped again on its own, as it was measured (see ``lineWidth(_:_:next:)``).
    fileprivate func segments(_ start: Int, _ end: Int, into segments: inout [LineSegment]) {
        guard end > start else { return }
        // Items are in logical order: the line's are the run from the first that ends after `start` (found by
        // bisection, so that a text of many items and many lines costs no items times lines).
        var low = 0, high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].item.end > start { high = middle } else { low = middle + 1 }
        }
        for shaped in items[low...] {
            guard shaped.item.start < end else { break }
            let item = shaped.item
            let from = max(start, item.start)
            let to = min(end, item.end)
            let glyphs =
                from > item.start || to < item.end
                ? ArraySlice(
                    TextShaping.glyphs(
                        of: item, from..<to, in: units, run: runs[item.run],
                        grapheme: graphemeBoundary))
                : self.glyphs[shaped.glyphs]
            segments.append(LineSegment(text: self, item: item, glyphs: glyphs))
        }
    }

    /// The text of `units[start..<end]` (lone surrogates become U+FFFD).
    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: units[start..<end], as: UTF16.self)
    }

    /// The display form of a measured line: its text, glyphs in visual order and frame, placed for `alignment`
    /// within `availableWidth` starting at `origin` (the top-left of the text area in the node).
    func line(
        _ box: LineBox, alignment: TextAlignment, availableWidth: Double, origin: Point,
        token: (_ run: Int, _ rightToLeft: Bool) -> ShapedText
    ) -> TextLine {
        let rtl = isRightToLeft(at: box.start)
        var segments: [LineSegment] = []
        self.segments(box.start, box.end, into: &segments)
        var text = string(box.start, box.end)
        if box.hasToken {
            let shapedToken = token(box.tokenRun, rtl)
            shapedToken.segments(0, shapedToken.units.count, into: &segments)
            text += shapedToken.string(0, shapedToken.units.count)
            self.segments(box.tailStart, box.tailEnd, into: &segments)
            text += string(box.tailStart, box.tailEnd)
        }
        var levels = segments.map(\.item.level)
        var order = [Int32](repeating: 0, count: segments.count)
        if !segments.isEmpty { tl_bidi_reorder_visual(&levels, Int32(segments.count), &order) }

        var resolved = alignment
        if alignment == .natural || (alignment == .justified && (box.endsParagraph || box.hasToken)) {
            resolved = rtl ? .right : .left
        }
        let free = availableWidth - box.width
        var x = origin.x
        switch resolved {
        case .center: x += free / 2
        case .right: x += free
        default: break
        }
        var extraPerSpace = 0.0
        if resolved == .justified && free > 0 {
            let spaces = units[box.start..<box.end].reduce(0) { $0 + ($1 == 0x20 ? 1 : 0) }
            if spaces > 0 { extraPerSpace = free / Double(spaces) }
        }
        let baseline = origin.y + box.top + box.height - box.descent
        var pen = x
        var runs: [GlyphRun] = []
        var decorations: [TextDecoration] = []
        for index in order {
            let segment = segments[Int(index)]
            let run = segment.text.runs[segment.item.run]
            let start = pen
            var glyphRun = GlyphRun(
                font: segment.item.font, size: run.effectiveSize, color: run.color,
                shadow: run.decorations.shadow, glyphs: [], positions: [])
            for glyph in segment.glyphs {
                glyphRun.glyphs.append(glyph.id)
                glyphRun.positions.append(Point(pen + glyph.xOffset, baseline - glyph.yOffset))
                pen += glyph.advance
                if extraPerSpace > 0 && segment.text.units[Int(glyph.cluster)] == 0x20 { pen += extraPerSpace }
            }
            if run.decorations.isVisible {
                // The run's own font, never the item's (a fallback font's metrics would move the lines between
                // the fonts of one word).
                run.decorations.rectangles(
                    x: start, width: pen - start, lineTop: origin.y + box.top,
                    lineHeight: box.height, baseline: baseline, font: run.font,
                    size: run.effectiveSize, color: run.color, into: &decorations)
            }
            // Compared in place: a copy of the last run would share its arrays, and every append would copy them.
            if let last = runs.indices.last, runs[last].font == glyphRun.font, runs[last].size == glyphRun.size,
                runs[last].color == glyphRun.color, runs[last].shadow == glyphRun.shadow
            {
                runs[runs.count - 1].glyphs += glyphRun.glyphs
                runs[runs.count - 1].positions += glyphRun.positions
            } else if !glyphRun.glyphs.isEmpty {
                runs.append(glyphRun)
            }
        }
        let frame = Rect(x: x, y: origin.y + box.top, width: box.width, height: box.height)
        return TextLine(
            text: text, frame: frame, baseline: baseline, glyphRuns: runs,
            decorations: TextDecoration.joined(decorations))
    }
}

extension TextNode {
    /// What the text drew when it was measured, with the node's top left corner at `origin`, as TextKit draws it:
    /// every run's background first, then each line's glyphs, a run with a shadow casting it as its glyphs are
    /// drawn, followed by the line's underlines and strikethroughs. What pictures draw of a text, a document's or a
    /// node tree's built in Swift.
    package func drawingCommands(at origin: Point) -> [DisplayCommand] {
        let lines = self.lines.map { $0.offsetBy(origin) }
        var commands: [DisplayCommand] = []
        for line in lines {
            for decoration in line.decorations where decoration.kind == .background {
                commands.append(.decoration(decoration.rect, decoration.color))
            }
        }
        for line in lines {
            for run in line.glyphRuns {
                let shadow = run.shadow.flatMap { $0.isVisible ? $0 : nil }
                if let shadow {
                    commands.append(
                        .pushShadow(
                            color: shadow.color.withOpacity(multipliedBy: shadow.opacity), offset: shadow.offset,
                            blur: shadow.radius))
                }
                commands.append(
                    .glyphs(
                        GlyphRunDrawing(
                            font: run.font, size: run.size, glyphs: run.glyphs,
                            positions: run.positions, color: run.color)))
                if shadow != nil { commands.append(.popShadow) }
            }
            for decoration in line.decorations where decoration.kind == .line {
                commands.append(.decoration(decoration.rect, decoration.color))
            }
        }
        return commands
    }
}

extension TextLine {
    /// The line moved by `offset` (into the root's coordinate space), glyphs and decorations included: the
    /// output's `lines` and the pictures both place a text node's lines this way.
    package func offsetBy(_ offset: Point) -> TextLine {
        var moved = self
        moved.frame.origin = Point(frame.minX + offset.x, frame.minY + offset.y)
        moved.baseline += offset.y
        for index in moved.glyphRuns.indices {
            moved.glyphRuns[index].positions = moved.glyphRuns[index].positions.map {
                Point($0.x + offset.x, $0.y + offset.y)
            }
        }
        for index in moved.decorations.indices {
            moved.decorations[index].rect.origin = Point(
                moved.decorations[index].rect.minX + offset.x,
                moved.decorations[index].rect.minY + offset.y)
        }
        return moved
    }
}
