import TextureLayout

extension ElementKind {
    /// `node`: a display node. With `size` it has that intrinsic size (a `FixedSizeNode`); with `layout` its layout
    /// spec is that element (a node used there is wrapped, as Texture requires a spec); with neither it is an
    /// empty `DisplayNode`. `color` only matters to pictures.
    static let node = ElementKind(
        "node", keys: [ElementKey("size", .size), ElementKey("layout", .element), ElementKey("color", .color)],
        exclusiveKeys: [("size", "layout")]
    ) { values in
        if let size = values.size("size") { return FixedSizeNode(intrinsicSize: size) }
        if let layout = values.element("layout") { return DocumentSpecNode(element: layout) }
        return DisplayNode()
    }
}
