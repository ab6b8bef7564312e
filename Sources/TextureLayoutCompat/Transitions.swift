// Texture's layout transition API (ASDisplayNode+Layout's `transitionLayout…`, ASContextTransitioning and the
// private ASLayoutTransition): a node measures a new layout, learns which subnodes it brings and drops, and applies
// it. Nothing animates without views, so the default `animateLayoutTransition(_:)` applies the new layout at once.

/// Texture's `ASTransitionContextFromLayoutKey`: names the layout before the transition.
public let ASTransitionContextFromLayoutKey = "org.asyncdisplaykit.ASTransitionContextFromLayoutKey"

/// Texture's `ASTransitionContextToLayoutKey`: names the layout the transition goes to.
public let ASTransitionContextToLayoutKey = "org.asyncdisplaykit.ASTransitionContextToLayoutKey"

/// Texture's `ASContextTransitioning`: what ``ASDisplayNode/animateLayoutTransition(_:)`` knows about a transition.
/// The members are methods, as Texture's Objective-C declares them, so Texture code's calls compile unchanged.
public protocol ASContextTransitioning: AnyObject {
    /// Whether the transition was requested with animation.
    func isAnimated() -> Bool
    /// The node's flattened layout before (``ASTransitionContextFromLayoutKey``; `nil` when the node had none) or
    /// after (``ASTransitionContextToLayoutKey``) the transition; `nil` for another key.
    func layout(forKey key: String) -> ASLayout?
    /// The range the layout for `key` was measured in; a zero range for another key.
    func constrainedSize(forKey key: String) -> ASSizeRange
    /// The display nodes the layout for `key` places, in its order.
    func subnodes(forKey key: String) -> [ASDisplayNode]
    /// The nodes the new layout places and the old one did not, in the new layout's order.
    func insertedSubnodes() -> [ASDisplayNode]
    /// The nodes the old layout placed and the new one does not, in the old layout's order.
    func removedSubnodes() -> [ASDisplayNode]
    /// The node's frame in the old layout; `CGRect.null` when the old layout did not place it.
    func initialFrame(for node: ASDisplayNode) -> CGRect
    /// The node's frame in the new layout; `CGRect.null` when the new layout does not place it.
    func finalFrame(for node: ASDisplayNode) -> CGRect
    /// Ends the transition: calls the node's ``ASDisplayNode/didCompleteLayoutTransition(_:)``. Texture's code
    /// does the same whatever `didComplete` says (the new layout stays the calculated one).
    func completeTransition(_ didComplete: Bool)
}

extension ASDisplayNode {
    /// Texture's `transitionLayoutWithAnimation:shouldMeasureAsync:measurementCompletion:`: transitions to a new
    /// layout in the range of the node's current one (the range a layout pass would use).
    public final func transitionLayout(
        withAnimation animated: Bool, shouldMeasureAsync: Bool,
        measurementCompletion completion: (() -> Void)? = nil
    ) {
        transitionLayout(
            with: constrainedSizeForLayoutPass, animated: animated,
            shouldMeasureAsync: shouldMeasureAsync, measurementCompletion: completion)
    }

    /// Texture's `transitionLayoutWithSizeRange:animated:shouldMeasureAsync:measurementCompletion:`, in Texture's
    /// order: a range with a max side of 0 or less does nothing; otherwise the calculated layout is invalidated
    /// and a new one measured (always on the calling thread here: `shouldMeasureAsync` changes nothing), the
    /// nodes below complete their own layout changes at once, `completion` runs, the subnodes the new layout
    /// brings are inserted at their places (moved ones too), and ``animateLayoutTransition(_:)`` is called with the
    /// transition's context. Removals wait for ``didCompleteLayoutTransition(_:)``.
    public final func transitionLayout(
        with constrainedSize: ASSizeRange, animated: Bool, shouldMeasureAsync: Bool,
        measurementCompletion completion: (() -> Void)? = nil
    ) {
        guard constrainedSize.max.width > 0, constrainedSize.max.height > 0 else { return }
        let previous = calculatedLayout.map { (layout: $0, range: constrainedSizeForCalculatedLayout) }
        invalidateCalculatedLayout()
        isMeasuringTransition = true
        let pending: ASLayout = layoutThatFits(constrainedSize, parentSize: CGSize(constrainedSize.max))
        isMeasuringTransition = false
        let transition = LayoutTransition(
            node: self, animated: animated, previous: previous,
            pending: (pending, constrainedSize))
        pendingTransition = transition
        completion?()
        transition.applySubnodeInsertionsAndMoves()
        animateLayoutTransition(transition)
    }
}

/// One transition of one node: its two layouts and the subnode changes between them (Texture's private
/// ASLayoutTransition and _ASTransitionContext in one).
final class LayoutTransition: ASContextTransitioning {
    private weak var node: ASDisplayNode?
    private let animated: Bool
    private let previous: (layout: ASLayout, range: ASSizeRange)?
    private let pending: (layout: ASLayout, range: ASSizeRange)
    private let changes: SubnodeChanges

    init(
        node: ASDisplayNode, animated: Bool, previous: (layout: ASLayout, range: ASSizeRange)?,
        pending: (layout: ASLayout, range: ASSizeRange)
    ) {
        self.node = node
        self.animated = animated
        self.previous = previous
        self.pending = pending
        changes = SubnodeChanges(
            from: previous.map { Self.nodes(in: $0.layout) },
            to: Self.nodes(in: pending.layout))
    }

    private static func nodes(in layout: ASLayout) -> [ASDisplayNode] {
        layout.sublayouts.compactMap { $0.layoutElement as? ASDisplayNode }
    }

