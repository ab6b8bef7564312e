import Dispatch
import Synchronization
import Testing
@testable import TextureLayout

/// Styles held through shared blocks (`SharedStyle.swift`, the state's reference in `StateStorage.swift`): who
/// holds which block, copies made on a set, blocks freed with their last element, and pools.
@Suite struct SharedStyleTests {
    /// New elements hold the one default block, with the default style; none is made for them.
    @Test func newElementsShareTheDefaultBlock() {
        let a = LayoutElement(), b = FixedSizeNode(intrinsicSize: Size(1, 1))
        #expect(a.sharedStyle === b.sharedStyle)
        #expect(a.sharedStyle === SharedStyle.default)
        #expect(a.style == Style())
    }

    /// Setting `style` gives the element a block of its own and leaves every other holder of the old block as it
    /// was; setting the default style back returns the element to the default block.
    @Test func settingTheStyleCopiesNothingOthersHold() {
        var wide = Style()
        wide.width = .points(50)
        let block = SharedStyle(wide)
        let a = LayoutElement(), b = LayoutElement()
        a.sharedStyle = block
        b.sharedStyle = block
        #expect(a.sharedStyle === block && b.sharedStyle === block)
        a.style.flexGrow = 1
        #expect(a.sharedStyle !== block && b.sharedStyle === block)
        #expect(a.style.flexGrow == 1 && a.style.width == .points(50))
        #expect(b.style.flexGrow == 0 && block.style.flexGrow == 0)
        a.style = Style()
        #expect(a.sharedStyle === SharedStyle.default)
    }

    /// A block lives while an element holds it and is freed with the last one, whether that element is freed or
    /// given another block.
    @Test func blocksAreFreedWithTheirLastHolder() {
        weak var released: SharedStyle?
        weak var replaced: SharedStyle?
        let keeper = LayoutElement()
        do {
            var style = Style()
            style.spacingBefore = 3
            let first = SharedStyle(style)
            style.spacingBefore = 4
            let second = SharedStyle(style)
            released = first
            replaced = second
            let elements = (0..<3).map { _ in LayoutElement() }
            for element in elements { element.sharedStyle = first }
            keeper.sharedStyle = second
        }
        #expect(released == nil)
        #expect(replaced != nil && keeper.style.spacingBefore == 4)
        keeper.sharedStyle = keeper.sharedStyle  // holding the block it holds keeps it
        #expect(replaced != nil)
        keeper.style.spacingBefore = 5
        #expect(replaced == nil && keeper.style.spacingBefore == 5)
    }

    /// Giving an element a block invalidates its layout as setting the style does: a 30×20 leaf in [0, 100]² takes
    /// 30×20, then 60×20 once it holds a block whose style sets its width to 60 (the style's range [60, 60] ×
    /// [0, 100] clamps the intrinsic size).
    @Test func holdingABlockInvalidatesTheLayout() {
        let leaf = FixedSizeNode(intrinsicSize: Size(30, 20))
        #expect(leaf.layout(within: range(0, 0, 100, 100)).size == Size(30, 20))
        var style = Style()
        style.width = .points(60)
        leaf.sharedStyle = SharedStyle(style)
        #expect(leaf.layout(within: range(0, 0, 100, 100)).size == Size(60, 20))
    }

    /// One block serves trees built, laid out and freed on several threads at once (its reference count is
    /// atomic; nothing else of it changes). Each thread's row holds 100 leaves of intrinsic size 10×10 whose
    /// shared style sets their width to 30: the row is 3,000×10. The block is freed with the last tree.
    @Test func oneBlockServesTreesOnSeveralThreads() {
        let wrongSizes = Atomic<Int>(0)
        weak var freed: SharedStyle?
        do {
            var style = Style()
            style.width = .points(30)
            let block = SharedStyle(style)
            freed = block
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<10 {
                    let leaves = (0..<100).map { _ in FixedSizeNode(intrinsicSize: Size(10, 10)) }
                    for leaf in leaves { leaf.sharedStyle = block }
                    let row = StackLayoutSpec(direction: .horizontal, alignItems: .start, children: leaves)
                    if node(row).layout(within: range(0, 0, .infinity, .infinity)).size != Size(3000, 10) {
                        wrongSizes.add(1, ordering: .relaxed)
                    }
                }
            }
        }
        #expect(wrongSizes.load(ordering: .relaxed) == 0)
        #expect(freed == nil)
    }

    /// A pool gives equal styles one block and the default style the default block; styles `==` calls equal but
    /// whose bits differ (0 and −0) get blocks of their own, so a pooled block never changes a result.
    @Test func poolsShareBlocksBetweenStylesWithEqualBits() {
        var pool = StylePool()
        var grow = Style()
        grow.flexGrow = 1
        var shrink = Style()
        shrink.flexShrink = 1
        #expect(pool.shared(grow) === pool.shared(grow))
        #expect(pool.shared(grow) !== pool.shared(shrink))
        #expect(pool.shared(shrink).style == shrink)
        #expect(pool.shared(Style()) === SharedStyle.default)
        var negativeZero = Style()
        negativeZero.spacingAfter = -0.0
        #expect(negativeZero == Style())
        #expect(pool.shared(negativeZero) !== SharedStyle.default)
        #expect(pool.shared(negativeZero).style.spacingAfter.sign == .minus)
        // Another pool shares nothing with this one.
        var other = StylePool()
        #expect(other.shared(grow) !== pool.shared(grow))
    }
}
