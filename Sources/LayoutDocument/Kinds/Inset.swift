import TextureLayout

extension ElementKind {
    /// `inset`: an `InsetLayoutSpec`; `insets` default to zero.
    static let inset = ElementKind(
        "inset", keys: [ElementKey("insets", .insets), ElementKey("child", .element, required: true)]
    ) { values in
        InsetLayoutSpec(insets: values.insets("insets") ?? .zero, child: values.required("child"))
    }
}
