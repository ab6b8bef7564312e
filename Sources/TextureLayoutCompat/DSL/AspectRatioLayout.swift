/// Gives its child a height that is a fixed multiple of its width (Texture's `ASRatioLayoutSpec`);
/// ``LayoutContent/aspectRatio(_:)-(CGFloat)`` writes one after any content.
public struct AspectRatioLayout: LayoutContent {
    /// The ratio spec it made.
    public let layoutContentElement: LayoutElement

    /// A ratio spec around what `content` builds: `ratio` is height divided by width, as Texture's.
    public init(ratio: CGFloat, @LayoutSpecBuilder content: () -> [LayoutElement]) {
        self.init(ratio: ratio, child: singleElement(of: content()))
    }

    /// A ratio spec whose ratio is `size`'s height divided by its width (`CGSize(width: 16, height: 9)` is 9:16
    /// tall, a 16:9 picture).
    public init(ratio size: CGSize, @LayoutSpecBuilder content: () -> [LayoutElement]) {
        self.init(ratio: size.height / size.width, child: singleElement(of: content()))
    }

    /// A ratio spec around one element, for the modifiers.
    init(ratio: CGFloat, child: LayoutElement) {
        layoutContentElement = RatioLayoutSpec(ratio: Double(ratio), child: child)
    }
}
