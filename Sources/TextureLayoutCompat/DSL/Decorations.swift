/// Specs written after the content they wrap: what goes behind it, over it, and its aspect ratio.
extension LayoutContent {
    /// `background` behind this content, at exactly the content's size (an ``BackgroundLayout``).
    public func background(_ background: LayoutContent) -> BackgroundLayout {
        BackgroundLayout(child: layoutContentElement, background: background.layoutContentElement)
    }

    /// `overlay` over this content, at exactly the content's size (an ``OverlayLayout``).
    public func overlay(_ overlay: LayoutContent) -> OverlayLayout {
        OverlayLayout(child: layoutContentElement, overlay: overlay.layoutContentElement)
    }

    /// This content with a height of `ratio` times its width (an ``AspectRatioLayout``).
    public func aspectRatio(_ ratio: CGFloat) -> AspectRatioLayout {
        AspectRatioLayout(ratio: ratio, child: layoutContentElement)
    }

    /// This content with the proportions of `size` (an ``AspectRatioLayout`` with `size.height / size.width`).
    public func aspectRatio(_ size: CGSize) -> AspectRatioLayout {
        AspectRatioLayout(ratio: size.height / size.width, child: layoutContentElement)
    }
}
