/// A width and a height as dimensions (Texture's `ASLayoutSize`).
public struct LayoutSize: Hashable, Sendable {
    public var width: Dimension
    public var height: Dimension

    @inlinable public init(width: Dimension, height: Dimension) {
        self.width = width
        self.height = height
    }

    public static let auto = LayoutSize(width: .auto, height: .auto)

    /// `ASLayoutSizeResolveSize`: each axis resolved on its own.
    @inlinable public func resolve(parent: Size, auto autoSize: Size) -> Size {
        Size(width: width.resolve(parent: parent.width, auto: autoSize.width),
             height: height.resolve(parent: parent.height, auto: autoSize.height))
    }
}
