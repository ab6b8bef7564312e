// What the layout DSL's builder accepts: one protocol with one requirement, so that a node, a spec made the classic
// way and a DSL layout mix in one builder block.

/// Something a ``LayoutSpecBuilder`` block can hold: a node, a layout spec, or one of the DSL's layouts
/// (``HStackLayout``, ``InsetLayout``, ...).
///
/// Every DSL layout makes its engine spec when it is created and keeps it, so the style modifiers
/// (``flexGrow(_:)``, ``width(_:)``, ...) set the style of that spec, and of a node they set the node's own style,
/// as assigning `style.flexGrow` would.
public protocol LayoutContent {
    /// The element this content lays out as: the node or spec itself, or the spec a DSL layout made.
    var layoutContentElement: LayoutElement { get }
}

/// Nodes and specs go into builder blocks as they are.
extension LayoutElement: LayoutContent {
    /// The element itself.
    public var layoutContentElement: LayoutElement { self }
}

/// The one element a single-child layout wraps: the block's only element, a wrapper over several (each laid out at
/// the origin in the layout's range), or a plain spec, which takes its range's minimum, when the block is empty.
@usableFromInline func singleElement(of elements: [LayoutElement]) -> LayoutElement {
    switch elements.count {
    case 0: return LayoutSpec()
    case 1: return elements[0]
    default: return WrapperLayoutSpec(layoutElements: elements)
    }
}
