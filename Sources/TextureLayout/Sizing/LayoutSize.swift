/// A width and a height as dimensions (Texture's `ASLayoutSize`).
public struct LayoutSize: Hashable, Sendable {
    /// The width as a dimension.
    public var width: Dimension
    /// The height as a dimension.
    public var height: Dimension

    /// A size of two dimensions (Texture's `ASLayoutSizeMake`).
    @inlinable public init(width: Dimension, height: Dimension) {
        self.width = width
        self.height = height
    }

    /// Auto on both axes.
    public static let auto = LayoutSize(width: .auto, height: .auto)

    /// `ASLayoutSizeResolveSize`: each axis resolved on its own.
    @inlinable public func resolve(parent: Size, auto autoSize: Size) -> Size {
        Size(
            width: width.resolve(parent: parent.width, auto: autoSize.width),
            height: height.resolve(parent: parent.height, auto: autoSize.height))
    }
}