    func isAnimated() -> Bool { animated }

    func layout(forKey key: String) -> ASLayout? {
        switch key {
        case ASTransitionContextFromLayoutKey: previous?.layout
        case ASTransitionContextToLayoutKey: pending.layout
        default: nil
        }
    }

    func constrainedSize(forKey key: String) -> ASSizeRange {
        switch key {
        case ASTransitionContextFromLayoutKey: previous?.range ?? .zero
        case ASTransitionContextToLayoutKey: pending.range
        default: .zero
        }
    }

    func subnodes(forKey key: String) -> [ASDisplayNode] {
        layout(forKey: key).map(Self.nodes(in:)) ?? []
    }

    func insertedSubnodes() -> [ASDisplayNode] { changes.inserted.map(\.node) }

    func removedSubnodes() -> [ASDisplayNode] { changes.removed }

    func initialFrame(for node: ASDisplayNode) -> CGRect {
        previous?.layout.frame(for: node) ?? .null
    }

    func finalFrame(for node: ASDisplayNode) -> CGRect {
        pending.layout.frame(for: node)
    }

    func completeTransition(_ didComplete: Bool) {
        guard let node else { return }
        node.didCompleteLayoutTransition(self)
        if node.pendingTransition === self { node.pendingTransition = nil }
    }

    /// Texture's `applySubnodeInsertionsAndMoves`: moved nodes leave the node first, then inserted and moved nodes
    /// go in at their indices in the new layout, in increasing index order. Done whether or not the node manages
    /// its subnodes automatically, as in Texture.
    func applySubnodeInsertionsAndMoves() {
        guard let node else { return }
        for move in changes.moves where move.node.supernode === node {
            move.node.removeFromSupernode()
        }
        var insertions = changes.inserted[...]
        var moves = changes.moves[...]
        while !insertions.isEmpty || !moves.isEmpty {
            // Both lists are in increasing index order; on equal indices the move goes first, as in Texture.
            if let insertion = insertions.first, moves.first.map({ insertion.index < $0.index }) ?? true {
                insertions.removeFirst()
                node.insertSubnode(insertion.node, at: insertion.index)
            } else {
                let move = moves.removeFirst()
                node.insertSubnode(move.node, at: move.index)
            }
        }
    }

    /// Texture's `applySubnodeRemovals`: with automatic subnode management, each removed node leaves the node (if
    /// it is still its subnode: another transition may have taken it).
    func applySubnodeRemovals() {
        guard let node, node.automaticallyManagesSubnodes else { return }
        for removed in changes.removed where removed.supernode === node {
            removed.removeFromSupernode()
        }
    }
}

/// The subnode changes between two flattened layouts, found as Texture's NSArray+Diffing finds them (its build
/// without IGListKit): a longest common subsequence of the two node lists, then a walk over the new list that
/// turns a delete and an insert of the same node into a move.
struct SubnodeChanges {
    /// Nodes new to the layout, with their indices in the new layout, in increasing index order.
    var inserted: [(node: ASDisplayNode, index: Int)] = []
    /// Nodes the old layout had and the new one does not, in the old layout's order.
    var removed: [ASDisplayNode] = []
    /// Nodes in both layouts at different indices, with their indices in the new layout, in increasing order.
    var moves: [(node: ASDisplayNode, index: Int)] = []

    init(from old: [ASDisplayNode]?, to new: [ASDisplayNode]) {
        guard let old else {
            // No old layout: everything is inserted.
            inserted = new.enumerated().map { ($0.element, $0.offset) }
            return
        }
        var common = Self.commonIndices(old, new)
        var deleted = Set(old.indices).subtracting(common)
        var oldIndex: [ObjectIdentifier: Int] = [:]
        for (index, node) in old.enumerated() where oldIndex[ObjectIdentifier(node)] == nil {
            oldIndex[ObjectIdentifier(node)] = index
        }
        var commonNodes = common.sorted().map { old[$0] }
        var commonPosition = 0
        for (index, node) in new.enumerated() {
            var movedFrom: Int?
            if let from = oldIndex[ObjectIdentifier(node)], from != index {
                movedFrom = from
                oldIndex[ObjectIdentifier(node)] = nil
                moves.append((node, index))
            }
            if commonPosition < commonNodes.count && commonNodes[commonPosition] === node {
                commonPosition += 1
            } else if let from = movedFrom {
                deleted.remove(from)
                if common.remove(from) != nil { commonNodes = common.sorted().map { old[$0] } }
            } else {
                inserted.append((node, index))
            }
        }
        removed = deleted.sorted().map { old[$0] }
    }

    /// The indices in `old` of a longest common subsequence of `old` and `new` (by identity), chosen by Texture's
    /// backtrack: from the end, a match is taken; otherwise the step that keeps the longer prefix, preferring to
    /// drop the last new element on a tie.
    private static func commonIndices(_ old: [ASDisplayNode], _ new: [ASDisplayNode]) -> Set<Int> {
        let width = new.count + 1
        var lengths = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in old.indices {
            for j in new.indices {
                lengths[(i + 1) * width + j + 1] =
                    old[i] === new[j]
                    ? lengths[i * width + j] + 1
                    : max(lengths[i * width + j + 1], lengths[(i + 1) * width + j])
            }
        }
        var common = Set<Int>()
        var i = old.count, j = new.count
        while i > 0 && j > 0 {
            if old[i - 1] === new[j - 1] {
                common.insert(i - 1)
                i -= 1
                j -= 1
            } else if lengths[(i - 1) * width + j] > lengths[i * width + j - 1] {
                i -= 1
            } else {
                j -= 1
            }
        }
        return common
    }
}
