import TextureLayout

extension ElementKind {
    /// `relative`: a `RelativeLayoutSpec`.
    static let relative = ElementKind(
        "relative",
        keys: [
            .choice("horizontalPosition", RelativePosition.self), .choice("verticalPosition", RelativePosition.self),
            .choice("sizingOption", RelativeSizingOption.self), ElementKey("child", .element, required: true),
        ]
    ) { values in
        RelativeLayoutSpec(
            horizontalPosition: values.choice("horizontalPosition", RelativePosition.self) ?? .none,
            verticalPosition: values.choice("verticalPosition", RelativePosition.self) ?? .none,
            sizingOption: values.choice("sizingOption", RelativeSizingOption.self) ?? [],
            child: values.required("child"))
    }
}
