/// A layout spec: an element that arranges other elements (Texture's `ASLayoutSpec`).
///
/// Used as it is, it is a spacer: it takes its range's minimum and ignores any children, which is what a
/// `flexGrow` spacer in a stack relies on (<doc:Errata#plainSpecIgnoresChildren>). Subclass it for a custom spec: override
/// ``LayoutElement/calculateSize(_:context:)``, measure children with ``LayoutContext/measure(_:in:parentSize:)``
/// and place them with ``LayoutContext/place(_:at:)``.
open class LayoutSpec: LayoutElement {
    /// The elements this spec arranges, in order.
    public final var children: [LayoutElement] {
        get { ownedChildren }
        set {
            for child in ownedChildren { release(child) }
            ownedChildren = Self.ownStorage(newValue)
            for child in newValue { adopt(child) }
            setNeedsLayout()
        }
    }

    /// The storage of ``children``, which ``giveUpOwnedElements(into:)`` empties without the setter's work.
    @exclusivity(unchecked) private final var ownedChildren: [LayoutElement]

    /// A spec over `children`; a plain spec ignores them (it is a spacer).
    public init(children: [LayoutElement] = []) {
        ownedChildren = Self.ownStorage(children)
        super.init()
        for child in children { adopt(child) }
        measuresFromRangeAndStyle(asExactly: LayoutSpec.self)
        takesRangeMinimum(asExactly: LayoutSpec.self)
    }

    /// `children` in storage of their own. The layout pass borrows the storage past the call that lends its
    /// address (``BorrowedChildren``); an array bridged from Objective-C may have none, only a buffer made for
    /// the call, so such an array is copied.
    @inline(__always) private static func ownStorage(_ children: [LayoutElement]) -> [LayoutElement] {
        #if _runtime(_ObjC)
        return Array(ContiguousArray(children))
        #else
        return children
        #endif
    }

    deinit { freeOwned(&ownedChildren) }

    open override func giveUpOwnedElements(into pending: inout [LayoutElement]) {
        handOver(&ownedChildren, into: &pending)
        super.giveUpOwnedElements(into: &pending)
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

    /// The element after the child in specs that hold two (overlay, background, corner); setting it keeps the
    /// child.
    final var secondChild: LayoutElement? {
        get { children.count > 1 ? children[1] : nil }
        set { children = Array(children.prefix(1)) + (newValue.map { [$0] } ?? []) }
    }

    /// The overlay and background specs' measurement: the child in the spec's range, then `decoration` at exactly
    /// the child's size (its percentages resolve against `decorationParentSize`, or the child's size when nil),
    /// both at the origin. The spec takes the child's size.
    final func measureDecorated(
        _ constrainedSize: SizeRange, parentSize: Size, decorationParentSize: Size?,
        context: LayoutContext
    ) -> Size {
        guard let child else { return .zero }
        let size = context.measure(child, in: constrainedSize, parentSize: parentSize)
        context.place(child, at: .zero)
        if let decoration = secondChild {
            _ = context.measure(decoration, in: SizeRange(exactly: size), parentSize: decorationParentSize ?? size)
            context.place(decoration, at: .zero)
        }
        return size
    }
}
