import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TextureLayout

/// The threading contract of the DocC article *Threads*: one pass per tree at a time (a second pass over the same
/// tree is detected), and large-stack threads bounded in number and retired when idle. No test depends on timing.
@Suite struct ThreadingTests {
    private func conflict(_ claim: Result<(id: UInt64, trace: PassTrace), PassConflict>) -> PassConflict? {
        if case .failure(let conflict) = claim { return conflict }
        return nil
    }

    /// root → stack → [a, b]; b → its own spec → c.
    private func tree() -> (root: DisplayNode, stack: StackLayoutSpec, a: DisplayNode, b: DisplayNode) {
        let a = plain("a")
        let b = plain("b")
        b.layoutSpecBlock = { _, _ in WrapperLayoutSpec(layoutElement: plain("c")) }
        let stack = StackLayoutSpec(direction: .horizontal, children: [a, b])
        return (node(stack), stack, a, b)
    }

    @Test func aSecondPassOverTheSameRootIsAConflict() throws {
        let (root, _, _, _) = tree()
        let ancestors = try RunningPass.claim(root).get()
        #expect(conflict(RunningPass.claim(root)) == .sameRoot)
        RunningPass.release(ancestors.id, root: root, trace: ancestors.trace)
        let again = try RunningPass.claim(root).get()
        RunningPass.release(again.id, root: root, trace: again.trace)
    }

    @Test func aPassInsideARunningPassIsAConflict() throws {
        let (root, stack, a, _) = tree()
        _ = root.layout(within: exact(100, 10))  // sets the parent links: a → stack → root
        let ancestors = try RunningPass.claim(root).get()
        #expect(conflict(RunningPass.claim(a)) == .insideRunningPass)
        #expect(conflict(RunningPass.claim(stack)) == .insideRunningPass)
        RunningPass.release(ancestors.id, root: root, trace: ancestors.trace)
        // Nothing is left marked: the inner pass may run now.
        let inner = try RunningPass.claim(a).get()
        RunningPass.release(inner.id, root: a, trace: inner.trace)
    }

    @Test func aPassOverATreeContainingARunningPassIsAConflict() throws {
        let (root, _, a, _) = tree()
        _ = root.layout(within: exact(100, 10))
        let inner = try RunningPass.claim(a).get()
        #expect(conflict(RunningPass.claim(root)) == .containsRunningPass)
        RunningPass.release(inner.id, root: a, trace: inner.trace)
        let whole = try RunningPass.claim(root).get()
        RunningPass.release(whole.id, root: root, trace: whole.trace)
    }

    @Test func passesOverDisjointSubtreesDoNotConflict() throws {
        let (root, _, a, b) = tree()
        _ = root.layout(within: exact(100, 10))
        let first = try RunningPass.claim(a).get()
        let second = try RunningPass.claim(b).get()
        RunningPass.release(first.id, root: a, trace: first.trace)
        RunningPass.release(second.id, root: b, trace: second.trace)
    }

    @Test func theConflictMessageSaysWhatHappened() {
        let element = plain("title")
        #expect(
            LayoutElement.message(for: .sameRoot, root: element)
                == #"TextureLayout: a layout pass over DisplayNode "title" started while another pass over the same tree "#
                + "is running; run one pass per tree at a time (see the Threads article)")
    }

    /// A pass started from a callback of a pass over the same tree stops the program (in a child process).
    @Test func aPassFromACallbackOfTheSamePassTraps() async {
        await #expect(processExitsWith: .failure) {
            let root = DisplayNode()
            root.layoutSpecBlock = { node, _ in
                _ = node.layout(within: SizeRange(exactly: Size(1, 1)))
                return LayoutSpec()
            }
            _ = root.layout(within: SizeRange(exactly: Size(10, 10)))
        }
    }

    /// The pass that can be cancelled is one pass like the others: started once from a callback of a pass over
    /// the same tree, it stops the program instead of mixing its results with the running pass's.
    @Test func aCancellablePassFromACallbackOfTheSamePassTraps() async {
        await #expect(processExitsWith: .failure) {
            let root = DisplayNode()
            var started = false
            root.layoutSpecBlock = { node, _ in
                if !started {
                    started = true
                    _ = node.layout(within: SizeRange(exactly: Size(1, 1)), cancellation: LayoutCancellation())
                }
                return LayoutSpec()
            }
            _ = root.layout(within: SizeRange(exactly: Size(10, 10)))
        }
    }

    /// At most `maxEntries` jobs from ordinary threads run at once: three threads each run a job that waits to be
    /// released; with two entries, the third starts only after one of the first two is released.
    @Test func jobsFromOrdinaryThreadsAreBounded() {
        let pool = LargeStackPool(maxEntries: 2, maxIdle: 1, idleSeconds: 3600)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for _ in 0..<3 {
            finished.enter()
            DispatchQueue.global().async {
                pool.run {
                    entered.signal()
                    release.wait()
                }
                finished.leave()
            }
        }
        entered.wait()
        entered.wait()  // two jobs run at once: both entries are taken
        release.signal()
        entered.wait()  // the third starts once one of them is done
        release.signal()
        release.signal()
        finished.wait()
        let statistics = pool.statistics
        #expect(statistics.mostEntered == 2)
        #expect(statistics.live <= 1 && statistics.idle <= 1)
        pool.retireIdleThreads()
        #expect(pool.statistics.live == 0)
    }

    /// An idle thread exits by itself once `idleSeconds` pass without work (here 0: at once, even if its time runs
    /// out before its last caller has put it back in the idle list). The loop waits for that to happen; its
    /// minute-long bound (nothing near what the exit takes) only keeps a broken pool from hanging the run.
    @Test func idleThreadsExitByThemselves() {
        let pool = LargeStackPool(maxEntries: 1, maxIdle: 1, idleSeconds: 0)
        for _ in 0..<20 {
            pool.run {}
            var polls = 0
            while pool.statistics.live > 0 && polls < 60_000 {
                usleep(1000)
                polls += 1
            }
            #expect(pool.statistics == (live: 0, idle: 0, mostEntered: 1))
            if pool.statistics.live > 0 { return }
        }
    }

    /// Finished threads are reused, at most `maxIdle` are kept, and retiring the idle ones (what an idle thread
    /// does by itself after `idleSeconds`) ends them all.
    @Test func idleThreadsAreReusedBoundedAndRetired() {
        let pool = LargeStackPool(maxEntries: 4, maxIdle: 1, idleSeconds: 3600)
        var onLargeStack = 0
        for _ in 0..<5 {
            pool.run { if StackLimit.current().remaining > UInt(StackLimit.threadStackSize / 2) { onLargeStack += 1 } }
            #expect(pool.statistics.live == 1)
        }
        #expect(onLargeStack == 5)
        // A job that moves on to another large-stack thread does not wait for an entry and makes a second thread;
        // only one of the two is kept.
        pool.run { pool.run {} }
        #expect(pool.statistics.idle == 1)
        pool.retireIdleThreads()
        #expect(pool.statistics == (live: 0, idle: 0, mostEntered: 1))
    }
}
