// Texture's cell node. A collection or table lays a cell out in the range it offers (for a vertical list: the
// list's width exactly, any height); `cell.layoutThatFits(range)` followed by `cell.applyLayout(layout)` does the same.

/// Texture's `ASCellNode`: the node of one item of a collection or table. For layout it is a plain display node;
/// subclasses compose their content in `layoutSpecThatFits(_:)`, usually with ``automaticallyManagesSubnodes``.
open class ASCellNode: ASDisplayNode {
    /// Texture's `isSelected` (it plays no part in layout).
    open var isSelected = false
    /// Texture's `isHighlighted` (it plays no part in layout).
    open var isHighlighted = false

    /// A cell without content.
    public override init() {
        super.init()
    }
}
