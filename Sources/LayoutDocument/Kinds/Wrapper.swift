import TextureLayout

extension ElementKind {
    /// `wrapper`: a `WrapperLayoutSpec` over `child` or `children`.
    static let wrapper = ElementKind(
        "wrapper", keys: [ElementKey("child", .element), ElementKey("children", .elements)],
        exclusiveKeys: [("child", "children")]
    ) { values in
        WrapperLayoutSpec(layoutElements: values.elements("children") ?? values.element("child").map { [$0] } ?? [])
    }
}
