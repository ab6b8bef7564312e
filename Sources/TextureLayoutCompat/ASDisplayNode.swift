/// Texture's `ASDisplayNode`: a display node subclassed the way Texture users subclass it.
///
/// A subclass either composes subnodes by overriding
/// `override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec` (non-optional, as in
/// Texture's Swift interface), or has an intrinsic size by overriding
/// `override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize`. Lay it out with
/// `node.layoutThatFits(ASSizeRangeMake(min, max))`, which returns Texture's flattened ``ASLayout``.
///
/// There are no views or layers: a node's subnodes, its calculated layout and its frame are plain data. Texture
/// applies a calculated layout when UIKit lays out the node's view; here ``layoutIfNeeded()`` (or
/// ``applyLayout(_:)``) does it, setting every subnode's ``frame`` and calling the ``didLoad()`` and ``layout()``
/// hooks in Texture's order.
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

    /// Texture's `insertSubnode:atIndex:`: puts `subnode` at `index` of the subnodes, first removing it from any
    /// supernode. Layout transitions insert the nodes a new layout brings this way. As in Texture
    /// (`_insertSubnode:atSubnodeIndex:…`), an index past the end, or one that would be past the end once a node
    /// already here is taken out, inserts nothing (Texture asserts).
    public final func insertSubnode(_ subnode: ASDisplayNode, at index: Int) {
        let count = subnodes.count
        guard subnode !== self, index >= 0, index <= count, !(subnode.supernode === self && index >= count) else {
            return
        }
        subnode.removeFromSupernode()
        subnodes.insert(subnode, at: index)
        subnode.supernode = self
    }

    /// Removes the node from its supernode's subnodes.
    public final func removeFromSupernode() {
        guard let supernode else { return }
        supernode.subnodes.removeAll { $0 === self }
        self.supernode = nil
    }

    /// Texture's `semanticContentAttribute`: whether the node's subnodes are mirrored in a right-to-left user
    /// interface (`.unspecified`), always (`.forceRightToLeft`) or never (`.forceLeftToRight`, `.playback`,
    /// `.spatial`). Sets the engine's `DisplayNode.contentDirection`.
    public final var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet { contentDirection = ContentDirection(semanticContentAttribute) }
    }

    #if canImport(Foundation) && !TEXTURE_COMPAT_NO_FOUNDATION
    // MARK: Display properties (Texture's view and layer bridge; drawn by TextureLayoutDrawing, never measured)

    /// Texture's `backgroundColor`: fills the node's (rounded) box behind its contents; `nil`, the default, is
    /// transparent.
    open var backgroundColor: UIColor?

    /// Texture's `alpha`, 0 to 1 (default 1): the opacity the node and its subnodes are composited with, as one
    /// group (Core Animation's group opacity).
    open var alpha: CGFloat = 1

    /// Texture's `hidden` (`isHidden`): neither the node nor its subnodes are drawn. It still takes its place in
    /// layout, as a hidden view does.
    open var isHidden = false

    /// Texture's `clipsToBounds`: contents and subnodes are cut at the node's (rounded) box, and no shadow is
    /// drawn, as a layer that masks to bounds draws none.
    open var clipsToBounds = false

    /// Texture's `cornerRadius` (default 0): rounds the corners in ``maskedCorners`` by at most half the box's
    /// smaller side, for the background, the border, the clip and the shadow.
    open var cornerRadius: CGFloat = 0

    /// Texture's `cornerRoundingType`: every type draws the same rounded box here.
    open var cornerRoundingType = ASCornerRoundingType.defaultSlowCALayer

    /// Texture's `maskedCorners`: the corners ``cornerRadius`` rounds (default: all four).
    open var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]

    /// Texture's `borderWidth` (default 0): a band inside the box's edge, drawn over the contents and subnodes.
    open var borderWidth: CGFloat = 0

    /// Texture's `borderColor` (default opaque black).
    open var borderColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// Texture's `shadowColor` (default opaque black).
    open var shadowColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// Texture's `shadowOpacity`, 0 to 1 (default 0: no shadow).
    open var shadowOpacity: CGFloat = 0

    /// Texture's `shadowOffset` (default 0, −3: three points up).
    open var shadowOffset = CGSize(width: 0, height: -3)

    /// Texture's `shadowRadius` (default 3): the blur's standard deviation in points, as Core Animation draws it.
    open var shadowRadius: CGFloat = 3

    /// Texture's `contentMode`: where the node's contents go in its bounds (default `.scaleToFill`;
    /// ``ASImageNode`` sets `.scaleAspectFill`, as Texture's does).
    open var contentMode = UIViewContentMode.scaleToFill

    /// The blocks of the drawing hooks TextureLayoutDrawing declares on the node
    /// (`willDisplayNodeContentWithRenderingContext`, `didDisplayNodeContentWithRenderingContext`), kept here
    /// without their type: they take that module's recording context, which this module does not have, so that a
    /// client that only lays out links nothing that draws.
    package final var contentDrawingHooks: (will: Any?, did: Any?) = (nil, nil)

    #if !canImport(QuartzCore)
    /// Texture's `layer`: the node's layer properties (``CALayer``), the same values as the node's display
    /// properties, for code that sets them on the layer (`node.layer.cornerRadius = 5`).
    public final private(set) lazy var layer = CALayer(node: self)
    #endif
    #endif

    // MARK: Measuring

    /// Texture's `layoutSpecThatFits:`: the spec that lays out the node's subnodes. Override it (in the class body:
    /// see the "Coming from Texture" article) to compose children; it is called at every measurement the cache
    /// does not answer. The default returns `layoutSpecBlock`'s spec; without one the node is measured by
    /// ``calculateSizeThatFits(_:)-(CGSize)`` instead, as Texture measures a node that neither overrides this
    /// method nor has a block (ASDisplayNode+LayoutSpec, `calculateLayoutLayoutSpec:`). Calling `super` from an
    /// override is not supported, as in Texture (its default asserts and returns an empty spec).
    open override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        if let layoutSpecBlock { return layoutSpecBlock(self, constrainedSize) }
        if let noLayoutSpec { return noLayoutSpec }
        let marker = ASLayoutSpec()
        noLayoutSpec = marker
        return marker
    }

    /// The spec the default ``layoutSpecThatFits(_:)`` returns to say "measure me by my intrinsic size": made once
    /// per node that needs it, so that measuring allocates nothing, and never measured itself.
    private final var noLayoutSpec: ASLayoutSpec?

    /// Measures the node by its layout spec, or by its intrinsic size when ``layoutSpecThatFits(_:)`` answered
    /// with the default's marker.
    public final override func calculateSize(_ constrainedSize: SizeRange, context: LayoutContext) -> Size {
        let spec = layoutSpecThatFits(constrainedSize)
        return calculateSize(constrainedSize, spec: spec === noLayoutSpec ? nil : spec, context: context)
    }

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

    /// Texture's `calculatedSize`: the size of the node's latest calculated layout, `.zero` before any.
    public final var calculatedSize: CGSize { calculatedLayoutSize ?? .zero }

    /// Texture's `constrainedSizeForCalculatedLayout`: the range of the latest layout computed with the node as
    /// its root (`layoutThatFits(_:)` or a layout pass), or a zero range before any. A layout pass measures
    /// with it again while the node's bounds keep the calculated size.
    public private(set) final var constrainedSizeForCalculatedLayout = ASSizeRange.zero

    /// Texture's `invalidateCalculatedLayout`: forgets the calculated layout and the cached measurements of the
    /// node and its ancestors, so that the next pass measures it again.
    public final func invalidateCalculatedLayout() {
        calculatedLayoutSize = nil
        calculatedSublayouts = []
        setNeedsLayout()
    }

    /// Set while a layout transition measures the node: its subnodes then change when the transition is applied
    /// (insertions before ``animateLayoutTransition(_:)``, removals at ``didCompleteLayoutTransition(_:)``), not
    /// when the layout is calculated.
    final var isMeasuringTransition = false

    /// Records the range of a layout computed with this node as the root.
    final func didCalculateRootLayout(in constrainedSize: ASSizeRange) {
        constrainedSizeForCalculatedLayout = constrainedSize
    }

    /// Records the node's flattened layout after a pass and, with automatic subnode management, updates the
    /// subnodes to match it.
    final func didCalculateLayout(size: CGSize, sublayouts: [ASLayout]) {
        calculatedLayoutSize = size
        calculatedSublayouts = sublayouts
        guard automaticallyManagesSubnodes && !isMeasuringTransition else { return }
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

    // MARK: Geometry

    /// Texture's `bounds`: the node's own coordinate space; a layout pass lays the node out for its size.
    public final var bounds = CGRect.zero

    /// Texture's `position`: where the node's ``anchorPoint`` lies in its supernode (its centre by default).
    public final var position = CGPoint.zero

    /// Texture's `anchorPoint`, in units of the bounds' size: (0.5, 0.5), the centre, by default.
    public final var anchorPoint = CGPoint(x: 0.5, y: 0.5)

    /// Texture's `frame`, derived from ``bounds``, ``position`` and ``anchorPoint`` as a layer's frame is (no
    /// transform here). Setting it sets the bounds' size and the position; a layout pass sets each subnode's frame
    /// to the subnode's frame in the node's calculated layout.
    public final var frame: CGRect {
        get {
            CGRect(
                x: position.x - bounds.width * anchorPoint.x, y: position.y - bounds.height * anchorPoint.y,
                width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = CGPoint(
                x: newValue.minX + newValue.width * anchorPoint.x,
                y: newValue.minY + newValue.height * anchorPoint.y)
        }
    }

    // MARK: Applying a layout (Texture's view layout pass)

    /// Whether ``didLoad()`` has run. Texture loads a node when its view is created; without views a node loads
    /// at its first layout pass.
    public private(set) final var isNodeLoaded = false

    private final var didLoadBlocks: [(ASDisplayNode) -> Void] = []

    /// Texture's `didLoad`: called once, before the node's first layout pass (where Texture creates the view).
    /// Overrides call `super`.
    open func didLoad() {}

    /// Texture's `onDidLoad:`: runs `body` after ``didLoad()``, or at once if the node is already loaded.
    public final func onDidLoad(_ body: @escaping (ASDisplayNode) -> Void) {
        if isNodeLoaded { body(self) } else { didLoadBlocks.append(body) }
    }

    /// Texture's `layout` hook: called by a layout pass after the calculated layout is applied (every subnode in
    /// the layout has its frame), before the subnodes' own passes. Code that places views by hand does it here.
    /// Overrides call `super`.
    open func layout() {}

    /// Texture's `layoutIfNeeded`: runs the layout pass of the node and of every node below it, as UIKit's layout
    /// of the node's view does. A node with zero bounds is skipped, as in Texture (`__layout`). The node measures
    /// with ``constrainedSizeForCalculatedLayout`` while its bounds have the calculated size, else with its bounds'
    /// size as an exact range (`_locked_constrainedSizeForLayoutPass`); then each subnode in the calculated layout
    /// gets its frame (`_layoutSublayouts`), ``layout()`` is called, and each subnode runs its own pass, reusing the
    /// layout its supernode's pass calculated when its bounds have that size. A node whose layout does not fit its
    /// bounds keeps its bounds: there is no supernode to ask for a new size, as Texture does.
    public final func layoutIfNeeded() {
        runLayoutPass(measure: true)
    }

    /// Applies `layout`, a layout this node calculated (from `layoutThatFits(_:)`): the node's bounds take the
    /// layout's size (its position stays) and the layout pass runs, reusing that layout, as Texture applies a
    /// cell node's layout when the collection sizes the cell.
    public final func applyLayout(_ layout: ASLayout) {
        let origin = frame.origin
        frame = CGRect(origin: origin, size: layout.size)
        runLayoutPass(measure: calculatedLayoutSize != layout.size)
    }

    /// The layout pass of the node and the nodes below it, parents before children as UIKit lays views out;
    /// `measure` is false when the node's calculated layout is the one to apply. A work list instead of recursion
    /// keeps deep node trees off the call stack.
    private final func runLayoutPass(measure: Bool) {
        var pending = [(node: self, measure: measure)]
        while let (node, measure) = pending.popLast() {
            guard node.bounds != .zero else { continue }
            node.loadIfNeeded()
            if measure {
                _ = node.layoutThatFits(node.constrainedSizeForLayoutPass, parentSize: node.boundsSizeForLayout)
            }
            node.layoutSublayouts()
            node.layout()
            for subnode in node.subnodes.reversed() {
                pending.append((subnode, subnode.calculatedLayoutSize != subnode.boundsSizeForLayout))
            }
        }
    }

    /// Texture's `_locked_constrainedSizeForLayoutPass`: the range of the calculated layout while the bounds have
    /// its size, else the bounds' size exactly (also for a node only ever measured inside another node's layout,
    /// whose range is not kept).
    final var constrainedSizeForLayoutPass: ASSizeRange {
        calculatedLayoutSize == boundsSizeForLayout && constrainedSizeForCalculatedLayout != .zero
            ? constrainedSizeForCalculatedLayout : ASSizeRangeMake(boundsSizeForLayout)
    }

    /// The bounds' size rounded up to whole points, as Texture compares it with a calculated size
    /// (`ASCeilSizeValues`).
    final var boundsSizeForLayout: CGSize {
        CGSize(width: bounds.width.rounded(.up), height: bounds.height.rounded(.up))
    }

    /// Texture's `_layoutSublayouts`: each subnode the calculated layout places gets its frame there; others keep
    /// theirs.
    final func layoutSublayouts() {
        for sublayout in calculatedSublayouts {
            guard let subnode = sublayout.layoutElement as? ASDisplayNode, subnode.supernode === self else { continue }
            subnode.frame = sublayout.frame
        }
    }

    private final func loadIfNeeded() {
        guard !isNodeLoaded else { return }
        isNodeLoaded = true
        didLoad()
        let blocks = didLoadBlocks
        didLoadBlocks = []
        for block in blocks { block(self) }
    }

    // MARK: Layout transitions

    /// The transition being applied, kept until it completes (Texture's `_pendingLayoutTransition`).
    final var pendingTransition: LayoutTransition?

    /// Texture's `animateLayoutTransition:`: override it to animate from the context's initial frames to its
    /// final frames, then call `context.completeTransition(true)`. Nothing animates here, so the default applies
    /// the new layout at once, as Texture's does for a transition that is not animated: every subnode in the new
    /// layout gets its final frame, and for an animated transition the node's own size becomes the new layout's
    /// (the end state of Texture's animation); then it completes the transition.
    open func animateLayoutTransition(_ context: ASContextTransitioning) {
        layoutSublayouts()
        if context.isAnimated(), let toLayout = context.layout(forKey: ASTransitionContextToLayoutKey) {
            frame = CGRect(origin: frame.origin, size: toLayout.size)
        }
        context.completeTransition(true)
    }

    /// Texture's `didCompleteLayoutTransition:`: called when the transition completes. The default removes the
    /// subnodes the new layout no longer has, when the node manages its subnodes automatically (Texture's
    /// `applySubnodeRemovals`); override it (calling `super`) to clean up after an animation.
    open func didCompleteLayoutTransition(_ context: ASContextTransitioning) {
        pendingTransition?.applySubnodeRemovals()
    }
}
