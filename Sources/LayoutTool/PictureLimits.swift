import LayoutDocument
import LayoutJSON
import LayoutRendering
import TextureLayout

/// The largest pictures the command line and the server draw: a request must not make either allocate a picture
/// that no viewer opens (`width=9999999` would otherwise ask for a PNG of millions of pixels a side), so a larger
/// one is refused before anything is drawn.
package enum PictureLimits {
    /// The most pixels on either side of a raster picture (what common decoders and browsers open). A picture
    /// within it has at most 16,384² (268 million) pixels; the renderer keeps to fewer still (``PNGRenderer``
    /// draws a picture of more than 16.7 million pixels at a smaller scale).
    package static let maxSide = 16_384

    /// Refuses the picture of `result` in `format` when it would exceed the limits. The line names what made the
    /// picture that large: the caller's override of the long side (`--width`, `min`, …: `optionPrefix` goes
    /// before the name, as in ``SizeOverrides/parse(width:height:minimum:maximum:scale:direction:optionPrefix:)``)
    /// or else the document's root. Vector and text pictures have no pixels and are never refused.
    package static func check(
        _ result: DocumentLayout, in pictureFormat: PictureFormat, overrides: SizeOverrides,
        optionPrefix: String
    ) throws(ToolFailure) {
        guard pictureFormat == .png else { return }
        let size = result.size
        // The renderer's own computation of the picture it would draw.
        let (width, height) = PNGRenderer.pixelSize(of: size, scale: result.scale)
        guard width > maxSide || height > maxSide else { return }
        let wide = width >= height
        // An exact size names its axis; else a range's min, which forces a size, before its max, which allows one.
        let exact = wide ? (overrides.width != nil ? "width" : nil) : (overrides.height != nil ? "height" : nil)
        let option = exact ?? (overrides.minimum != nil ? "min" : nil) ?? (overrides.maximum != nil ? "max" : nil)
        let cause = option.map { optionPrefix + $0 } ?? "root"
        throw .document(
            "\(cause): the PNG would be \(width) × \(height) pixels, more than \(maxSide) on a side "
                + "(the layout is \(format(size.width)) × \(format(size.height)) points at scale "
                + "\(format(result.scale)))")
    }
}
