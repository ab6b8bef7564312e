import LayoutJSON
import TextureLayout
import TextureLayoutText
import TextureLayoutPaint

/// A layout document (the JSON format of <doc:DocumentFormat>): a tree of elements, the size range to lay it out
/// in and the pixel scale.
///
/// ```swift
/// let document = try LayoutDocument(json: #"{"root": {"type": "node", "name": "box", "size": [40, 30]}}"#)
/// let result = try document.layout()
/// print(result.frames["box"]!)   // Rect(x: 0, y: 0, width: 40, height: 30)
/// ```
public struct LayoutDocument {
    /// The range the root is laid out in (`sizeRange`).
    public var sizeRange: SizeRange
    /// Pixels per point (`scale`, default 2).
    public var scale: Double
    /// The user interface direction (`layoutDirection`, default left to right): nodes whose `direction` is
    /// `inherit` mirror their content when it is right to left.
    public var layoutDirection: LayoutDirection

    /// The scales a document may ask for. Texture's screens have 1 to 3; far above 1000 the pixel helpers'
    /// epsilon (a float epsilon times the scale) stops being small and `ceil(0)` turns negative, and far below
    /// 0.001 a pixel is so large that rounding any size up to one makes it too large to lay out (at `1e-300`, a
    /// pixel is 10³⁰⁰ points).
    public static let validScales: ClosedRange<Double> = 0.001...1000

    /// What ``validScales`` means, in the words of messages about a scale.
    public static let scaleRule =
        "the scale must be at least \(format(validScales.lowerBound)) and at most "
        + "\(format(validScales.upperBound))"
    /// The display node the document's root element is the layout spec of.
    public let rootNode: DisplayNode
    /// The document's `root` element.
    public let rootElement: LayoutElement
    /// The named elements (see ``NamedElements``).
    let named: NamedElements
    /// Named elements, by name: a dictionary made at each call, in time proportional to the number of names (look
    /// one up with ``element(named:)``).
    public var elementsByName: [String: LayoutElement] { named.dictionary }
    /// Every element's name, paint, type and JSON path.
    let elements: ElementTable
    /// Every text element, grouped by the node whose layout contains it, whose direction gives the texts' default
    /// paragraph direction.
    let textGroups: [TextGroup]
    /// Whether a text element has a name (then the output has `lines`).
    let namesText: Bool

    /// The percentage min and max sizes of the elements that have any (few do), by element.
    let percentageBounds: [ObjectIdentifier: [PercentageBound]]

    /// A percentage min or max size in an element's style: where the document wrote it and on which axis.
    struct PercentageBound {
        /// The value's path, e.g. `root.children[0].style.maxWidth` or `….style.minLayoutSize[1]`.
        var path: JSONPath
        /// Whether it bounds the width (else the height).
        var onWidth: Bool
    }

    /// The texts a node's layout contains, and the default direction they were last given. A class: the
    /// direction given is remembered across passes (and copies of the document, which share the texts).
    final class TextGroup {
        let container: DisplayNode
        let texts: [TextNode]
        /// The direction given to every text of the group by the latest pass, `nil` before the first.
        var given: TextDirection?

        init(container: DisplayNode, texts: [TextNode]) {
            self.container = container
            self.texts = texts
        }
    }

    /// Every image element, in document order.
    public let imageNodes: [ImageNode]

    /// `hasTexts`: whether the reader built a text element (else no walk looks for them).
    init(
        sizeRange: SizeRange, scale: Double, layoutDirection: LayoutDirection, rootElement: LayoutElement,
        elements: ElementTable, named: NamedElements,
        percentageBounds: [ObjectIdentifier: [PercentageBound]] = [:], hasTexts: Bool, imageNodes: [ImageNode] = []
    ) {
        self.imageNodes = imageNodes
        self.sizeRange = sizeRange
        self.scale = scale
        self.layoutDirection = layoutDirection
        self.rootElement = rootElement
        self.elements = elements
        self.named = named
        self.percentageBounds = percentageBounds
        let rootNode = DocumentSpecNode(element: rootElement)
        self.rootNode = rootNode
        textGroups = hasTexts ? Self.textGroups(under: rootNode) : []
        namesText = textGroups.contains { group in
            group.texts.contains { elements.number(of: $0).flatMap(elements.name) != nil }
        }
    }

