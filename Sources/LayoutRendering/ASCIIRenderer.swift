import LayoutDocument
import TextureLayout

/// Draws a layout as boxes of text, in the spirit of Texture's ascii-art debug description, but to scale: each
/// character stands for a cell of the layout (twice as tall as it is wide, like a terminal character) and every
/// element is drawn as the box of its frame, rounded to cells. Nodes are drawn with `+`, `-` and `|`; specs with
/// `.` and `:` (nodes are drawn over specs); a zero-size element is a `*`. A node's name is written in its top
/// edge, a spec's in its bottom edge, a zero-size element's after its `*`. The first line gives the scale.
public enum ASCIIRenderer {
    /// The width of a wide terminal line with room to spare, so that pictures print without wrapping.
    public static let defaultMaxColumns = 100
    /// The most lines a picture has: a very tall layout is drawn at a coarser scale rather than as a huge text.
    public static let maxRows = 5000

    /// The picture of a laid-out document, at most `maxColumns` characters wide.
    public static func render(_ result: DocumentLayout, maxColumns: Int = defaultMaxColumns) -> String {
        render(LayoutPicture(result), maxColumns: maxColumns)
    }

    /// The width in points of one character: the smallest of 1, 2, 2.5, 4, 5 or 8 times a power of ten that
    /// fits the picture in `maxColumns` columns and ``maxRows`` rows.
    public static func cellWidth(for size: Size, maxColumns: Int) -> Double {
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
    public static func render(_ picture: LayoutPicture, maxColumns: Int = defaultMaxColumns) -> String {
        let cell = cellWidth(for: picture.size, maxColumns: maxColumns)
        var canvas = TextCanvas(columns: column(picture.size.width, cell) + 1,
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
        for drawsNodes in [false, true] {
            for (item, c0, r0, c1, r1) in boxes where !item.isZeroSize && item.isNode == drawsNodes {
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
        for labelsNodes in [false, true] {
            for (item, c0, r0, c1, r1) in boxes where (item.isNode || item.isZeroSize) == labelsNodes {
                guard let label = item.name else { continue }
                if item.isZeroSize {
                    canvas.write(label, column: c0 + 1, row: r0, limit: Int.max)
                } else if item.isNode {
                    canvas.write(label, column: c0 + 1, row: r0, limit: c1 - c0 - 1)
                } else {
                    let text = Array(label).prefix(max(0, c1 - c0 - 1))
                    canvas.write(String(text), column: c1 - text.count, row: r1, limit: text.count)
                }
            }
        }
        let header = "# \(format(picture.size.width)) x \(format(picture.size.height)) points; "
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

    /// Writes at most `limit` characters of `text` from (`column`, `row`) rightwards.
    mutating func write(_ text: String, column: Int, row: Int, limit: Int) {
        for (offset, character) in text.enumerated() {
            guard offset < limit else { return }
            // Control characters would break the picture's lines.
            self[column + offset, row] = character.isASCII && (character.asciiValue ?? 0) < 0x20 ? "?" : character
        }
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
