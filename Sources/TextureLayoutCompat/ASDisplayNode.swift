/// Texture's `ASDisplayNode`: a display node subclassed the way Texture users subclass it.
///
/// A subclass either composes subnodes by overriding
/// `override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec` (the engine's method, which
/// a subclass may override with a non-optional result), or has an intrinsic size by overriding
/// `override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize`. Lay it out with
/// `node.layoutThatFits(ASSizeRangeMake(min, max))`, which returns Texture's flattened ``ASLayout``.
///
/// There are no views or layers: a node's subnodes and its calculated layout are plain data.
open class ASDisplayNode: DisplayNode {
    /// A node without subnodes; subclasses add theirs (or set ``automaticallyManagesSubnodes``) in their own init.
    public override init() {
        super.init()
    }

    // MARK: Subnodes

    /// Texture's automatic subnode management: when set, each layout pass makes the node's subnodes exactly the
    /// display nodes of its flattened layout, in its order (nodes that left the layout are removed). Texture does
    /// this when the layout is applied to views; here there is no separate apply step.
    public final var automaticallyManagesSubnodes = false

    /// The node's subnodes in drawing order (later on top).
    public private(set) final var subnodes: [ASDisplayNode] = []

    /// The node whose subnode this is.
    public private(set) final weak var supernode: ASDisplayNode?

    /// Adds `subnode` on top of the existing subnodes, first removing it from any supernode (adding a node that is
    /// already a subnode moves it to the top). Adding a node to itself does nothing.
    public final func addSubnode(_ subnode: ASDisplayNode) {
        guard subnode !== self else { return }
        subnode.removeFromSupernode()
        subnodes.append(subnode)
        subnode.supernode = self
    }

    /// Removes the node from its supernode's subnodes.
    public final func removeFromSupernode() {
        guard let supernode else { return }
        supernode.subnodes.removeAll { $0 === self }
        self.supernode = nil
    }

    // MARK: Measuring

    #if canImport(CoreGraphics) || (canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION)
    /// Texture's `calculateSizeThatFits:`: the node's intrinsic size given the largest size it may take (only the
    /// constrained size's max is passed). Override it in a node without a layout spec. The default, like a plain
    /// `ASDisplayNode`, takes all of `constrainedSize` when both dimensions are finite and below 10⁷ points, and
    /// nothing otherwise. The node's size is the result clamped to its constrained size.
    open func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(super.calculateSizeThatFits(Size(constrainedSize)))
    }

    /// Forwards the engine's measurement to ``calculateSizeThatFits(_:)-(CGSize)``; override that one.
    public final override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Size(calculateSizeThatFits(CGSize(constrainedSize)))
    }
    #endif

    // MARK: The calculated layout

    private final var calculatedLayoutSize: CGSize?
    private final var calculatedSublayouts: [ASLayout] = []

    /// Texture's `calculatedLayout`: the node's flattened layout from the latest layout pass that reached it (as
    /// the root or inside another node's layout), or `nil` before any.
    public final var calculatedLayout: ASLayout? {
        guard let size = calculatedLayoutSize else { return nil }
        return ASLayout(layoutElement: self, size: size, position: CGPointNull, sublayouts: calculatedSublayouts)
    }

    /// Texture's `invalidateCalculatedLayout`: forgets the calculated layout and the cached measurements of the
    /// node and its ancestors, so that the next pass measures it again.
    public final func invalidateCalculatedLayout() {
        calculatedLayoutSize = nil
        calculatedSublayouts = []
        setNeedsLayout()
    }

    /// Records the node's flattened layout after a pass and, with automatic subnode management, updates the
    /// subnodes to match it.
    final func didCalculateLayout(size: CGSize, sublayouts: [ASLayout]) {
        calculatedLayoutSize = size
        calculatedSublayouts = sublayouts
        guard automaticallyManagesSubnodes else { return }
        let laidOut = sublayouts.compactMap { $0.layoutElement as? ASDisplayNode }
        // Sets of identities keep an update linear in the number of subnodes.
        let laidOutIdentities = Set(laidOut.map(ObjectIdentifier.init))
        for old in subnodes where !laidOutIdentities.contains(ObjectIdentifier(old)) {
            old.supernode = nil
        }
        subnodes = []
        var added = Set<ObjectIdentifier>()
        for node in laidOut where node !== self && added.insert(ObjectIdentifier(node)).inserted {
            if let other = node.supernode, other !== self { node.removeFromSupernode() }
            subnodes.append(node)
            node.supernode = self
        }
    }
}
