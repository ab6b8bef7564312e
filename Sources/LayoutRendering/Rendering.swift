import LayoutDocument
import TextureLayout

/// The picture formats of `texture-layout render`.
public enum PictureFormat: String, CaseIterable, Sendable {
    case svg, png, ascii

    /// The picture of a laid-out document in this format, as the bytes of a file.
    public func render(_ result: DocumentLayout) -> [UInt8] {
        let picture = LayoutPicture(result)
        switch self {
        case .svg: return Array(SVGRenderer.render(picture).utf8)
        case .png: return PNGRenderer.render(picture)
        case .ascii: return Array(ASCIIRenderer.render(picture).utf8)
        }
    }
}
