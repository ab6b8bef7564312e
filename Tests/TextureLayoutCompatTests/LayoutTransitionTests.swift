// Layout transitions in the pattern of Texture's documentation: a sign-up form that changes its fields and calls
// transitionLayout(withAnimation:shouldMeasureAsync:measurementCompletion:). Inserted and removed subnodes follow
// Texture's diff of the two flattened layouts (ASLayoutTransition.mm, NSArray+Diffing.mm); removals are applied
// only with automatic subnode management (applySubnodeRemovals), insertions always.

import Testing
import TextureLayoutCompat

/// A form 320 wide: inset 20 around a vertical stack, 10 apart, of 280×44 rows. Step one shows the email field and
/// a "next" button; step two the email field, a password field and a "sign up" button.
private final class SignUpNode: ASDisplayNode {
    enum Step { case email, password, reordered }

    let email = ASDisplayNode(), next = ASDisplayNode(), password = ASDisplayNode(), signUp = ASDisplayNode()
    var step = Step.email

    /// What animateLayoutTransition(_:) saw.
    var recorded:
        (
            inserted: [ASDisplayNode], removed: [ASDisplayNode], subnodes: [ASDisplayNode],
            animated: Bool, fromSize: CGSize?, toSize: CGSize?, toRange: ASSizeRange
        )?
    var events: [String] = []
    /// Called with the context in animateLayoutTransition(_:).
    var inspect: ((ASContextTransitioning) -> Void)?

    init(managesSubnodes: Bool) {
        super.init()
        automaticallyManagesSubnodes = managesSubnodes
        for row in [email, next, password, signUp] { row.style.preferredSize = CGSize(width: 280, height: 44) }
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let rows: [ASDisplayNode] =
            switch step {
            case .email: [email, next]
            case .password: [email, password, signUp]
            case .reordered: [next, email]
            }
        let stack = ASStackLayoutSpec(
            direction: .vertical, spacing: 10, justifyContent: .start,
            alignItems: .stretch, children: rows)
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 20, left: 20, bottom: 20, right: 20), child: stack)
    }

    override func animateLayoutTransition(_ context: ASContextTransitioning) {
        events.append("animate")
        recorded = (
            context.insertedSubnodes(), context.removedSubnodes(), subnodes, context.isAnimated(),
            context.layout(forKey: ASTransitionContextFromLayoutKey)?.size,
            context.layout(forKey: ASTransitionContextToLayoutKey)?.size,
            context.constrainedSize(forKey: ASTransitionContextToLayoutKey)
        )
        inspect?(context)
        super.animateLayoutTransition(context)
    }

    override func didCompleteLayoutTransition(_ context: ASContextTransitioning) {
        events.append("complete")
        super.didCompleteLayoutTransition(context)
    }
}

/// Width exactly 320, any height: how a vertical list offers its width.
private let listRange = range(320, 0, 320, .infinity)

@Suite("Layout transitions")
struct LayoutTransitionTests {
    /// A form laid out at its first step and applied, as a list would show it.
    private func shownForm(managesSubnodes: Bool = true) -> SignUpNode {
        let form = SignUpNode(managesSubnodes: managesSubnodes)
        if !managesSubnodes {
            form.addSubnode(form.email)
            form.addSubnode(form.next)
        }
        form.applyLayout(form.layoutThatFits(listRange))
        return form
    }

    @Test func firstStepLayout() {
        // Two rows: 44 + 10 + 44 = 98 high, plus 40 of insets: 320×138.
        let form = shownForm()
        #expect(form.frame == rect(0, 0, 320, 138))
        #expect(form.email.frame == rect(20, 20, 280, 44))
        #expect(form.next.frame == rect(20, 74, 280, 44))
        #expect(same(form.subnodes, [form.email, form.next]))
    }

    @Test func transitionInsertsAndRemovesSubnodes() {
        let form = shownForm()
        form.step = .password
        var measured = false
        form.transitionLayout(withAnimation: true, shouldMeasureAsync: false) {
            measured = true
            form.events.append("measured")
        }
        #expect(measured)
        #expect(form.events == ["measured", "animate", "complete"])

        guard let seen = form.recorded else { Issue.record("no transition"); return }
        #expect(seen.animated)
        // The email field stays; password and sign-up come in; next goes.
        #expect(same(seen.inserted, [form.password, form.signUp]))
        #expect(same(seen.removed, [form.next]))
        // While animating, the new nodes are in at their new indices and the removed one is still there.
        #expect(same(seen.subnodes, [form.email, form.password, form.signUp, form.next]))
        // Three rows: 3 × 44 + 2 × 10 = 152, plus 40: 320×192. The range is the calculated layout's (the
        // bounds have its size): 320 exactly by any height.
        #expect(seen.fromSize == CGSize(width: 320, height: 138))
        #expect(seen.toSize == CGSize(width: 320, height: 192))
        #expect(seen.toRange == listRange)

        // After completion: the removed node is gone, frames are the final ones, the node has the new size.
        #expect(same(form.subnodes, [form.email, form.password, form.signUp]))
        #expect(form.password.frame == rect(20, 74, 280, 44))
        #expect(form.signUp.frame == rect(20, 128, 280, 44))
        #expect(form.frame == rect(0, 0, 320, 192))
        #expect(form.calculatedSize == CGSize(width: 320, height: 192))
    }

