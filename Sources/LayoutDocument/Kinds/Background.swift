import TextureLayout

extension ElementKind {
    /// `background`: a `BackgroundLayoutSpec`, `background` drawn behind `child` at its size.
    static let background = ElementKind(
        "background",
        keys: [ElementKey("child", .element, required: true), ElementKey("background", .element, required: true)]
    ) { values in
        BackgroundLayoutSpec(child: values.required("child"), background: values.required("background"))
    }
}
