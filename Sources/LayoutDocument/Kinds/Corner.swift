import TextureLayout

extension ElementKind {
    /// `corner`: a `CornerLayoutSpec`, `corner` placed at a corner of `child`.
    static let corner = ElementKind(
        "corner",
        keys: [
            ElementKey("child", .element, required: true), ElementKey("corner", .element, required: true),
            .choice("cornerLocation", CornerLocation.self), ElementKey("offset", .point),
            ElementKey("wrapsCorner", .bool),
        ]
    ) { values in
        CornerLayoutSpec(
            child: values.required("child"), corner: values.required("corner"),
            location: values.choice("cornerLocation", CornerLocation.self) ?? .topLeft,
            offset: values.point("offset") ?? .zero, wrapsCorner: values.bool("wrapsCorner") ?? false)
    }
}