    @Test func contextFramesGoingBack() {
        let form = shownForm()
        form.step = .password
        form.transitionLayout(withAnimation: false, shouldMeasureAsync: false, measurementCompletion: nil)
        form.step = .email
        var frames: [String: CGRect] = [:]
        form.inspect = { context in
            for (name, node) in [
                ("email", form.email), ("next", form.next), ("password", form.password),
                ("signUp", form.signUp),
            ] {
                frames["initial \(name)"] = context.initialFrame(for: node)
                frames["final \(name)"] = context.finalFrame(for: node)
            }
        }
        form.transitionLayout(withAnimation: false, shouldMeasureAsync: false, measurementCompletion: nil)
        // Going back: next returns at (20, 74); password and sign-up leave from (20, 74) and (20, 128).
        #expect(frames["initial email"] == rect(20, 20, 280, 44))
        #expect(frames["final email"] == rect(20, 20, 280, 44))
        #expect(frames["initial next"] == .null)
        #expect(frames["final next"] == rect(20, 74, 280, 44))
        #expect(frames["initial password"] == rect(20, 74, 280, 44))
        #expect(frames["final password"] == .null)
        #expect(frames["initial signUp"] == rect(20, 128, 280, 44))
        #expect(frames["final signUp"] == .null)
        #expect(same(form.recorded?.inserted ?? [], [form.next]))
        #expect(same(form.recorded?.removed ?? [], [form.password, form.signUp]))
        #expect(same(form.subnodes, [form.email, form.next]))
        #expect(form.calculatedSize == CGSize(width: 320, height: 138))
    }

    @Test func withoutAutomaticManagementRemovedNodesStay() {
        // Texture inserts the new layout's nodes whatever the setting, but removes only when the node manages its
        // subnodes automatically.
        let form = shownForm(managesSubnodes: false)
        form.step = .password
        form.transitionLayout(withAnimation: false, shouldMeasureAsync: false, measurementCompletion: nil)
        #expect(same(form.recorded?.removed ?? [], [form.next]))
        #expect(same(form.subnodes, [form.email, form.password, form.signUp, form.next]))
        // A node the new layout does not place keeps its old frame.
        #expect(form.next.frame == rect(20, 74, 280, 44))
    }

    @Test func reorderedNodesAreMovesNotInsertions() {
        // [email, next] → [next, email]: both nodes are in both layouts, so nothing is inserted or removed; both
        // move, and the subnodes follow the new order.
        let form = shownForm()
        form.step = .reordered
        form.transitionLayout(withAnimation: false, shouldMeasureAsync: false, measurementCompletion: nil)
        #expect(form.recorded?.inserted.isEmpty == true)
        #expect(form.recorded?.removed.isEmpty == true)
        #expect(same(form.subnodes, [form.next, form.email]))
        #expect(form.next.frame == rect(20, 20, 280, 44))
        #expect(form.email.frame == rect(20, 74, 280, 44))
        // Not animated: only the subnodes' frames change, as in Texture; the node's own size stays.
        #expect(form.frame == rect(0, 0, 320, 138))
    }

    @Test func layoutPassUpdatesTheImplicitHierarchy() {
        // Texture's testCalculatedLayoutHierarchyTransitions: three 100×100 nodes; state 1 places a and b in an
        // absolute spec, state 2 places a and a horizontal stack of c then b. After the state changes, a layout
        // pass makes the subnodes the new layout's nodes in its order: a, c, b (c at 0, b 100 to its right).
        let a = ASDisplayNode(), b = ASDisplayNode(), c = ASDisplayNode()
        for child in [a, b, c] { child.style.preferredSize = CGSize(width: 100, height: 100) }
        var state = 1
        let node = ASDisplayNode()
        node.automaticallyManagesSubnodes = true
        node.layoutSpecBlock = { _, _ in
            state == 1
                ? ASAbsoluteLayoutSpec(children: [a, b])
                : ASAbsoluteLayoutSpec(children: [
                    a,
                    ASStackLayoutSpec(
                        direction: .horizontal, spacing: 0,
                        justifyContent: .start, alignItems: .start,
                        children: [c, b]),
                ])
        }
        let sizeToFit = range(0, 0, .greatestFiniteMagnitude, .greatestFiniteMagnitude)
        node.frame = CGRect(origin: .zero, size: node.layoutThatFits(sizeToFit).size)
        node.layoutIfNeeded()
        #expect(same(node.subnodes, [a, b]))

        state = 2
        node.setNeedsLayout()
        node.layoutIfNeeded()
        #expect(same(node.subnodes, [a, c, b]))
        #expect(c.frame == rect(0, 0, 100, 100))
        #expect(b.frame == rect(100, 0, 100, 100))
    }

    @Test func zeroRangeDoesNothing() {
        // A node never laid out has zero bounds: the range's max is 0, and Texture returns at once.
        let form = SignUpNode(managesSubnodes: true)
        form.transitionLayout(withAnimation: true, shouldMeasureAsync: false, measurementCompletion: nil)
        #expect(form.events.isEmpty)
    }
}
