import TextureLayout

extension ElementKind {
    /// `center`: a `CenterLayoutSpec`.
    static let center = ElementKind(
        "center",
        keys: [
            .choice("centeringOptions", CenteringOptions.self), .choice("sizingOptions", CenterSizingOptions.self),
            ElementKey("child", .element, required: true),
        ]
    ) { values in
        CenterLayoutSpec(
            centeringOptions: values.choice("centeringOptions", CenteringOptions.self) ?? [],
            sizingOptions: values.choice("sizingOptions", CenterSizingOptions.self) ?? [],
            child: values.required("child"))
    }
}
