import LayoutDocument
import TextureLayout
import TextureLayoutText
import TextureLayoutPaint

/// The outline picture of a laid-out document: every element of the document that appears in the computed
/// layout, as its frame in the root's coordinate space, in drawing order (Texture's z-order: a parent before its
/// children, later siblings on top). `--debug` draws it over the paint (outlines, marks, labels), and ASCII
/// pictures are made of it.
public struct LayoutPicture {
    /// One element of the layout.
    public struct Item {
        /// The frame as pictures draw it, in the root's coordinate space: ``layoutFrame`` clamped to the canvas
        /// plus a margin (the canvas's larger side plus 16 points), so that a frame millions of canvases away cannot
        /// overflow a pixel or character coordinate, while whatever shows on the canvas is unchanged.
        public internal(set) var frame: Rect
        /// The frame the layout computed, in the root's coordinate space (the `layout` command's frame for a named
        /// element); tooltips show it.
        public internal(set) var layoutFrame: Rect
        /// A display node (filled) rather than a layout spec (outlined).
        public var isNode: Bool
        /// The document's element type: `node`, `stack`, `inset`, …
        public var type: String
        /// The element's `name`, if it has one; pictures write it as the element's label.
        public var name: String?
        /// The element's JSON path in the document, e.g. `root.children[2]`; `nil` deeper than `maxPathDepth`
        /// (the library builds a path in time proportional to its length).
        public var path: String?
        /// How many document elements enclose it (the root element has depth 0).
        public var depth: Int
        /// The background colour of a node's paint, which labels over it contrast with; `nil` for a node without
        /// one, a spec and text.
        public var fill: RGBA?
        /// Whether the element is hidden (its own `hidden`, or a hidden node around it): its outline is dashed.
        public var isHidden = false
        /// A text element's lines as its layout measured them, moved into the root's coordinate space (frames,
        /// baselines and glyph positions): pictures draw these glyphs and never lay the text out again. Empty for
        /// other elements.
        public var lines: [TextLine] = []
        /// Whether the item is a text element (drawn as its glyphs in a light outline, not as a filled box).
        public var isText = false

        /// A zero-size element has no area to draw; pictures mark it instead. Decided by the computed frame, so
        /// that clamping a far-away frame does not turn it into a mark.
        public var isZeroSize: Bool { layoutFrame.width == 0 || layoutFrame.height == 0 }

        /// An item whose computed frame is `frame`; a picture clamps what it draws (``frame``) when it takes it.
        package init(
            frame: Rect, isNode: Bool, type: String, name: String? = nil, path: String? = nil,
            depth: Int = 0, fill: RGBA? = nil
        ) {
            self.frame = frame
            self.layoutFrame = frame
            self.isNode = isNode
            self.type = type
            self.name = name
            self.path = path
            self.depth = depth
            self.fill = fill
        }
    }

    // Constants, so that the checks of `init(size:scale:items:)` hold for every picture a renderer gets.
    /// The root's size: the canvas.
    public let size: Size
    /// The document's pixel scale.
    public let scale: Double
    /// The elements in drawing order.
    public let items: [Item]

    /// A picture of `items` on a canvas of `size`. The canvas size is made finite and at most ``maxCanvasSize``
    /// (the engine never computes a larger one) and every item's ``Item/frame`` is clamped to the canvas plus
    /// ``margin(for:)``, once, here: renderers can then turn any coordinate into pixels or characters without
    /// overflowing, and their loops over a frame stay proportional to the canvas.
    package init(size: Size, scale: Double, items: [Item]) {
        let canvas = Self.canvas(for: size)
        self.size = canvas
        self.scale = scale
        self.items = items.map { item in
            var item = item
            item.frame = Self.clamp(item.layoutFrame, to: canvas)
            return item
        }
    }

