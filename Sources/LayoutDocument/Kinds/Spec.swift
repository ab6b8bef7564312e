import TextureLayout

extension ElementKind {
    /// `spec`: a plain `LayoutSpec`, which takes its range's minimum and ignores its child (a spacer).
    static let spec = ElementKind("spec", keys: [ElementKey("child", .element)]) { values in
        LayoutSpec(children: values.element("child").map { [$0] } ?? [])
    }
}
