// Texture's element-level names: ASLayoutElement, its style with CoreGraphics types, and reading a layout back
// as an ASLayout.

/// Texture's `ASLayoutElement` protocol; here the engine's base class of nodes and specs.
public typealias ASLayoutElement = LayoutElement

/// Texture's `ASLayoutElementStyle`. It is a value type here: `node.style.flexGrow = 1` changes the node, but a
/// copy taken with `let style = node.style` does not write back.
public typealias ASLayoutElementStyle = Style

/// Texture's `ASLayoutSpecBlock`: builds a node's spec from the node and its constrained size.
public typealias ASLayoutSpecBlock = (DisplayNode, ASSizeRange) -> LayoutSpec

/// Texture's `ASLayoutElementType`.
public enum ASLayoutElementType: UInt8, Hashable, Sendable {
    /// A layout spec: it arranges children and is not drawn.
    case layoutSpec
    /// A display node: it is drawn, and may lay out subnodes with a spec of its own.
    case displayNode
}

/// Texture's `ASStackLayoutAlignSelf`: `.auto`, `.start`, `.end`, `.center`, `.stretch`.
public typealias ASStackLayoutAlignSelf = AlignSelf

/// Texture's element introspection, for code that branches on what kind of element it holds.
extension LayoutElement {
    /// Texture's `layoutElementType`: whether this is a display node or a layout spec.
    public var layoutElementType: ASLayoutElementType {
        self is DisplayNode ? .displayNode : .layoutSpec
    }
}

// MARK: - Style with CoreGraphics types

// These four properties have Texture's CoreGraphics types in files that import TextureLayoutCompat; they read and
// write the same six stored dimensions and the same position as the engine's `Size`/`Point` properties, which stay
// reachable as `style.TextureLayout::preferredSize` and so on.
/// Texture's style properties with CoreGraphics types, so Texture code sets sizes and positions unchanged.
extension Style {
    /// Texture's `preferredSize`: sets `width` and `height` in points. Reading it gives 0 for an auto axis, and
    /// `.zero` when either axis is a fraction (Texture asserts there).
    public var preferredSize: CGSize {
        get { CGSize(self.TextureLayout::preferredSize) }
        set { self.TextureLayout::preferredSize = Size(newValue) }
    }

    /// Texture's `minSize`: sets `minWidth` and `minHeight` in points.
    public var minSize: CGSize {
        get { CGSize(self.TextureLayout::minSize) }
        set { self.TextureLayout::minSize = Size(newValue) }
    }

    /// Texture's `maxSize`: sets `maxWidth` and `maxHeight` in points.
    public var maxSize: CGSize {
        get { CGSize(self.TextureLayout::maxSize) }
        set { self.TextureLayout::maxSize = Size(newValue) }
    }

    /// Texture's `layoutPosition`: the position in a parent absolute spec.
    public var layoutPosition: CGPoint {
        get { CGPoint(self.TextureLayout::layoutPosition) }
        set { self.TextureLayout::layoutPosition = Point(newValue) }
    }
}

// MARK: - Laying out and reading back

/// The pixel scale layouts requested through Texture's spellings use when the caller names none: 2, the scale
/// Texture's reference images are recorded at. Pass `scale:` to `layoutThatFits` for another.
@inlinable public func ASScreenScale() -> CGFloat { 2 }

/// Texture's `CGPointNull`: the position of a layout that has no parent (both coordinates NaN).
public let CGPointNull = CGPoint(x: CGFloat.nan, y: CGFloat.nan)

/// Texture's `CGPointIsNull`.
@inlinable public func CGPointIsNull(_ point: CGPoint) -> Bool {
    point.x.isNaN && point.y.isNaN
}

/// Texture's layout entry points on every element, returning Texture's `ASLayout`.
extension LayoutElement {
    /// Texture's `layoutThatFits:`: lays the element out within `constrainedSize` at the pixel scale
    /// ``ASScreenScale()`` and returns Texture's result. For a display node that is its flattened layout: its size
    /// and one sublayout per display node its spec tree places, each relative to the node. Percentages resolve
    /// against `constrainedSize.max`. The pass runs in ``ASDisplayNode/userInterfaceLayoutDirection``.
    public func layoutThatFits(_ constrainedSize: ASSizeRange) -> ASLayout {
        layoutThatFits(constrainedSize, scale: ASScreenScale())
    }

    /// ``layoutThatFits(_:)`` at `scale` pixels per point.
    public func layoutThatFits(_ constrainedSize: ASSizeRange, scale: CGFloat) -> ASLayout {
        layoutThatFits(
            constrainedSize, scale: scale,
            userInterfaceLayoutDirection: ASDisplayNode.userInterfaceLayoutDirection)
    }

    /// Texture's `layoutThatFits:parentSize:`: percentages resolve against `parentSize`.
    public func layoutThatFits(_ constrainedSize: ASSizeRange, parentSize: CGSize) -> ASLayout {
        ASLayout.makeRoot(
            from: layout(
                within: constrainedSize, parentSize: Size(parentSize),
                scale: Double(ASScreenScale()),
                direction: LayoutDirection(ASDisplayNode.userInterfaceLayoutDirection)),
            in: constrainedSize)
    }
}

/// Texture's `ASCalculateRootLayout`: `element.layoutThatFits(sizeRange)`.
public func ASCalculateRootLayout(_ rootLayoutElement: ASLayoutElement, _ sizeRange: ASSizeRange) -> ASLayout {
    rootLayoutElement.layoutThatFits(sizeRange)
}

/// Texture's `ASCalculateLayout`: `element.layoutThatFits(sizeRange, parentSize: parentSize)`.
public func ASCalculateLayout(
    _ layoutElement: ASLayoutElement, _ sizeRange: ASSizeRange, _ parentSize: CGSize
)
    -> ASLayout
{
    layoutElement.layoutThatFits(sizeRange, parentSize: parentSize)
}
