// The DSL's style modifiers. Each sets one property of the content's element's style and returns the content, so
// `title.flexShrink(1)` in a block is the node `title` after `title.style.flexShrink = 1`: like assigning the
// property, it changes the node wherever else the node is used.

/// Style properties set where the content is written.
extension LayoutContent {
    /// Sets the element's style through `change` and returns the content.
    @inline(__always) private func styled(_ change: (inout Style) -> Void) -> Self {
        change(&layoutContentElement.style)
        return self
    }

    /// Sets `style.flexGrow`: how much of a stack's free space it takes, relative to its siblings.
    public func flexGrow(_ flexGrow: CGFloat) -> Self { styled { $0.flexGrow = Double(flexGrow) } }

    /// Sets `style.flexShrink`: how much of a stack's overflow it gives up, relative to its siblings.
    public func flexShrink(_ flexShrink: CGFloat) -> Self { styled { $0.flexShrink = Double(flexShrink) } }

    /// Sets `style.flexBasis`: its length along a stack's axis before growing or shrinking (`.points(80)`,
    /// `.fraction(0.5)`, or a number of points).
    public func flexBasis(_ flexBasis: ASDimension) -> Self { styled { $0.flexBasis = flexBasis } }

    /// Sets `style.alignSelf`: its alignment across a stack's axis, instead of the stack's `alignItems`.
    public func alignSelf(_ alignSelf: ASStackLayoutAlignSelf) -> Self { styled { $0.alignSelf = alignSelf } }

    /// Sets `style.width` (`.points(80)`, `.fraction(0.5)`, or a number of points).
    public func width(_ width: ASDimension) -> Self { styled { $0.width = width } }

    /// Sets `style.height` (`.points(80)`, `.fraction(0.5)`, or a number of points).
    public func height(_ height: ASDimension) -> Self { styled { $0.height = height } }

    /// Sets `style.preferredSize`: its width and height in points.
    public func preferredSize(_ size: CGSize) -> Self { styled { $0.preferredSize = size } }

    /// Sets `style.spacingBefore`: extra space before it in a stack.
    public func spacingBefore(_ spacing: CGFloat) -> Self { styled { $0.spacingBefore = Double(spacing) } }

    /// Sets `style.spacingAfter`: extra space after it in a stack.
    public func spacingAfter(_ spacing: CGFloat) -> Self { styled { $0.spacingAfter = Double(spacing) } }
}
