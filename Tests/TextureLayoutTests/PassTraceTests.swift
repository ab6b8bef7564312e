import Testing
@testable import TextureLayout

/// The trace a pass keeps for the next one over the same root (`PassTrace.swift`): what it records, when it is kept
/// and forgotten, and that a tree laid out with a trace left by another tree gets the same results as a fresh one.
@Suite struct PassTraceTests {
    /// A vertical stack of `count` fixed nodes, 10 points tall each.
    private func column(_ count: Int) -> (StackLayoutSpec, [FixedSizeNode]) {
        let children = (0..<count).map { fixed("n\($0)", 20, 10) }
        return (StackLayoutSpec(direction: .vertical, children: children), children)
    }

    private func address(_ element: LayoutElement) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(element).toOpaque())
    }

    /// The trace holds every element the pass requested, in request order: the stack, then its children in child
    /// order. A pass at another width records the same order over it.
    @Test func aPassRecordsItsRequestsInOrder() throws {
        let (stack, children) = column(300)
        stack.updateLayout(SizeRange(min: .zero, max: Size(375, .infinity)))
        let expected = [address(stack)] + children.map(address)
        #expect(try #require(RunningPass.trace(of: stack)).entries == expected)
        #expect(stack.state.keepsTrace)
        stack.updateLayout(SizeRange(min: .zero, max: Size(320, .infinity)))
        #expect(try #require(RunningPass.trace(of: stack)).entries == expected)
    }

    /// The entry of an element whose computations read fields beyond its state has bit 0 set, so that the next
    /// pass prefetches more of it; the others' entries are their addresses.
    @Test func anElementThatReadsFieldsBeyondItsStateIsMarked() throws {
        let (stack, children) = column(300)
        children[7].readsFieldsBeyondState()
        stack.updateLayout(SizeRange(min: .zero, max: Size(375, .infinity)))
        let entries = try #require(RunningPass.trace(of: stack)).entries
        #expect(entries[8] == address(children[7]) | 1)
        #expect(entries[9] == address(children[8]))
    }

    /// A pass of fewer than `PassTrace.minimumKept` requests keeps no trace, and a later small pass over a root
    /// that kept one drops it.
    @Test func aSmallPassKeepsNoTrace() {
        let (small, _) = column(PassTrace.minimumKept - 2)
        small.updateLayout(SizeRange(min: .zero, max: Size(375, .infinity)))
        #expect(RunningPass.trace(of: small) == nil)
        #expect(!small.state.keepsTrace)

        let (stack, children) = column(PassTrace.minimumKept)
        stack.updateLayout(SizeRange(min: .zero, max: Size(375, .infinity)))
        #expect(RunningPass.trace(of: stack)?.count == PassTrace.minimumKept + 1)
        stack.children = Array(children.prefix(3))
        stack.updateLayout(SizeRange(min: .zero, max: Size(375, .infinity)))
        #expect(RunningPass.trace(of: stack) == nil)
        #expect(!stack.state.keepsTrace)
    }

    /// Freeing the root frees its trace.
    @Test func freeingTheRootForgetsItsTrace() {
        weak var kept: PassTrace?
        do {
            let (stack, _) = column(400)
            stack.updateLayout(SizeRange(min: .zero, max: Size(375, .infinity)))
            kept = RunningPass.trace(of: stack)
            #expect(kept != nil)
        }
        #expect(kept == nil)
    }

    /// A root whose trace names elements freed since (its children were replaced) lays out exactly as a fresh tree
    /// of the same elements: the trace only prefetches.
    @Test func aTraceOfFreedElementsChangesNothing() {
        let range = SizeRange(min: .zero, max: Size(320, .infinity))
        let (stack, _) = column(600)
        stack.updateLayout(range)
        stack.children = varied(600)
        let layout = stack.layout(within: range)

        let expected = StackLayoutSpec(direction: .vertical, children: varied(600)).layout(within: range)
        #expect(layout.size == expected.size)
        #expect(layout.sublayouts.map(\.frame) == expected.sublayouts.map(\.frame))
        // The stack is as wide as its widest child and as tall as its children together.
        let heights = (0..<600).map { Double(sideOf($0, 5)) }
        #expect(layout.size == Size(7, heights.reduce(0, +)))
    }

    /// `count` fixed nodes of sizes 1 to 7 wide and 1 to 5 tall, in turn.
    private func varied(_ count: Int) -> [LayoutElement] {
        (0..<count).map { index -> LayoutElement in
            fixed("m\(index)", Double(sideOf(index, 7)), Double(sideOf(index, 5)))
        }
    }

    private func sideOf(_ index: Int, _ period: Int) -> Int { index % period + 1 }
}
