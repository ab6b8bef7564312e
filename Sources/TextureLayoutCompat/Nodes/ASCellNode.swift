// Texture's cell nodes. A collection or table lays a cell out in the range it offers (for a vertical list: the
// list's width exactly, any height); `cell.layoutThatFits(range)` followed by `cell.applyLayout(layout)` does the same.

/// Texture's `ASCellNode`: the node of one item of a collection or table. For layout it is a plain display node;
/// subclasses compose their content in `layoutSpecThatFits(_:)`, usually with `automaticallyManagesSubnodes`.
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

#if canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation

/// Texture's `ASTextCellNode`: a cell showing one string in a text node inset by ``textInsets``.
open class ASTextCellNode: ASCellNode {
    /// Texture's default attributes: the system font at 18 points (`kASTextCellNodeDefaultFontSize`).
    public class var defaultTextAttributes: [NSAttributedString.Key: Any] { [.font: UIFont.systemFont(ofSize: 18)] }

    /// Texture's default insets: 11 points above and below, 15 at the sides (`kASTextCellNodeDefault…Padding`).
    public class var defaultTextInsets: UIEdgeInsets { UIEdgeInsets(top: 11, left: 15, bottom: 11, right: 15) }

    /// The node showing ``text``.
    public let textNode = ASTextNode()

    /// The attributes ``text`` is shown with.
    open var textAttributes: [NSAttributedString.Key: Any] {
        didSet { updateAttributedText() }
    }

    /// The space around the text.
    open var textInsets: UIEdgeInsets {
        didSet { if textInsets != oldValue { setNeedsLayout() } }
    }

    /// The string shown.
    open var text: String? {
        didSet { if text != oldValue { updateAttributedText() } }
    }

    /// A cell with Texture's default attributes and insets.
    public convenience override init() {
        self.init(attributes: Self.defaultTextAttributes, insets: Self.defaultTextInsets)
    }

    /// Texture's `initWithAttributes:insets:`.
    public init(attributes textAttributes: [NSAttributedString.Key: Any], insets textInsets: UIEdgeInsets) {
        self.textAttributes = textAttributes
        self.textInsets = textInsets
        super.init()
        automaticallyManagesSubnodes = true
    }

    /// Texture's spec: the text node inset by ``textInsets`` (ASCellNode.mm, ASTextCellNode `layoutSpecThatFits:`).
    open override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        ASInsetLayoutSpec(insets: textInsets, child: textNode)
    }

    private func updateAttributedText() {
        textNode.attributedText = text.map { NSAttributedString(string: $0, attributes: textAttributes) }
    }
}
#endif
