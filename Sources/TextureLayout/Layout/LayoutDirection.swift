/// The direction a layout pass lays content out in: Texture's user interface layout direction (UIKit's
/// `UIUserInterfaceLayoutDirection`), which a node's ``ContentDirection`` of `.inherit` follows.
///
/// Layout itself never depends on it: every spec measures and places left to right. A node whose content runs
/// right to left is laid out as usual and then has its subnodes' frames mirrored within it when the result is
/// built (see <doc:RightToLeft>), so cached measurements hold for both directions.
public enum LayoutDirection: Hashable, Sendable {
    /// Content starts at the left edge (the default).
    case leftToRight
    /// Content starts at the right edge: nodes whose direction resolves to this mirror their subnodes.
    case rightToLeft
}

/// The direction a display node asks its content to follow: Texture's `semanticContentAttribute`, reduced to the
/// three cases that differ in layout.
///
/// A node's own direction is resolved against the pass's ``LayoutDirection`` only, never against its ancestors'
/// directions: Texture resolves each node's attribute against the user interface direction alone, so a node
/// inside a node forced right to left still follows the pass unless it says otherwise.
public enum ContentDirection: UInt8, Hashable, Sendable {
    /// Follows the pass's direction (UIKit's `.unspecified`).
    case inherit
    /// Always left to right, whatever the pass's direction (UIKit's `.forceLeftToRight`; also what Texture's
    /// `.playback` and `.spatial` resolve to).
    case leftToRight
    /// Always right to left (UIKit's `.forceRightToLeft`).
    case rightToLeft

    /// The direction a node with this content direction lays its subnodes out in during a pass in `pass`.
    @inlinable public func resolved(in pass: LayoutDirection) -> LayoutDirection {
        switch self {
        case .inherit: pass
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        }
    }
}
