import LayoutDocument
import TextureLayout

/// The picture formats of `texture-layout render`.
public enum PictureFormat: String, CaseIterable, Sendable {
    /// Vector, with tooltips: what the committed example pictures are.
    case svg
    /// Pixels at the document's scale, for viewers without SVG.
    case png
    /// Text, for terminals and plain-text diffs.
    case ascii

    /// What a caller may choose about a picture beyond its format; each format reads only its own options.
    public struct Options: Sendable {
        /// ascii: the most characters per line (at least 2 are used).
        public var maxColumns: Int
        /// Which element names are written.
        public var labels: LabelMode
        /// svg: every named element's shape carries `data-name` and `data-frame="x y w h"` (its frame, as in the
        /// `layout` command's `frames`), so that a script (the server's playground) can find elements and frames.
        public var dataAttributes: Bool

        /// The defaults of `texture-layout render`.
        public init(maxColumns: Int = ASCIIRenderer.defaultMaxColumns, labels: LabelMode = .default,
                    dataAttributes: Bool = false) {
            self.maxColumns = maxColumns
            self.labels = labels
            self.dataAttributes = dataAttributes
        }
    }

    /// The picture of a laid-out document in this format, as the bytes of a file.
    public func render(_ result: DocumentLayout, options: Options = Options()) -> [UInt8] {
        let picture = LayoutPicture(result)
        switch self {
        case .svg:
            return Array(SVGRenderer.render(picture, labels: options.labels, dataAttributes: options.dataAttributes).utf8)
        case .png: return PNGRenderer.render(picture, labels: options.labels)
        case .ascii:
            return Array(ASCIIRenderer.render(picture, maxColumns: options.maxColumns, labels: options.labels).utf8)
        }
    }
}
