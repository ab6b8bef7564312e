/// Places its child at the start, centre or end of each axis (Texture's `ASRelativeLayoutSpec`).
///
/// The defaults are TextureSwiftSupport's: the start of both axes, shrinking to the child on both.
public struct RelativeLayout: LayoutContent {
    /// The relative spec it made.
    public let layoutContentElement: LayoutElement

    /// A relative spec around what `content` builds (several elements are wrapped into one).
    public init(
        horizontalPosition: ASRelativeLayoutSpecPosition = .start,
        verticalPosition: ASRelativeLayoutSpecPosition = .start,
        sizingOption: ASRelativeLayoutSpecSizingOption = .minimumSize,
        @LayoutSpecBuilder content: () -> [LayoutElement]
    ) {
        layoutContentElement = RelativeLayoutSpec(
            horizontalPosition: horizontalPosition,
            verticalPosition: verticalPosition, sizingOption: sizingOption,
            child: singleElement(of: content()))
    }
}
