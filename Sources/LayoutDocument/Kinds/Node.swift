import TextureLayout

extension ElementKind {
    /// `node`: a display node. With `size` it has that intrinsic size (a `FixedSizeNode`); with `layout` its layout
    /// spec is that element (a node used there is wrapped, as Texture requires a spec); with neither it is an
    /// empty `DisplayNode`. `color` is the older spelling of the paint key `backgroundColor` (only pictures read
    /// paint). `direction` is the node's content direction (Texture's
    /// `semanticContentAttribute`): `inherit` follows the document's `layoutDirection`.
    static let node = ElementKind(
        "node",
        keys: [
            ElementKey("size", .size), ElementKey("layout", .element), ElementKey("color", .color, paint: true),
            .choice("direction", ContentDirection.self),
        ] + paintKeys,
        exclusiveKeys: [("size", "layout"), ("color", "backgroundColor")]
    ) { values in
        let node: DisplayNode
        if let size = values.size("size") {
            node = FixedSizeNode(intrinsicSize: size)
        } else if let layout = values.element("layout") {
            node = DocumentSpecNode(element: layout)
        } else {
            node = DisplayNode()
        }
        node.contentDirection = values.choice("direction", ContentDirection.self) ?? .inherit
        return node
    }
}