    /// The canvas of a root of `size`: finite and at most ``maxCanvasSize`` (the engine never computes a larger
    /// one).
    package static func canvas(for size: Size) -> Size {
        func canvasLength(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), Self.maxCanvasSize) }
        return Size(canvasLength(size.width), canvasLength(size.height))
    }

    /// `frame` clamped to `canvas` plus ``margin(for:)``: unchanged when it is within, so that frames on the canvas
    /// are drawn with exactly their computed numbers.
    package static func clamp(_ frame: Rect, to canvas: Size) -> Rect {
        let margin = Self.margin(for: canvas)
        // One axis of a frame (origin, length) clamped to `-margin...limit + margin`.
        func clamp(_ origin: Double, _ length: Double, to limit: Double) -> (origin: Double, length: Double) {
            func clamp(_ value: Double) -> Double { value.isNaN ? -margin : min(max(value, -margin), limit + margin) }
            let start = clamp(origin), end = clamp(origin + length)
            return start == origin && end == origin + length ? (origin, length) : (start, max(end - start, 0))
        }
        let x = clamp(frame.minX, frame.width, to: canvas.width), y = clamp(frame.minY, frame.height, to: canvas.height)
        return Rect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }

    /// The largest canvas side: the engine turns a size of 10⁷ points or more into an issue.
    package static let maxCanvasSize = 10_000_000.0

    /// How far outside the canvas a drawn frame may reach: its longer side plus 16 points. Edges, outlines and
    /// marks that far out stay off the canvas at the scales pictures are drawn at (a PNG's pixels grow with the
    /// canvas when it is reduced), yet every loop over a clamped frame stays within a few canvases.
    package static func margin(for canvas: Size) -> Double {
        max(canvas.width, canvas.height) + 16
    }

    /// The picture of a laid-out document. Elements the document does not contain (the node that wraps the root
    /// element, a wrapper around a node used as a layout) are left out; they share their frame with an element
    /// that is drawn.
    public init(_ result: DocumentLayout) {
        let document = result.document
        var items: [Item] = []
        // Iterative pre-order walk (documents may nest 10,000 levels deep): (entry, depth of its document
        // children).
        var pending: [(layout: Layout, depth: Int, hidden: Bool)] = [(result.layout, 0, false)]
        var check = CallerCheck()
        while let (layout, depth, hiddenAbove) = pending.popLast(), !check.gaveUp() {
            let element = layout.element
            var childDepth = depth
            var hidden = hiddenAbove
            // Elements the document adds to lay its own out (the node that wraps the root element, the wrapper
            // spec around a node used as a node's `layout`) are not drawn.
            if let type = document.type(of: element) {
                let path = depth <= LayoutPicture.maxPathDepth ? document.path(of: element) : nil
                let isNode = element is DisplayNode
                let paint = document.paint(of: element)
                let text = element as? TextNode
                let fill = isNode && text == nil ? paint?.backgroundColor : nil
                hidden = hidden || paint?.isHidden == true
                let frame = layout.frameInRoot
                var item = Item(
                    frame: frame, isNode: isNode, type: type, name: document.name(of: element),
                    path: path, depth: depth, fill: fill)
                item.isHidden = hidden
                if let text {
                    item.isText = true
                    item.lines = text.lines.map { $0.offsetBy(frame.origin) }
                }
                items.append(item)
                childDepth = depth + 1
            }
            for child in layout.sublayouts.reversed() {
                pending.append((child, childDepth, hidden))
            }
        }
        self.init(size: result.size, scale: result.scale, items: items)
    }

    /// The rows of text in the picture: each line's band across its element, so that no label sits beside a
    /// line as if it were part of the text.
    var lineBoxes: [Rect] {
        items.flatMap { item in
            item.lines.map {
                Rect(x: item.frame.minX, y: $0.frame.minY, width: item.frame.width, height: $0.frame.height)
            }
        }
    }

    /// Items deeper than this have no ``Item/path``.
    package static let maxPathDepth = 64
}

/// The colours of the debug picture (outlines, marks, labels).
package enum Palette {
    /// What labels assume is behind a node without a background colour (pictures are usually looked at on white).
    package static let background = RGBA(0xFF, 0xFF, 0xFF)
    /// Node outlines.
    package static let nodeStroke = RGBA(0x33, 0x33, 0x33)
    /// Spec outlines (dashed).
    package static let specStroke = RGBA(0x55, 0x55, 0x55)
    /// The outline around a text element: light, so that the glyphs stand out as on a screen.
    package static let textStroke = RGBA(0xC8, 0xC8, 0xC8)
    /// Marks of zero-size elements.
    package static let marker = RGBA(0xD0, 0x00, 0x00)
    /// Node labels on light backdrops.
    package static let darkLabel = RGBA(0x11, 0x11, 0x11)
    /// Node labels on dark backdrops.
    package static let lightLabel = RGBA(0xFF, 0xFF, 0xFF)
    /// Spec labels on light backdrops: a step quieter than a node's, as a spec only arranges.
    package static let darkSpecLabel = RGBA(0x4D, 0x4D, 0x4D)
    /// Spec labels on dark backdrops.
    package static let lightSpecLabel = RGBA(0xDD, 0xDD, 0xDD)

    /// The label colour for text drawn over `backdrop` (opaque): dark or light, whichever of ``darkLabel`` and
    /// ``lightLabel`` has the higher WCAG contrast ratio with it, in the spec's quieter tone for a spec.
    package static func labelColor(on backdrop: RGBA, isNode: Bool) -> RGBA {
        let dark = darkLabel.contrastRatio(with: backdrop) >= lightLabel.contrastRatio(with: backdrop)
        return dark ? (isNode ? darkLabel : darkSpecLabel) : (isNode ? lightLabel : lightSpecLabel)
    }
}

extension Int {
    /// The largest magnitude ``init(saturating:_:)`` gives: far beyond any canvas, yet small enough that sums and
    /// products of a few such values cannot overflow.
    static let saturationLimit = 1 << 40

    /// `value` rounded by `rule`, clamped to ±``saturationLimit``, and 0 for NaN: renderers turn coordinates
    /// into pixels and characters with this, as `Int(_:)` traps on NaN, infinities and huge values.
    init(saturating value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        guard !value.isNaN else {
            self = 0
            return
        }
        let limit = Double(Int.saturationLimit)
        self = Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
    }
}
