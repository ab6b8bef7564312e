// `LayoutSpec { … }`, the DSL's entry point. `LayoutSpec` is the engine's base spec (Texture's `ASLayoutSpec`),
// which a plain instance leaves its children unlaid (Errata: plainSpecIgnoresChildren). A class's initializer
// cannot hand back an instance of a subclass, but an initializer in a protocol extension can assign `self`; the
// extension is limited to `Self == LayoutSpec`, so only that spelling gets it (`StackLayoutSpec { … }` does not
// compile) and what it returns is a wrapper spec (Errata: builtSpecIsAWrapper).

extension LayoutContent where Self == LayoutSpec {
    /// A spec that lays out what `content` builds (Texture's `ASWrapperLayoutSpec`): each element at the origin in
    /// the spec's range, the spec taking the largest size. With one element, the spec has that element's size.
    ///
    /// ```swift
    /// override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
    ///     LayoutSpec {
    ///         HStackLayout(spacing: 10, alignItems: .start) {
    ///             avatar
    ///             title.flexShrink(1)
    ///         }
    ///         .padding(12)
    ///     }
    /// }
    /// ```
    ///
    /// The result's class is `WrapperLayoutSpec` (`Errata#builtSpecIsAWrapper`): a `LayoutSpec()` made
    /// without a block is still a spacer that ignores children.
    public init(@LayoutSpecBuilder _ content: () -> [LayoutElement]) {
        self = WrapperLayoutSpec(layoutElements: content())
    }
}
