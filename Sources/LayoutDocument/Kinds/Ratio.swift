import TextureLayout

extension ElementKind {
    /// `ratio`: a `RatioLayoutSpec`; `ratio` is height over width.
    static let ratio = ElementKind(
        "ratio",
        keys: [ElementKey("ratio", .positiveNumber, required: true), ElementKey("child", .element, required: true)]
    ) { values in
        RatioLayoutSpec(ratio: values.number("ratio")!, child: values.required("child"))
    }
}