    /// The text elements of the tree under `root`, grouped by containing node. Iterative: any depth.
    private static func textGroups(under root: DocumentSpecNode) -> [TextGroup] {
        var groups: [TextGroup] = []
        var containers: [DocumentSpecNode] = [root]
        while let container = containers.popLast() {
            var texts: [TextNode] = []
            var pending: [LayoutElement] = [container.spec]
            while let element = pending.popLast() {
                switch element {
                case let text as TextNode: texts.append(text)
                case let node as DocumentSpecNode: containers.append(node)
                case let spec as LayoutSpec: pending += spec.children
                default: break
                }
            }
            if !texts.isEmpty { groups.append(TextGroup(container: container, texts: texts)) }
        }
        return groups
    }

    /// Gives each text the default paragraph direction of the node containing it in this document's direction
    /// (the direction the engine mirrors that node's content in), before a pass measures the texts. A text whose
    /// direction does not change keeps its measurements, and a group whose direction is the one the previous pass
    /// gave is not visited (a pass at a new width touches no text before measuring it).
    private func setTextDirections(_ layoutDirection: LayoutDirection) {
        for group in textGroups {
            let rightToLeft = group.container.contentDirection.resolved(in: layoutDirection) == .rightToLeft
            let direction: TextDirection = rightToLeft ? .rightToLeft : .leftToRight
            guard group.given != direction else { continue }
            for text in group.texts { text.defaultDirection = direction }
            group.given = direction
        }
    }

    /// Whether `element` is one of the document's elements (not the root node or a wrapper the reader adds).
    public func contains(_ element: LayoutElement) -> Bool { elements.number(of: element) != nil }

    /// How many elements the document has.
    public var elementCount: Int { elements.count }

    /// The document type of an element (`node`, `stack`, …), as its `type` key says.
    public func type(of element: LayoutElement) -> String? {
        elements.number(of: element).map { elements.kind($0).type }
    }

    /// The name an element has in the document.
    public func name(of element: LayoutElement) -> String? { elements.number(of: element).flatMap(elements.name) }

    /// The element the document names `name`, if any.
    public func element(named name: String) -> LayoutElement? { named.element(named: name) }

    /// The paint a display element has in the document (its paint keys; a node's `color` is its background), for
    /// pictures; `nil` when it has none (it then draws nothing of its own).
    public func paint(of element: LayoutElement) -> Paint? {
        elements.number(of: element).flatMap(elements.paint) ?? (element is ImageNode ? ImageNode.defaultPaint : nil)
    }

    /// Decodes every image the document shows (each source once; the pixels are kept for the pictures). A corrupt or
    /// truncated image is an error at its element's `src`. Drawing a picture needs this first: reading and laying
    /// out a document read only the images' headers.
    public func decodeImages() throws(DocumentError) {
        for node in imageNodes {
            do {
                _ = try node.image.pixels()
            } catch {
                let path = elements.number(of: node).map { elements.path($0).appending("src") } ?? JSONPath()
                throw DocumentError(path: path, message: "\(node.image.name): \(error.message)")
            }
        }
    }

    /// The JSON path of an element in the document, e.g. `root.children[2]`.
    public func path(of element: LayoutElement) -> String? {
        elements.number(of: element).map { elements.path($0).description }
    }

    /// The size range, scale and direction the document asks to be laid out with.
    public var parameters: LayoutParameters {
        LayoutParameters(sizeRange: sizeRange, scale: scale, direction: layoutDirection)
    }

