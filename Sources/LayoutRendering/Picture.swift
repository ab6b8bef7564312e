import LayoutDocument
import TextureLayout

/// What a picture of a laid-out document shows: every element of the document that appears in the computed
/// layout, as its frame in the root's coordinate space, in drawing order (Texture's z-order: a parent before its
/// children, later siblings on top). The SVG, PNG and ASCII renderers all draw this.
public struct LayoutPicture {
    /// One element of the layout.
    public struct Item {
        /// The frame in the root's coordinate space (the `layout` command's frame for a named element).
        public var frame: Rect
        /// A display node (filled) rather than a layout spec (outlined).
        public var isNode: Bool
        /// The document's element type: `node`, `stack`, `inset`, …
        public var type: String
        /// The element's `name`, if it has one.
        public var name: String?
        /// The element's JSON path in the document, e.g. `root.children[2]`; `nil` deeper than ``maxPathDepth``
        /// (the library builds a path in time proportional to its length).
        public var path: String?
        /// How many document elements enclose it (the root element has depth 0).
        public var depth: Int
        /// The fill of a node: its `color` when that is a CSS colour, otherwise a palette colour by depth. `nil`
        /// for a spec.
        public var fill: RGBA?

        /// A zero-size element has no area to draw; pictures mark it instead.
        public var isZeroSize: Bool { frame.width == 0 || frame.height == 0 }

        /// The label a picture writes for it: its name.
        public var label: String? { name }
    }

    /// The root's size: the canvas.
    public var size: Size
    /// The document's pixel scale.
    public var scale: Double
    /// The elements in drawing order.
    public var items: [Item]

    public init(size: Size, scale: Double, items: [Item]) {
        self.size = size
        self.scale = scale
        self.items = items
    }

    /// The picture of a laid-out document. Elements the document does not contain (the node that wraps the root
    /// element, a wrapper around a node used as a layout) are left out; they share their frame with an element
    /// that is drawn.
    public init(_ result: DocumentLayout) {
        let document = result.document
        var items: [Item] = []
        // Iterative pre-order walk (documents may nest 10,000 levels deep): (entry, depth of its document
        // children).
        var pending: [(layout: Layout, depth: Int)] = [(result.layout, 0)]
        while let (layout, depth) = pending.popLast() {
            let element = layout.element
            var childDepth = depth
            if LayoutPicture.isDocumentElement(element, of: document) {
                let path = depth <= LayoutPicture.maxPathDepth ? document.path(of: element) : nil
                let isNode = element is DisplayNode
                var fill: RGBA?
                if isNode {
                    fill = document.color(of: element).flatMap(RGBA.init(css:)) ?? Palette.color(depth: depth)
                }
                items.append(Item(frame: layout.frameInRoot, isNode: isNode, type: LayoutPicture.type(of: element),
                                  name: document.name(of: element), path: path, depth: depth, fill: fill))
                childDepth = depth + 1
            }
            for child in layout.sublayouts.reversed() {
                pending.append((child, childDepth))
            }
        }
        self.init(size: result.size, scale: document.scale, items: items)
    }

    /// Items deeper than this have no ``Item/path``.
    public static let maxPathDepth = 64

    /// Whether `element` is one of the document's elements rather than one the document adds to lay them out
    /// (the node that wraps the root element, the wrapper spec around a node used as a node's `layout`).
    public static func isDocumentElement(_ element: LayoutElement, of document: LayoutDocument) -> Bool {
        document.contains(element)
    }

    /// The document type name of an element.
    public static func type(of element: LayoutElement) -> String {
        switch element {
        case is DisplayNode: "node"
        case is StackLayoutSpec: "stack"
        case is WrapperLayoutSpec: "wrapper"
        case is InsetLayoutSpec: "inset"
        case is OverlayLayoutSpec: "overlay"
        case is BackgroundLayoutSpec: "background"
        case is CenterLayoutSpec: "center"
        case is RelativeLayoutSpec: "relative"
        case is RatioLayoutSpec: "ratio"
        case is AbsoluteLayoutSpec: "absolute"
        case is CornerLayoutSpec: "corner"
        default: "spec"
        }
    }
}

/// The colours pictures use for nodes without a `color`, by depth.
public enum Palette {
    public static let nodeColors: [RGBA] = [
        RGBA(0xA8, 0xD5, 0xFF), RGBA(0xFF, 0xD6, 0xA5), RGBA(0xCA, 0xFF, 0xBF), RGBA(0xFF, 0xC6, 0xFF),
        RGBA(0xFD, 0xFF, 0xB6), RGBA(0xBD, 0xB2, 0xFF), RGBA(0x9B, 0xF6, 0xFF), RGBA(0xFF, 0xAD, 0xAD),
    ]

    public static func color(depth: Int) -> RGBA { nodeColors[depth % nodeColors.count] }

    /// The canvas behind everything.
    public static let background = RGBA(0xFF, 0xFF, 0xFF)
    /// Node outlines.
    public static let nodeStroke = RGBA(0x33, 0x33, 0x33)
    /// Spec outlines (dashed).
    public static let specStroke = RGBA(0x55, 0x55, 0x55)
    /// Marks of zero-size elements.
    public static let marker = RGBA(0xD0, 0x00, 0x00)
    /// Labels.
    public static let text = RGBA(0x11, 0x11, 0x11)
}
