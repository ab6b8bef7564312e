import LayoutDocument
import LayoutRendering
import TextureLayout

/// The largest pictures the command line and the server draw: a request must not make either allocate a picture
/// that no viewer opens (`width=9999999` would otherwise ask for a PNG of millions of pixels a side), so a larger
/// one is refused before anything is drawn.
package enum PictureLimits {
    /// The most pixels on either side of a raster picture (what common decoders and browsers open).
    package static let maxSide = 16_384
    /// The most pixels of a raster picture in all (16,384², 268 million).
    package static let maxPixels = maxSide * maxSide

    /// Refuses the picture of `result` in `format` when it would exceed the limits. The line names what made the
    /// picture that large: the caller's override of the long side (`--width`, `min`, …: `optionPrefix` goes
    /// before the name, as in ``SizeOverrides/parse(width:height:minimum:maximum:scale:direction:optionPrefix:)``)
    /// or else the document's root. Vector and text pictures have no pixels and are never refused.
    package static func check(_ result: DocumentLayout, in pictureFormat: PictureFormat, overrides: SizeOverrides,
                             optionPrefix: String) throws(ToolFailure) {
        guard pictureFormat == .png else { return }
        let size = result.size
        // The renderer's own rule for its pixel size (it draws a picture of too many pixels at a smaller scale).
        let scale = PNGRenderer.pixelScale(for: size, scale: result.scale)
        let width = max(1, (size.width * scale).rounded(.up)), height = max(1, (size.height * scale).rounded(.up))
        guard width > Double(maxSide) || height > Double(maxSide) || width * height > Double(maxPixels) else { return }
        let wide = width >= height
        // An exact size names its axis; else a range's min, which forces a size, before its max, which allows one.
        let exact = wide ? (overrides.width != nil ? "width" : nil) : (overrides.height != nil ? "height" : nil)
        let option = exact ?? (overrides.minimum != nil ? "min" : nil) ?? (overrides.maximum != nil ? "max" : nil)
        let cause = option.map { optionPrefix + $0 } ?? "root"
        throw .document("\(cause): the PNG would be \(format(width)) × \(format(height)) pixels, more than \(maxSide) on a side or "
                        + "\(maxPixels) in all (the layout is \(format(size.width)) × \(format(size.height)) "
                        + "points at scale \(format(result.scale)))")
    }
}
