/// Centres its child (Texture's `ASCenterLayoutSpec`).
///
/// The defaults centre on both axes and shrink to the child on both (`.XY`, `.minimumXY`), as TextureSwiftSupport's
/// do; Texture's own spec defaults to neither.
public struct CenterLayout: LayoutContent {
    /// The center spec it made.
    public let layoutContentElement: LayoutElement

    /// A center spec around what `content` builds (several elements are wrapped into one).
    public init(
        centeringOptions: ASCenterLayoutSpecCenteringOptions = .XY,
        sizingOptions: ASCenterLayoutSpecSizingOptions = .minimumXY,
        @LayoutSpecBuilder content: () -> [LayoutElement]
    ) {
        layoutContentElement = CenterLayoutSpec(
            centeringOptions: centeringOptions, sizingOptions: sizingOptions,
            child: singleElement(of: content()))
    }
}
