#if SnapshotTesting
import SnapshotTesting
import TextureLayout
import TextureLayoutCompat

/// Snapshots of a node's (or any element's) layout as text: a ``FrameListing`` of every node's frame.
///
/// ```swift
/// assertSnapshot(of: CardNode(), as: .frames(width: 375))
/// ```
///
/// The element is laid out afresh for each snapshot. The file is plain text (`.txt`), so a failing test shows
/// which frames moved as a line diff, and swift-snapshot-testing's record modes apply as usual
/// (`SNAPSHOT_TESTING_RECORD=all`, `withSnapshotTesting(record:)`).
extension Snapshotting where Value: LayoutElement, Format == String {
    /// The frames at exactly `width` points wide and any height (a list's cell), or exactly `height` high too.
    public static func frames(
        width: CGFloat, height: CGFloat? = nil, scale: CGFloat = 2,
        direction: LayoutDirection = .leftToRight
    ) -> Snapshotting {
        let range =
            height.map { SizeRange(exactly: Size(Double(width), Double($0))) }
            ?? SizeRange(min: Size(Double(width), 0), max: Size(Double(width), .infinity))
        return frames(sizeRange: range, scale: scale, direction: direction)
    }

    /// The frames within `sizeRange`.
    public static func frames(
        sizeRange: ASSizeRange, scale: CGFloat = 2,
        direction: LayoutDirection = .leftToRight
    ) -> Snapshotting {
        SimplySnapshotting<String>.lines.pullback { element in
            FrameListing(of: element, within: sizeRange, scale: Double(scale), direction: direction).text
        }
    }
}
#endif
