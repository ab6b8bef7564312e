// Stand-ins for what the seed snippets use but the layout library does not provide yet (a text node measuring a
// fixed size, the video node), the image nodes' sized shorthand, and the background-colour helper of Texture's own
// snapshot tests (written as Texture's is, over the node's own `backgroundColor`).
//
// A fixed-size content node's `calculateSizeThatFits` returns its size whatever it is offered, so the node's size is
// that size clamped to its constrained size (layout rules §3.2, case 1): an image node with an image measures so.

import TextureLayoutCompat

/// Texture's snapshot-test helper: a plain node with a background colour whose `style.width` and `style.height`
/// are `size` in points (zero when no size is given).
func ASDisplayNodeWithBackgroundColor(_ backgroundColor: UIColor, _ size: CGSize = .zero) -> ASDisplayNode {
    let node = ASDisplayNode()
    node.backgroundColor = backgroundColor
    node.style.width = ASDimensionMakeWithPoints(size.width)
    node.style.height = ASDimensionMakeWithPoints(size.height)
    return node
}

/// A content node: its intrinsic size is fixed.
class ContentNode: ASDisplayNode {
    var intrinsicSize: CGSize {
        didSet { setNeedsLayout() }
    }

    init(_ width: CGFloat, _ height: CGFloat) {
        intrinsicSize = CGSize(width: width, height: height)
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        intrinsicSize
    }
}

/// Stand-in for Texture's text node: the size of its (fixed) text.
final class ASTextNode: ContentNode {}

extension ASImageNode {
    /// An image node showing an image of `width`×`height` points.
    convenience init(_ width: CGFloat, _ height: CGFloat) {
        self.init()
        image = UIImage(size: CGSize(width: width, height: height))
    }
}

/// Stand-in for Texture's video node: like a plain node, it has no intrinsic size (it takes its constrained max
/// when both dimensions are bounded).
final class ASVideoNode: ASDisplayNode {}

// MARK: - Reading results

/// The frames of a layout's sublayouts, for comparing with hand-computed values.
extension ASLayout {
    var sublayoutFrames: [CGRect] { sublayouts.map(\.frame) }
}

/// A rectangle from four numbers.
func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}

/// A size range from min and max width and height.
func range(_ minWidth: CGFloat, _ minHeight: CGFloat, _ maxWidth: CGFloat, _ maxHeight: CGFloat) -> ASSizeRange {
    ASSizeRangeMake(CGSize(width: minWidth, height: minHeight), CGSize(width: maxWidth, height: maxHeight))
}

/// Whether two node lists hold the same nodes (by identity) in the same order.
func same(_ nodes: [ASDisplayNode], _ expected: [ASDisplayNode]) -> Bool {
    nodes.count == expected.count && zip(nodes, expected).allSatisfy { $0 === $1 }
}
