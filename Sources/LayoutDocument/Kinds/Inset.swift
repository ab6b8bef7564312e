import TextureLayout

extension ElementKind {
    /// `inset`: an `InsetLayoutSpec`; `insets` default to zero.
    static let inset = ElementKind(
        "inset", keys: [ElementKey("insets", .insets), ElementKey("child", .element, required: true)]
    ) {
        InsetLayoutSpec(insets: .zero)
    } fill: { inset, values in
        inset.insets = values.insets("insets") ?? .zero
        inset.child = values.required("child")
    }
}
