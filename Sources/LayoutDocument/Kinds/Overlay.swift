import TextureLayout

extension ElementKind {
    /// `overlay`: an `OverlayLayoutSpec`, `overlay` drawn over `child` at its size.
    static let overlay = ElementKind(
        "overlay",
        keys: [ElementKey("child", .element, required: true), ElementKey("overlay", .element, required: true)]
    ) { values in
        OverlayLayoutSpec(child: values.required("child"), overlay: values.required("overlay"))
    }
}
