import Synchronization

/// Why a pass may not start.
enum PassConflict: Error, Equatable, Sendable {
    /// A pass rooted at the same element is running (on another thread, or this one: a pass started from a
    /// callback of the pass).
    case sameRoot
    /// The element lies inside the tree of a running pass.
    case insideRunningPass
    /// A pass over part of the element's tree is running.
    case containsRunningPass
}

/// The layout passes running in the process, so that a second pass over a tree that one is already laying out is
/// detected instead of silently mixing the two passes' results (elements keep their results in themselves; see
/// <doc:Threads>). A pass is its root and the root's ancestors, as the parent links know them when it starts.
struct RunningPass: Sendable {
    let root: ObjectIdentifier
    let ancestors: [ObjectIdentifier]

    /// Every pass running now, with the number that identifies it, and the traces kept for the next pass over a
    /// root (``PassTrace``), by root. A running pass holds its root's trace: it is taken out when the pass claims
    /// the root and put back when the pass releases it, so that one pass at a time uses it.
    private static let all = Mutex<(running: [(id: UInt64, pass: RunningPass)], traces: [ObjectIdentifier: PassTrace])>(
        ([], [:]))
    private static let counter = Atomic<UInt64>(0)

    /// Records a pass over `root` and returns its number and the trace its previous pass left (an empty one if
    /// none), or the conflict that forbids it: a running pass with the same root, one whose root is an ancestor of
    /// `root`, or one with `root` among its ancestors. Passes over disjoint subtrees of one tree (siblings) do not
    /// conflict.
    static func claim(_ root: LayoutElement) -> Result<(id: UInt64, trace: PassTrace), PassConflict> {
        var ancestors: [ObjectIdentifier] = []
        var current = root.parent
        while let ancestor = current {
            ancestors.append(ObjectIdentifier(ancestor))
            current = ancestor.parent
        }
        let pass = RunningPass(root: ObjectIdentifier(root), ancestors: ancestors)
        let id = counter.wrappingAdd(1, ordering: .relaxed).newValue
        let claimed: Result<PassTrace?, PassConflict> = all.withLock { all in
            for (_, other) in all.running {
                if other.root == pass.root { return .failure(.sameRoot) }
                if pass.ancestors.contains(other.root) { return .failure(.insideRunningPass) }
                if other.ancestors.contains(pass.root) { return .failure(.containsRunningPass) }
            }
            all.running.append((id, pass))
            return .success(all.traces.removeValue(forKey: pass.root))
        }
        return claimed.map { (id, $0 ?? PassTrace()) }
    }

    /// Forgets the pass ``claim(_:)`` numbered `id`, and keeps `trace` for the next pass over `root` if the pass
    /// made enough requests (``PassTrace/minimumKept``), marking the root so that freeing it forgets the trace.
    static func release(_ id: UInt64, root: LayoutElement, trace: PassTrace) {
        let keeps = trace.count >= PassTrace.minimumKept
        root.state.keepsTrace = keeps
        all.withLock { all in
            all.running.removeAll { $0.id == id }
            if keeps { all.traces[ObjectIdentifier(root)] = trace }
        }
    }

    /// Forgets the trace kept for `root`, which is being freed.
    static func forgetTrace(of root: LayoutElement) {
        // The trace is freed once the lock is let go.
        _ = all.withLock { all in all.traces.removeValue(forKey: ObjectIdentifier(root)) }
    }

    /// The trace kept for the next pass over `root`, if any.
    static func trace(of root: LayoutElement) -> PassTrace? {
        all.withLock { $0.traces[ObjectIdentifier(root)] }
    }
}

extension LayoutElement {
    /// Runs `body` as the only pass over this element's tree, or stops the program with a message naming the
    /// conflict: continuing would corrupt both passes' results.
    ///
    /// `body` gets the trace the previous pass over this root left (``PassTrace``) and records its own in it.
    func withExclusivePass<T>(_ body: (PassTrace) -> T) -> T {
        switch RunningPass.claim(self) {
        case .success(let (id, trace)):
            defer { RunningPass.release(id, root: self, trace: trace) }
            return body(trace)
        case .failure(let conflict):
            fatalError(Self.message(for: conflict, root: self))
        }
    }

    static func message(for conflict: PassConflict, root: LayoutElement) -> String {
        let what =
            switch conflict {
            case .sameRoot: "another pass over the same tree is running"
            case .insideRunningPass: "a pass over a tree that contains it is running"
            case .containsRunningPass: "a pass over part of its tree is running"
            }
        return "TextureLayout: a layout pass over \(root) started while \(what); run one pass per tree at a time "
            + "(see the Threads article)"
    }
}
