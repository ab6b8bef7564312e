import TextureLayout

/// Where pictures write names: a node's (and a zero-size element's) at the top left inside its frame, a spec's at
/// the bottom right inside its frame. Nodes' labels are placed first, in drawing order, then specs'. A label that
/// would overlap one already placed moves by a line (a node's down, a spec's up), a few times at most, so that
/// elements sharing a corner stay readable. Labels come back in placement order.
public struct LabelPlacement {
    /// A placed label: the item it names and the box its text occupies, in points.
    public struct Label {
        /// The index of the named item in ``LayoutPicture/items``, so that a renderer can style by element.
        public var item: Int
        /// The item's name, as written.
        public var text: String
        /// Where the text goes, inside the canvas; renderers anchor their text to it.
        public var box: Rect
        /// Whether the text is aligned to the box's right edge (a spec's label).
        public var alignsRight: Bool
    }

    /// How text is measured, in points.
    public struct Metrics: Sendable {
        /// The advance of one character.
        public var characterWidth: Double
        /// The height of the text's box (a capital letter's).
        public var textHeight: Double
        /// How far a label moves to get out of another's way.
        public var lineHeight: Double

        /// Metrics of the font a renderer writes with (SVG's Helvetica estimate, PNG's bitmap font).
        public init(characterWidth: Double, textHeight: Double, lineHeight: Double) {
            self.characterWidth = characterWidth
            self.textHeight = textHeight
            self.lineHeight = lineHeight
        }
    }

    /// How many lines a label moves at most: enough to clear the corners nested elements usually share,
    /// without carrying a label far away from its element.
    public static let maxMoves = 4

    /// The labels of every named item of `picture`, measured with `metrics`, in placement order.
    public static func labels(for picture: LayoutPicture, metrics: Metrics) -> [Label] {
        var placed: [Label] = []
        // Placed boxes by band of height `band`, so that a check looks at neighbours only.
        let band = max(metrics.lineHeight * 4, 1)
        var bands: [Int: [Int]] = [:]
        func bandRange(_ box: Rect) -> ClosedRange<Int> {
            let first = Int(saturating: box.minY / band, .down)
            return first...max(first, Int(saturating: box.maxY / band, .down))
        }
        func overlaps(_ box: Rect) -> Bool {
            for b in bandRange(box) {
                for index in bands[b] ?? [] {
                    let other = placed[index].box
                    if box.minX < other.maxX && other.minX < box.maxX && box.minY < other.maxY
                        && other.minY < box.maxY {
                        return true
                    }
                }
            }
            return false
        }
        // Nodes' labels first: they name the content; specs' labels make room for them.
        let nodesFirst = picture.items.indices.filter { picture.items[$0].isNode || picture.items[$0].isZeroSize }
            + picture.items.indices.filter { !(picture.items[$0].isNode || picture.items[$0].isZeroSize) }
        for index in nodesFirst {
            let item = picture.items[index]
            guard let text = item.name, !text.isEmpty else { continue }
            let width = Double(text.unicodeScalars.count) * metrics.characterWidth
            let f = item.frame
            let alignsRight = !(item.isNode || item.isZeroSize)
            let original: Rect
            if item.isZeroSize {
                original = Rect(x: f.minX + f.width / 2 + 5, y: f.minY + f.height / 2 - metrics.textHeight / 2,
                                width: width, height: metrics.textHeight)
            } else if item.isNode {
                original = Rect(x: f.minX + 2, y: f.minY + 2, width: width, height: metrics.textHeight)
            } else {
                original = Rect(x: f.maxX - 2 - width, y: f.maxY - 2 - metrics.textHeight, width: width,
                                height: metrics.textHeight)
            }
            var box = original
            var moves = 0
            while overlaps(box) && moves < maxMoves {
                box.origin.y += alignsRight ? -metrics.lineHeight : metrics.lineHeight
                moves += 1
            }
            if overlaps(box) { box = original }
            // Inside the canvas where it fits.
            box.origin.x = max(0, min(box.minX, picture.size.width - box.width))
            box.origin.y = max(0, min(box.minY, picture.size.height - box.height))
            placed.append(Label(item: index, text: text, box: box, alignsRight: alignsRight))
            for b in bandRange(box) { bands[b, default: []].append(placed.count - 1) }
        }
        return placed
    }
}
