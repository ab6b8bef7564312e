/// Lays out what its block builds at the origin in its own range and takes that size (Texture's
/// `ASWrapperLayoutSpec`): the way to give a node a spec of its own, for example to style the spec and not the node.
public struct WrapperLayout: LayoutContent {
    /// The wrapper spec it made.
    public let layoutContentElement: LayoutElement

    /// A wrapper over what `content` builds.
    public init(@LayoutSpecBuilder content: () -> [LayoutElement]) {
        layoutContentElement = WrapperLayoutSpec(layoutElements: content())
    }
}
