import LayoutDocument
import LayoutJSON
import TextureLayoutPaint
import TextureLayout

/// Draws a layout as boxes of text, in the spirit of Texture's ascii-art debug description, but to scale: each
/// character stands for a cell of the layout (twice as tall as it is wide, like a terminal character) and every
/// element is drawn as the box of its frame, rounded to cells. Nodes are drawn with `+`, `-` and `|`; specs with
/// `.` and `:` (nodes are drawn over specs); a zero-size element is a `*`. A node's name is written as near its
/// top-left corner as its own characters allow (its top edge when free), a spec's as near its bottom-right corner,
/// a zero-size element's beside its `*`; a name that does not fit is left out. Text is written inside its box, a
/// character per cell. The first line gives the scale.
public enum ASCIIRenderer {
    /// The width of a wide terminal line with room to spare, so that pictures print without wrapping.
    public static let defaultMaxColumns = 100
    /// The most lines a picture has: a very tall layout is drawn at a coarser scale rather than as a huge text.
    public static let maxRows = 5000

    /// The picture of a laid-out document, at most `maxColumns` characters wide.
    public static func render(
        _ result: DocumentLayout, maxColumns: Int = defaultMaxColumns,
        labels: LabelMode = .default
    ) -> String {
        render(LayoutPicture(result), maxColumns: maxColumns, labels: labels)
    }

    /// The width in points of one character: the smallest of 1, 2, 2.5, 4, 5 or 8 times a power of ten that
    /// fits the picture in `maxColumns` columns and ``maxRows`` rows.
    package static func cellWidth(for size: Size, maxColumns: Int) -> Double {
        let columns = Double(max(maxColumns, 2) - 1)
        var magnitude = 0.1
        while true {
            for factor in [1, 2, 2.5, 4, 5, 8] {
                let cell = factor * magnitude
                if (size.width / cell).rounded() <= columns && (size.height / (2 * cell)).rounded() < Double(maxRows) {
                    return cell
                }
            }
            magnitude *= 10
        }
    }

