/// A layout spec: an element that arranges other elements (Texture's `ASLayoutSpec`).
///
/// Used as it is, it is a spacer: it takes its range's minimum and ignores any children, which is what a
/// `flexGrow` spacer in a stack relies on. Subclass it for a custom spec: override
/// ``LayoutElement/calculateSize(_:context:)``, measure children with ``LayoutContext/measure(_:in:parentSize:)``
/// and place them with ``LayoutContext/place(_:at:)``.
open class LayoutSpec: LayoutElement {
    /// The elements this spec arranges, in order.
    @exclusivity(unchecked) public final var children: [LayoutElement] {
        didSet {
            for child in oldValue { release(child) }
            for child in children { adopt(child) }
            setNeedsLayout()
        }
    }

    public init(children: [LayoutElement] = []) {
        self.children = children
        super.init()
        for child in children { adopt(child) }
    }

    deinit {
        for child in children { release(child) }
    }

    /// The first child (for single-child specs, the child). Setting it replaces the first child only, so an
    /// overlay or background stays; setting `nil` removes all children.
    public final var child: LayoutElement? {
        get { children.first }
        set {
            if let newValue {
                if children.isEmpty { children = [newValue] } else { children[0] = newValue }
            } else {
                children = []
            }
        }
    }

    open override var sublayoutElements: [LayoutElement] { children }
}
