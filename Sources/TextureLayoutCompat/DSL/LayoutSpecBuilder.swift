// The result builder behind `LayoutSpec { … }` and every DSL layout's block. Every part of a block becomes an array
// of elements and a block joins its parts' arrays, so the builder has no generic types for the type checker to
// solve: a 40-line cell type-checks in well under a second (Scripts/dsl-typecheck-time.sh).

/// Builds the children of a layout from a block: each line a node, a spec or a DSL layout, with `if`, `if let`,
/// `if`/`else`, `switch`, `for` and optional values (`nil` adds nothing).
@resultBuilder
public enum LayoutSpecBuilder {
    /// One line of the block: its element.
    public static func buildExpression(_ content: LayoutContent) -> [LayoutElement] {
        [content.layoutContentElement]
    }

    /// An optional line: its element, or nothing when it is `nil`.
    public static func buildExpression(_ content: LayoutContent?) -> [LayoutElement] {
        content.map { [$0.layoutContentElement] } ?? []
    }

    /// Lines already built (a helper's result): its elements.
    public static func buildExpression(_ elements: [LayoutElement]) -> [LayoutElement] {
        elements
    }

    /// The block: its lines' elements in order.
    public static func buildBlock(_ parts: [LayoutElement]...) -> [LayoutElement] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`: its elements when the condition holds.
    public static func buildOptional(_ part: [LayoutElement]?) -> [LayoutElement] {
        part ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [LayoutElement]) -> [LayoutElement] {
        part
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [LayoutElement]) -> [LayoutElement] {
        part
    }

    /// A `for` loop: every iteration's elements in order.
    public static func buildArray(_ parts: [[LayoutElement]]) -> [LayoutElement] {
        parts.flatMap { $0 }
    }

    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: [LayoutElement]) -> [LayoutElement] {
        part
    }
}

/// TextureSwiftSupport's name for the builder, for helpers written as `@ASLayoutSpecBuilder func …`.
public typealias ASLayoutSpecBuilder = LayoutSpecBuilder
