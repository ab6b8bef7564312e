import LayoutDocument
import TextureLayout
import TextureLayoutPaint

/// The picture formats of `texture-layout render`.
public enum PictureFormat: String, CaseIterable, Sendable {
    /// Vector: what the committed example pictures are.
    case svg
    /// Pixels at the document's scale (Cairo).
    case png
    /// A one-page vector PDF (Cairo): the page is the root's size in points, text is selectable.
    case pdf
    /// Text, for terminals and plain-text diffs: always the outline picture.
    case ascii

    /// What a caller may choose about a picture beyond its format; each format reads only its own options.
    public struct Options: Sendable {
        /// ascii: the most characters per line (at least 2 are used).
        public var maxColumns: Int
        /// Which element names the debug picture writes (and ASCII's).
        public var labels: LabelMode
        /// svg: every named element carries an invisible rectangle with `data-name` and `data-frame="x y w h"`
        /// (its frame, as in the `layout` command's `frames`), so that a script (the server's playground) can find
        /// elements and frames.
        public var dataAttributes: Bool
        /// svg, png, pdf: the colour the canvas is filled with first (`--background`); transparent when `nil`.
        public var background: RGBA?
        /// svg, png, pdf: draw the outline picture (outlines, marks of zero-size elements, names) over the paint
        /// (`--debug`).
        public var debug: Bool

        /// The defaults of `texture-layout render`.
        public init(
            maxColumns: Int = ASCIIRenderer.defaultMaxColumns, labels: LabelMode = .default,
            dataAttributes: Bool = false, background: RGBA? = nil, debug: Bool = false
        ) {
            self.maxColumns = maxColumns
            self.labels = labels
            self.dataAttributes = dataAttributes
            self.background = background
            self.debug = debug
        }
    }

    /// The picture of a laid-out document in this format, as the bytes of a file. A caller that gave up
    /// (`LayoutCancellation.current` set) gets no bytes: every loop of drawing stops at its next check.
    public func render(_ result: DocumentLayout, options: Options = Options()) -> [UInt8] {
        let bytes = draw(result, options: options)
        if let cancellation = LayoutCancellation.current, cancellation.isCancelled { return [] }
        return bytes
    }

    private func draw(_ result: DocumentLayout, options: Options) -> [UInt8] {
        switch self {
        case .svg: return Array(SVGRenderer.render(result, options: options).utf8)
        case .png, .pdf:
            var lists = [result.displayList]
            if options.debug {
                lists.append(LayoutPicture(result).debugList(labels: options.labels, faces: PictureFaces()))
            }
            return self == .png
                ? PNGRenderer.render(lists, scale: result.scale, background: options.background)
                : PDFRenderer.render(lists, scale: result.scale, background: options.background)
        case .ascii:
            return Array(
                ASCIIRenderer.render(
                    LayoutPicture(result), maxColumns: options.maxColumns,
                    labels: options.labels
                ).utf8)
        }
    }
}

/// A drawing loop's check of its caller's flag (``LayoutCancellation/current``), so that a picture nobody waits
/// for (the server answered 503) stops using its core: at the first turn and every 1,024th after (an atomic load
/// is cheap, but not next to drawing a small shape). A loop that stops leaves a partial picture, which
/// ``PictureFormat/render(_:options:)`` does not hand out.
struct CallerCheck {
    private let cancellation = LayoutCancellation.current
    private var turns = 0
    private var stopped = false

    /// Whether the caller gave up (once it did, at every turn after, so that nested loops all stop); counts a turn.
    mutating func gaveUp() -> Bool {
        defer { turns &+= 1 }
        guard !stopped else { return true }
        guard turns % 1024 == 0, let cancellation else { return false }
        stopped = cancellation.isCancelled
        return stopped
    }
}
