import TextureLayout

extension ElementKind {
    /// `absolute`: an `AbsoluteLayoutSpec`; children are placed at their style's `layoutPosition`.
    static let absolute = ElementKind(
        "absolute", keys: [.choice("sizing", AbsoluteSizing.self), ElementKey("children", .elements)]
    ) { values in
        AbsoluteLayoutSpec(
            sizing: values.choice("sizing", AbsoluteSizing.self) ?? .default,
            children: values.elements("children") ?? [])
    }
}
