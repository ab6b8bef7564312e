/// Lays its children out one over another, each at the origin in the layout's range, and takes the largest size
/// (Texture's `ASWrapperLayoutSpec` over several elements); later children are drawn above earlier ones.
public struct ZStackLayout: LayoutContent {
    /// The wrapper spec it made.
    public let layoutContentElement: LayoutElement

    /// A wrapper over what `content` builds.
    public init(@LayoutSpecBuilder content: () -> [LayoutElement]) {
        layoutContentElement = WrapperLayoutSpec(layoutElements: content())
    }
}
