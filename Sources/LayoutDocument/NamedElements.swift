import TextureLayout

/// A document's named elements: each name's position, and the elements in the order they were read.
///
/// The elements are held by an array in reading order, not by a dictionary keyed by name, because the holder of an
/// element's last reference frees it: a document that is dropped (a server's abandoned request, a document that
/// failed to read) then frees its elements in the order they were made, which is the order of their memory, where
/// a dictionary would reach them in hash order, each at random, several times slower for a large document.
struct NamedElements {
    /// Each name's element, as its position in ``elements``.
    private var positions: [String: Int] = [:]
    /// The named elements, in reading order.
    private var elements: [LayoutElement] = []

    /// Names `element` `name`; `false` (and nothing changes) when another element has that name.
    mutating func add(_ element: LayoutElement, name: String) -> Bool {
        guard positions[name] == nil else { return false }
        positions[name] = elements.count
        elements.append(element)
        return true
    }

    /// The element named `name`.
    func element(named name: String) -> LayoutElement? { positions[name].map { elements[$0] } }

    /// Every named element by name.
    var dictionary: [String: LayoutElement] { positions.mapValues { elements[$0] } }
}