    /// Lays the document out. What Texture would assert on while laying out (the engine's `LayoutIssue`s) is thrown as a
    /// ``DocumentError`` naming the element's JSON path.
    public func layout() throws(DocumentError) -> DocumentLayout {
        // A flag nobody sets: the pass always finishes, so there is always a result.
        try layout(parameters, cancellation: LayoutCancellation())!
    }

    /// Lays the document out with `parameters` (the document's own, or a caller's in their place: the document
    /// is not changed) unless `cancellation` is set before the pass ends (a server's time limit): then the pass
    /// stops early and the answer is `nil`.
    public func layout(
        _ parameters: LayoutParameters, cancellation: LayoutCancellation
    ) throws(DocumentError)
        -> DocumentLayout?
    {
        setTextDirections(parameters.direction)
        guard
            let layout = rootNode.layout(
                within: parameters.sizeRange, scale: parameters.scale,
                direction: parameters.direction, cancellation: cancellation)
        else {
            return nil
        }
        if let issue = layout.issues.first { throw error(for: issue) }
        return DocumentLayout(document: self, layout: layout, scale: parameters.scale)
    }

    /// Lays the document out again in place, reusing every measurement that changes since the last pass cannot
    /// affect; the results stay in the elements. Returns the root's size.
    @discardableResult
    public func updateLayout() throws(DocumentError) -> Size {
        try updateLayout(parameters)
    }

    /// ``updateLayout()`` with `parameters` in place of the document's own (which stay as they are). Once
    /// `cancellation` is set (a server's time limit) the pass stops soon after, and the size and the elements'
    /// results are partial: the caller that set it drops them.
    @discardableResult
    public func updateLayout(
        _ parameters: LayoutParameters, cancellation: LayoutCancellation? = nil
    ) throws(DocumentError) -> Size {
        setTextDirections(parameters.direction)
        let (size, issues) = rootNode.updateLayout(
            parameters.sizeRange, scale: parameters.scale, cancellation: cancellation)
        if let issue = issues.first { throw error(for: issue) }
        return size
    }

    func error(for issue: LayoutIssue) -> DocumentError {
        let path = path(of: issue.element) ?? "root"
        switch issue.kind {
        case .invalidSize(let size):
            // Texture's size check, one axis at a time, so that the message says what is wrong with which.
            let (axis, value) = isValidForSize(size.width) ? ("height", size.height) : ("width", size.width)
            let why: String
            if value.isNaN {
                why = "is not a number"
            } else if value.isInfinite {
                why = "is infinite"
            } else if value < 0 {
                why = "is negative"
            } else if value < .leastNormalMagnitude {
                why = "is too small to be a size (a subnormal number: a size is 0 or at least 2.2e-308 points)"
            } else {
                why = "is too large (a size must be below 10000000 points)"
            }
            let shown = value.isFinite ? " \(format(value))" : ""
            return DocumentError(path: path, message: "the computed \(axis)\(shown) \(why)")
        case .undefinedPercentage:
            // The first percentage min or max on an axis whose parent size was undefined.
            let parent = issue.parentSize ?? .undefined
            let bound = percentageBounds[ObjectIdentifier(issue.element)]?.first {
                ($0.onWidth ? parent.width : parent.height).isNaN
            }
            guard let bound else {
                return DocumentError(
                    path: path,
                    message:
                        "a percentage min or max size resolves against an undefined parent size")
            }
            return DocumentError(
                path: bound.path,
                message: "the percentage resolves against an undefined parent "
                    + (bound.onWidth ? "width" : "height"))
        case .invalidPosition(let point):
            let (axis, value) = point.x.isFinite ? ("y", point.y) : ("x", point.x)
            return DocumentError(
                path: path,
                message:
                    "the computed \(axis) position \(value.isNaN ? "is not a number" : "is infinite")")
        case .invalidRange(let range):
            return DocumentError(
                path: path,
                message: "the child's size range has a minimum \(documentPair(range.min)) "
                    + "above its maximum \(documentPair(range.max))")
        case .fractionalSize:
            return DocumentError(
                path: path,
                message:
                    "a corner spec's child and corner must not have a percentage width or height")
        }
    }
}

