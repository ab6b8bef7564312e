// Texture's button node: an image and a title in a stack, inset, over a background image. Its layout is the spec
// Texture's button builds (ASButtonNode.mm, `layoutSpecThatFits:`).

#if canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
import Foundation

/// Texture's `ASButtonNodeImageAlignment`: whether the image comes before or after the title.
public enum ASButtonNodeImageAlignment: UInt8, Hashable, Sendable {
    /// The image before the title.
    case beginning
    /// The image after the title.
    case end
}

/// UIKit's `UIControl`, here only the namespace of ``State``.
public enum UIControl {
    /// UIKit's `UIControl.State`: the states a button keeps a title and images for.
    public struct State: OptionSet, Hashable, Sendable {
        /// The underlying value.
        public let rawValue: UInt
        /// The value with this raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The plain state.
        public static let normal = State([])
        /// While touched.
        public static let highlighted = State(rawValue: 1 << 0)
        /// When ``ASButtonNode/isEnabled`` is false.
        public static let disabled = State(rawValue: 1 << 1)
        /// When ``ASButtonNode/isSelected`` is true.
        public static let selected = State(rawValue: 1 << 2)
    }
}

/// Texture's `ASButtonNode`.
///
/// Its spec: a stack of ``imageNode`` (when it has an image) and ``titleNode`` (when it has text; before the image
/// when ``imageAlignment`` is `.end`), horizontal when
/// ``laysOutHorizontally`` (the default), spaced by ``contentSpacing`` (8 by default), aligned by
/// ``contentHorizontalAlignment`` (middle) and ``contentVerticalAlignment`` (center) through the stack's
/// `horizontalAlignment`/`verticalAlignment`; inset by ``contentEdgeInsets`` when they are not zero; over
/// ``backgroundImageNode`` (in a background spec) when that has an image. Subnodes are managed automatically.
open class ASButtonNode: ASDisplayNode {
    /// Shows the title for the current state; it may shrink (`style.flexShrink` 1), as Texture's does.
    public let titleNode = ASTextNode()
    /// Shows the image for the current state.
    public let imageNode = ASImageNode()
    /// Shows the background image for the current state, stretched to the button.
    public let backgroundImageNode = ASImageNode()

    /// Space between the image and the title.
    open var contentSpacing: CGFloat = 8 {
        didSet { if contentSpacing != oldValue { setNeedsLayout() } }
    }
    /// Image and title side by side (true) or stacked (false).
    open var laysOutHorizontally = true {
        didSet { if laysOutHorizontally != oldValue { setNeedsLayout() } }
    }
    /// Where the content sits across the button's width.
    open var contentHorizontalAlignment = ASHorizontalAlignment.middle {
        didSet { setNeedsLayout() }
    }
    /// Where the content sits across the button's height.
    open var contentVerticalAlignment = ASVerticalAlignment.center {
        didSet { setNeedsLayout() }
    }
    /// Space between the button's edges and its content.
    open var contentEdgeInsets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) {
        didSet { setNeedsLayout() }
    }
    /// Whether the image comes before or after the title.
    open var imageAlignment = ASButtonNodeImageAlignment.beginning {
        didSet { setNeedsLayout() }
    }

    /// UIControl's `isEnabled`: a disabled button shows its disabled image if it has one.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { updateContent() } }
    }
    /// UIControl's `isSelected`.
    open var isSelected = false {
        didSet { if isSelected != oldValue { updateContent() } }
    }
    /// UIControl's `isHighlighted`.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { updateContent() } }
    }

    private var titles: [UIControl.State: NSAttributedString] = [:]
    private var images: [UIControl.State: UIImage] = [:]
    private var backgroundImages: [UIControl.State: UIImage] = [:]

    /// A button without title or images; it manages its subnodes automatically, as Texture's does.
    public override init() {
        super.init()
        automaticallyManagesSubnodes = true
        titleNode.style.flexShrink = 1
    }

    /// Texture's `attributedTitleForState:`.
    open func attributedTitle(for state: UIControl.State) -> NSAttributedString? { titles[state] }

    /// Texture's `setAttributedTitle:forState:`.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: UIControl.State) {
        titles[state] = title
        updateContent()
    }

    /// Texture's `setTitle:withFont:withColor:forState:`: the title in `font` (the system font at
    /// ``UIFont/buttonFontSize``, 18 points, when `nil`) and `color` (left out when `nil`).
    open func setTitle(_ title: String, with font: UIFont?, with color: UIColor?, for state: UIControl.State) {
        var attributes: [NSAttributedString.Key: Any] = [
            .font: font ?? UIFont.systemFont(ofSize: UIFont.buttonFontSize)
        ]
        if let color { attributes[.foregroundColor] = color }
        setAttributedTitle(NSAttributedString(string: title, attributes: attributes), for: state)
    }

    /// Texture's `imageForState:`.
    open func image(for state: UIControl.State) -> UIImage? { images[state] }

    /// Texture's `setImage:forState:` (for `.normal`, `.highlighted`, `.selected`, `[.selected, .highlighted]`
    /// and `.disabled`).
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state] = image
        updateContent()
    }

    /// Texture's `backgroundImageForState:`.
    open func backgroundImage(for state: UIControl.State) -> UIImage? { backgroundImages[state] }

    /// Texture's `setBackgroundImage:forState:`.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        backgroundImages[state] = image
        updateContent()
    }

    /// The value for the current state, in Texture's order of preference (`updateImage`): disabled, selected and
    /// highlighted, highlighted, selected, then normal.
    private func current<Value>(_ values: [UIControl.State: Value]) -> Value? {
        if !isEnabled, let value = values[.disabled] { return value }
        if isHighlighted && isSelected, let value = values[[.selected, .highlighted]] { return value }
        if isHighlighted, let value = values[.highlighted] { return value }
        if isSelected, let value = values[.selected] { return value }
        return values[.normal]
    }

    private func updateContent() {
        let title = current(titles)
        if title != titleNode.attributedText { titleNode.attributedText = title }
        imageNode.image = current(images)
        backgroundImageNode.image = current(backgroundImages)
        setNeedsLayout()
    }

    /// Texture's spec, described on the type.
    open override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let stack = ASStackLayoutSpec()
        stack.direction = laysOutHorizontally ? .horizontal : .vertical
        stack.spacing = contentSpacing
        stack.horizontalAlignment = contentHorizontalAlignment
        stack.verticalAlignment = contentVerticalAlignment
        var children: [ASLayoutElement] = imageNode.image != nil ? [imageNode] : []
        if let title = titleNode.attributedText, title.length > 0 {
            if imageAlignment == .beginning { children.append(titleNode) } else { children.insert(titleNode, at: 0) }
        }
        stack.children = children
        var spec: ASLayoutSpec = stack
        if contentEdgeInsets != UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0) {
            spec = ASInsetLayoutSpec(insets: contentEdgeInsets, child: spec)
        }
        if backgroundImageNode.image != nil {
            spec = ASBackgroundLayoutSpec(child: spec, background: backgroundImageNode)
        }
        return spec
    }
}
#endif
