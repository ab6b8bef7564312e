/// A short list of names, each found by its text without hashing it: the slot of a name is a function of its
/// length and first and last bytes, and a name found there is compared with the one asked for. A document's
/// reader looks up an element's type or a key this way for every element, where hashing the text cost more than
/// the rest of the lookup.
package struct NameTable: Sendable {
    /// The names, by position.
    package let names: [String]
    /// By slot: the position of the name there, or -1. Collisions go to the next free slot.
    private let slots: [Int16]

    /// A table of `names` (which are all different).
    package init(_ names: [String]) {
        self.names = names
        var size = 16
        while size < names.count * 4 { size *= 2 }
        var slots = [Int16](repeating: -1, count: size)
        for (position, name) in names.enumerated() {
            var slot = Self.hash(name) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int16(position)
        }
        self.slots = slots
    }

    /// The position of `name` in ``names``, if it is there.
    @inline(__always)
    package func position(of name: String) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        while true {
            let position = Int(slots[slot])
            guard position >= 0 else { return nil }
            let candidate = names[position]
            if candidate.utf8.count == name.utf8.count && candidate == name { return position }
            slot = (slot + 1) & mask
        }
    }

    /// A name's length and first and last bytes, mixed.
    @inline(__always)
    private static func hash(_ name: String) -> Int {
        let utf8 = name.utf8
        guard let first = utf8.first, let last = utf8.last else { return 0 }
        return utf8.count &* 31 &+ Int(first) &* 7 &+ Int(last)
    }
}
