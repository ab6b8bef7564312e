/// Freeing a tree without recursion.
///
/// An element holds its children strongly, so freeing the root of a chain a million elements deep would free each
/// child from inside its parent's `deinit`: a million nested frames, far beyond any thread's stack. Instead, an
/// element being freed hands its children to ``LayoutElement/freeIteratively(_:)``, which takes the children of
/// every element it holds the last reference to before letting that element go: each `deinit` then finds nothing
/// left to free, and the whole tree goes in one loop, at any depth, on any thread.
extension LayoutElement {
    /// Frees `pending` and, through ``giveUpOwnedElements(into:)``, everything only they keep alive, in a loop.
    /// Elements referenced elsewhere too are only released, with their children. The caller passes its array
    /// with `consume`: a second reference to the array's storage would make every element look shared.
    static func freeIteratively(_ pending: consuming [LayoutElement]) {
        while var element = pending.popLast() {
            if isKnownUniquelyReferenced(&element) { element.giveUpOwnedElements(into: &pending) }
        }
    }

    /// Moves the elements of `owned`, a stored list of this element's children, into `pending` and leaves `owned`
    /// empty; each child stops naming `self` as its parent, so none keeps a link to a freed element.
    final func handOver(_ owned: inout [LayoutElement], into pending: inout [LayoutElement]) {
        for child in owned { release(child) }
        // Into an empty list the storage itself moves: copying would retain every child once more and release it
        // again (300,000 atomic operations for a stack of 150,000 children, freed after a server gave up on them).
        if pending.isEmpty {
            swap(&owned, &pending)
        } else {
            pending += owned
        }
        owned = []
    }

    /// Frees the elements of `owned` in a loop (see ``freeIteratively(_:)``): what a `deinit` does with a stored
    /// list of children.
    final func freeOwned(_ owned: inout [LayoutElement]) {
        var pending: [LayoutElement] = []
        handOver(&owned, into: &pending)
        LayoutElement.freeIteratively(consume pending)
    }
}
