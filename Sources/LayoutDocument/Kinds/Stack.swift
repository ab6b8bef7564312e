import TextureLayout

extension ElementKind {
    /// `stack`: a `StackLayoutSpec` with every property Texture's has.
    static let stack = ElementKind(
        "stack",
        keys: [
            .choice("direction", StackDirection.self), ElementKey("spacing", .number(allowsNegative: true)),
            .choice("justifyContent", StackJustifyContent.self), .choice("alignItems", StackAlignItems.self),
            .choice("flexWrap", StackFlexWrap.self), .choice("alignContent", StackAlignContent.self),
            ElementKey("lineSpacing", .number(allowsNegative: true)),
            .choice("horizontalAlignment", HorizontalAlignment.self),
            .choice("verticalAlignment", VerticalAlignment.self), ElementKey("children", .elements),
        ]
    ) {
        StackLayoutSpec()
    } fill: { stack, values in
        if let direction = values.choice("direction", StackDirection.self) { stack.direction = direction }
        if let spacing = values.number("spacing") { stack.spacing = spacing }
        if let justify = values.choice("justifyContent", StackJustifyContent.self) { stack.justifyContent = justify }
        if let alignItems = values.choice("alignItems", StackAlignItems.self) { stack.alignItems = alignItems }
        if let flexWrap = values.choice("flexWrap", StackFlexWrap.self) { stack.flexWrap = flexWrap }
        if let alignContent = values.choice("alignContent", StackAlignContent.self) {
            stack.alignContent = alignContent
        }
        if let lineSpacing = values.number("lineSpacing") { stack.lineSpacing = lineSpacing }
        stack.children = values.elements("children") ?? []
        // Set after the direction: the alignment shortcuts map to justifyContent/alignItems by the final axis.
        stack.horizontalAlignment = values.choice("horizontalAlignment", HorizontalAlignment.self) ?? .none
        stack.verticalAlignment = values.choice("verticalAlignment", VerticalAlignment.self) ?? .none
    }
}
