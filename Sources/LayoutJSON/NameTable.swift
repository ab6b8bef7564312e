/// A short list of names, each found by its text without hashing it: the slot of a name is a function of its
/// length and first and last bytes, and a name found there is compared with the one asked for. A document's
/// reader looks up an element's type this way for every element, where hashing the text cost more than the rest
/// of the lookup.
package struct NameTable: Sendable {
    /// The names, by position.
    package let names: [String]
    /// Each name's UTF-8 bytes, by position.
    let texts: [[UInt8]]
    /// By slot: the position of the name there, or -1. Collisions go to the next free slot.
    private let slots: [Int16]

    /// A table of `names` (which are all different).
    package init(_ names: [String]) {
        self.names = names
        texts = names.map { Array($0.utf8) }
        var size = 16
        while size < names.count * 4 { size *= 2 }
        var slots = [Int16](repeating: -1, count: size)
        for (position, text) in texts.enumerated() {
            var slot = Self.hash(text) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int16(position)
        }
        self.slots = slots
    }

    /// The position of `name` in ``names``, if it is there.
    package func position(of name: String) -> Int? {
        position(hash: Self.hash(name.utf8)) { names[$0].utf8.count == name.utf8.count && names[$0] == name }
    }

    /// The position of the name in the slot that `hash` starts at or a following one for which `matches` holds.
    @inline(__always)
    func position(hash: Int, matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let position = Int(slots[slot])
            guard position >= 0 else { return nil }
            if matches(position) { return position }
            slot = (slot + 1) & mask
        }
    }

    /// A name's length and first and last bytes, mixed.
    @inline(__always)
    static func hash(count: Int, first: UInt8, last: UInt8) -> Int {
        count &* 31 &+ Int(first) &* 7 &+ Int(last)
    }

    /// ``hash(count:first:last:)`` of a name's bytes.
    static func hash<Text: BidirectionalCollection<UInt8>>(_ text: Text) -> Int {
        guard let first = text.first, let last = text.last else { return 0 }
        return hash(count: text.count, first: first, last: last)
    }
}
