#if SnapshotTesting
import Foundation
import SnapshotTesting
import TextureLayout
import TextureLayoutDrawing

/// Snapshots of a node's (or any element's) debug picture as a PNG file: every node's and spec's outline and the
/// `debugName`s over the nodes' paint (their display properties, images and text, as `snapshotImage(scale:)` draws
/// them), drawn with Cairo as `texture-layout render --debug` draws a document's.
///
/// ```swift
/// assertSnapshot(of: CardNode(), as: .image(width: 375))
/// ```
///
/// Compared pixel by pixel: a pixel matches when no channel differs by more than `perPixelTolerance` × 255, and
/// the snapshot matches when at least `precision` of the pixels do. On a mismatch the message names a PNG file of
/// the differences, written to the temporary folder.
extension Snapshotting where Value: LayoutElement, Format == Data {
    /// The picture at exactly `width` points wide and any height (a list's cell), or exactly `height` high too,
    /// at `scale` pixels per point.
    public static func image(
        width: CGFloat, height: CGFloat? = nil, scale: CGFloat = 2,
        direction: LayoutDirection = .leftToRight, precision: Double = 1,
        perPixelTolerance: Double = 0
    ) -> Snapshotting {
        let range =
            height.map { SizeRange(exactly: Size(Double(width), Double($0))) }
            ?? SizeRange(min: Size(Double(width), 0), max: Size(Double(width), .infinity))
        return image(
            sizeRange: range, scale: scale, direction: direction, precision: precision,
            perPixelTolerance: perPixelTolerance)
    }

    /// The picture within `sizeRange` at `scale` pixels per point.
    public static func image(
        sizeRange: ASSizeRange, scale: CGFloat = 2, direction: LayoutDirection = .leftToRight,
        precision: Double = 1, perPixelTolerance: Double = 0
    ) -> Snapshotting {
        let comparison = PNGComparison(precision: precision, perPixelTolerance: perPixelTolerance)
        let diffing = Diffing<Data>.diff(
            toData: { $0 }, fromData: { $0 },
            diffV2: { reference, actual in
                comparison.failure(
                    reference: reference, actual: actual,
                    diffFolder: FileManager.default.temporaryDirectory
                ).map { ($0, []) }
            })
        return Snapshotting(pathExtension: "png", diffing: diffing) { element in
            Data(element.debugPNG(within: sizeRange, scale: scale, direction: direction))
        }
    }
}
#endif