    /// The picture as text, at most `maxColumns` characters wide (at least 2 are used).
    public static func render(
        _ picture: LayoutPicture, maxColumns: Int = defaultMaxColumns,
        labels: LabelMode = .default
    ) -> String {
        let cell = cellWidth(for: picture.size, maxColumns: maxColumns)
        var canvas = TextCanvas(
            columns: column(picture.size.width, cell) + 1,
            rows: row(picture.size.height, cell) + 1)
        // Specs first, then nodes over them, then the marks of zero-size elements; labels last, nodes' over
        // specs'.
        let boxes = picture.items.map { item -> (item: LayoutPicture.Item, c0: Int, r0: Int, c1: Int, r1: Int) in
            let f = item.frame
            if item.isZeroSize {
                let c = column(f.minX + f.width / 2, cell), r = row(f.minY + f.height / 2, cell)
                return (item, c, r, c, r)
            }
            let c0 = column(f.minX, cell), r0 = row(f.minY, cell)
            return (item, c0, r0, max(column(f.maxX, cell), c0 + 1), max(row(f.maxY, cell), r0 + 1))
        }
        var check = CallerCheck()
        for drawsNodes in [false, true] {
            for (item, c0, r0, c1, r1) in boxes where !item.isZeroSize && item.isNode == drawsNodes {
                if check.gaveUp() { break }
                let (horizontal, vertical, corner): (Character, Character, Character) =
                    item.isNode ? ("-", "|", "+") : (".", ":", ".")
                // Only the part of each edge on the canvas.
                for c in stride(from: max(c0, 0), through: min(c1, canvas.columns - 1), by: 1) {
                    canvas[c, r0] = horizontal
                    canvas[c, r1] = horizontal
                }
                for r in stride(from: max(r0, 0), through: min(r1, canvas.rows - 1), by: 1) {
                    canvas[c0, r] = vertical
                    canvas[c1, r] = vertical
                }
                for (c, r) in [(c0, r0), (c1, r0), (c0, r1), (c1, r1)] { canvas[c, r] = corner }
            }
        }
        for (item, c0, r0, _, _) in boxes where item.isZeroSize { canvas[c0, r0] = "*" }
        // Text: each line's characters inside its element's box, from the line's start, on the row nearest its
        // middle (the next free one when lines share a row), cut at the box's right edge.
        var written: [(c0: Int, r0: Int, c1: Int, r1: Int)] = []
        for (item, c0, r0, c1, r1) in boxes where !item.lines.isEmpty && r1 - r0 >= 2 && c1 - c0 >= 2 {
            var nextRow = r0 + 1
            for line in item.lines {
                let r = max(nextRow, min(row(line.frame.minY + line.frame.height / 2, cell), r1 - 1))
                guard r < r1 else { break }
                let start = min(max(column(line.frame.minX, cell), c0 + 1), c1 - 1)
                let characters = Array(TextCanvas.printable(line.text).prefix(c1 - start))
                canvas.write(characters, column: start, row: r)
                written.append((start, r, start + characters.count, r + 1))
                nextRow = r + 1
            }
        }
        // Labels go on their own element's characters (its edges included, not its corners), never over another
        // element's, another label or a mark; ownership follows this picture's drawing order (specs under nodes).
        let order = LabelGrid.placementOrder(of: picture.items, mode: labels)
        if !order.isEmpty {
            let groups = LabelGrid.groups(of: picture.items)
            let areas =
                (picture.items.indices.filter { !picture.items[$0].isNode }
                + picture.items.indices.filter { picture.items[$0].isNode })
                .filter { groups[$0] >= 0 }
                .map {
                    (
                        group: groups[$0], c0: boxes[$0].c0, r0: boxes[$0].r0, c1: boxes[$0].c1 + 1,
                        r1: boxes[$0].r1 + 1
                    )
                }
            let marks = boxes.filter(\.item.isZeroSize).map { (c0: $0.c0, r0: $0.r0, c1: $0.c0 + 1, r1: $0.r0 + 1) }
            var grid = LabelGrid(columns: canvas.columns, rows: canvas.rows, areas: areas, blocks: marks + written)
            for index in order {
                if check.gaveUp() { break }
                let (item, c0, r0, c1, r1) = boxes[index]
                guard let name = item.name else { continue }
                let label = TextCanvas.printable(name)
                let spot: (c: Int, r: Int)?
                if item.isZeroSize {
                    spot =
                        grid.firstFree(
                            group: nil, width: label.count, height: 1, c0: c0 + 1, r0: r0,
                            c1: c0 + 1 + label.count, r1: r0 + 1, fromBottomRight: false)
                        ?? grid.firstFree(
                            group: nil, width: label.count, height: 1, c0: c0 - label.count, r0: r0,
                            c1: c0, r1: r0 + 1, fromBottomRight: false)
                } else {
                    spot = grid.firstFree(
                        group: groups[index], width: label.count, height: 1, c0: c0 + 1, r0: r0,
                        c1: c1, r1: r1 + 1, fromBottomRight: !item.isNode)
                }
                guard let spot else { continue }
                grid.block(c0: spot.c, r0: spot.r, c1: spot.c + label.count, r1: spot.r + 1)
                canvas.write(label, column: spot.c, row: spot.r)
            }
        }
        let header =
            "# \(format(picture.size.width)) x \(format(picture.size.height)) points; "
            + "one character is \(format(cell)) x \(format(2 * cell)) points\n"
        return header + canvas.text
    }

    static func column(_ x: Double, _ cell: Double) -> Int { Int(saturating: x / cell) }
    static func row(_ y: Double, _ cell: Double) -> Int { Int(saturating: y / (2 * cell)) }
}

/// A grid of characters that ignores writes outside it.
struct TextCanvas {
    let columns: Int
    let rows: Int
    var cells: [[Character]]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    subscript(column: Int, row: Int) -> Character {
        get { cells[row][column] }
        set {
            guard (0..<columns).contains(column), (0..<rows).contains(row) else { return }
            cells[row][column] = newValue
        }
    }

    /// Writes `text` from (`column`, `row`) rightwards.
    mutating func write(_ text: [Character], column: Int, row: Int) {
        for (offset, character) in text.enumerated() { self[column + offset, row] = character }
    }

    /// The characters of `text`, control characters (which would break the picture's lines) shown as `?`.
    static func printable(_ text: String) -> [Character] {
        text.map { $0.isASCII && ($0.asciiValue ?? 0) < 0x20 ? "?" : $0 }
    }

    /// The rows, without trailing spaces, each ending with a newline.
    var text: String {
        var result = ""
        for line in cells {
            var end = line.count
            while end > 0 && line[end - 1] == " " { end -= 1 }
            result += String(line[0..<end]) + "\n"
        }
        return result
    }
}
