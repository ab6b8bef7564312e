// Texture's scroll node: its layout differs from a plain node's only with `automaticallyManagesContentSize`.

/// Texture's `ASScrollDirection`: the directions a scroll node scrolls in.
public struct ASScrollDirection: OptionSet, Hashable, Sendable {
    /// The underlying value.
    public let rawValue: UInt8
    /// The value with this raw value.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Scrolls to the right.
    public static let right = ASScrollDirection(rawValue: 1 << 0)
    /// Scrolls to the left.
    public static let left = ASScrollDirection(rawValue: 1 << 1)
    /// Scrolls up.
    public static let up = ASScrollDirection(rawValue: 1 << 2)
    /// Scrolls down.
    public static let down = ASScrollDirection(rawValue: 1 << 3)
}

/// Texture's `ASScrollDirectionHorizontalDirections`: left and right.
public let ASScrollDirectionHorizontalDirections: ASScrollDirection = [.left, .right]
/// Texture's `ASScrollDirectionVerticalDirections`: up and down.
public let ASScrollDirectionVerticalDirections: ASScrollDirection = [.up, .down]

/// Texture's `ASScrollNode`: a node whose content may be larger than itself.
///
/// With ``automaticallyManagesContentSize`` the content is measured unbounded along the scrollable directions,
/// ``contentSize`` becomes the content's size at the next `layoutIfNeeded()`, and the node itself takes its
/// parent's size clamped to its range, or the content's size on a side where that is not a usable number
/// (ASScrollNode.mm, `calculateLayoutThatFits:restrictedToSize:relativeToParentSize:`).
open class ASScrollNode: ASDisplayNode {
    /// The directions the content may extend beyond the node in. Setting ``automaticallyManagesContentSize``
    /// while it is empty makes it vertical, as Texture does.
    open var scrollableDirections: ASScrollDirection = [] {
        didSet { if scrollableDirections != oldValue { setNeedsLayout() } }
    }

    /// Whether the layout sets ``contentSize`` and sizes the node as described above.
    open var automaticallyManagesContentSize = false {
        didSet {
            if automaticallyManagesContentSize
                && scrollableDirections.isDisjoint(with: ASScrollDirectionVerticalDirections)
                && scrollableDirections.isDisjoint(with: ASScrollDirectionHorizontalDirections)
            {
                scrollableDirections = ASScrollDirectionVerticalDirections
            }
            setNeedsLayout()
        }
    }

    /// UIScrollView's `contentSize`: set by ``layout()`` when the node manages it, else by the caller.
    open var contentSize = CGSize.zero

    /// The content's size from the latest measurement.
    private var contentSizeFromLayout = CGSize.zero

    /// A scroll node that does not manage its content size.
    public override init() {
        super.init()
    }

    /// Texture's measurement: the content is measured with an unbounded max (Texture's CGFLOAT_MAX) along the
    /// scrollable directions; with automatic content size the node's own size follows the rule above, and when
    /// the content came out smaller than the node along a scrollable direction it is measured again in the
    /// node's own range so that it can fill the node.
    open override func calculateSize(_ constrainedSize: SizeRange, parentSize: Size, context: LayoutContext) -> Size {
        var contentRange = constrainedSize
        let vertical = !scrollableDirections.isDisjoint(with: ASScrollDirectionVerticalDirections)
        let horizontal = !scrollableDirections.isDisjoint(with: ASScrollDirectionHorizontalDirections)
        if vertical { contentRange.max.height = .greatestFiniteMagnitude }
        if horizontal { contentRange.max.width = .greatestFiniteMagnitude }
        let content = super.calculateSize(contentRange, parentSize: parentSize, context: context)
        guard automaticallyManagesContentSize else { return content }
        contentSizeFromLayout = CGSize(content)
        var size = constrainedSize.clamp(parentSize)
        if !ASPointsValidForLayout(CGFloat(size.width)) { size.width = content.width }
        if !ASPointsValidForLayout(CGFloat(size.height)) { size.height = content.height }
        if (vertical && content.height < size.height) || (horizontal && content.width < size.width) {
            _ = super.calculateSize(constrainedSize, parentSize: parentSize, context: context)
        }
        return size
    }

    /// Sets ``contentSize`` to the content's measured size when the node manages it (or to the node's own size if
    /// that is not a usable size), as Texture's `layout` does.
    open override func layout() {
        super.layout()
        guard automaticallyManagesContentSize else { return }
        contentSize = ASIsCGSizeValidForLayout(contentSizeFromLayout) ? contentSizeFromLayout : calculatedSize
    }
}