/// A display node whose layout spec is a document element: the document's root, and every `node` with a
/// `layout`. A node used as a layout spec is wrapped, as `ASWrapperLayoutSpec` would wrap it.
final class DocumentSpecNode: DisplayNode {
    /// Always set while the node is in use; emptied only as the node is freed (``giveUpOwnedElements(into:)``).
    private var ownedSpec: LayoutSpec?

    /// The node's layout spec.
    var spec: LayoutSpec { ownedSpec! }

    init(element: LayoutElement) {
        ownedSpec = (element as? LayoutSpec) ?? WrapperLayoutSpec(layoutElement: element)
        super.init()
        measuresFromRangeAndStyle(asExactly: DocumentSpecNode.self)
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> LayoutSpec? { ownedSpec }

    /// Gives up the spec too, so that a chain of nodes with `layout`s of any depth is freed in a loop.
    override func giveUpOwnedElements(into pending: inout [LayoutElement]) {
        if let ownedSpec { pending.append(ownedSpec) }
        ownedSpec = nil
        super.giveUpOwnedElements(into: &pending)
    }
}

/// What a document is laid out with: its own `sizeRange`, `scale` and `layoutDirection`
/// (``LayoutDocument/parameters``), or a caller's (the command line's `--width`, a server's query parameters), which
/// are passed to the layout call rather than written into the document.
public struct LayoutParameters: Sendable, Equatable {
    /// The range the root is laid out in.
    public var sizeRange: SizeRange
    /// Pixels per point.
    public var scale: Double
    /// The user interface direction.
    public var direction: LayoutDirection

    /// Parameters with these values.
    public init(sizeRange: SizeRange, scale: Double, direction: LayoutDirection) {
        self.sizeRange = sizeRange
        self.scale = scale
        self.direction = direction
    }
}

/// A laid-out document.
public struct DocumentLayout {
    /// The document laid out, which names the result's elements (``LayoutDocument/name(of:)``) and gives their
    /// JSON paths and colours.
    public let document: LayoutDocument
    /// The engine's result, specs included.
    public let layout: Layout
    /// The pixels per point it was laid out at: the document's scale unless the caller gave another.
    public let scale: Double

    /// The root's size.
    public var size: Size { layout.size }

    /// Every named element of the result with its frame in the root's coordinate space, in pre-order.
    public var namedFrames: [(name: String, frame: Rect)] {
        layout.allLayouts.compactMap { entry in
            document.name(of: entry.element).map { ($0, entry.frameInRoot) }
        }
    }

    /// Frames by name.
    public var frames: [String: Rect] {
        Dictionary(namedFrames.map { ($0.name, $0.frame) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every named text element of the result with its lines, moved into the root's coordinate space, in
    /// pre-order: what the text showed when it was measured, for pictures and the `lines` output.
    public var namedTextLines: [(name: String, lines: [TextLine])] {
        layout.allLayouts.compactMap { entry in
            guard let text = entry.element as? TextNode, let name = document.name(of: entry.element) else {
                return nil
            }
            return (name, text.lines(at: entry.frameInRoot.origin))
        }
    }
}

extension TextNode {
    /// The lines the text showed when it was measured, moved to `origin` (its frame's origin in the root).
    func lines(at origin: Point) -> [TextLine] { lines.map { $0.offsetBy(origin) } }
}

/// `[width, height]` as a document writes a size or a bound (`"inf"` for unbounded), for messages.
func documentPair(_ size: Size) -> String {
    func bound(_ value: Double) -> String { value == .infinity ? "\"inf\"" : format(value) }
    return "[\(bound(size.width)), \(bound(size.height))]"
}
