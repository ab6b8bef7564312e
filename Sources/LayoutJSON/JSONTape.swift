// Unsafe room: JSON.
// Invariants: the bytes are lent to the parser only inside `withUnsafeBufferPointer`; a tape's storage changes
// after parsing only through `free(before:)`, called only by the one reader of a tape it made for itself, so the
// storage may be shared as `Sendable`. Checking an object's keys for repeats writes their indices into a temporary
// buffer of as many slots as the object has members, one per member, and reads only the slots written.

/// The kind of a JSON value.
package enum JSONKind: UInt8, Sendable, Hashable, CaseIterable {
    case null
    case bool
    case number
    case string
    case array
    case object
}

/// A parsed JSON document stored as a flat "tape" of value records.
///
/// Why a tape: a tree of nested enums or classes needs recursion to build and,
/// worse, to free (a deeply nested document blows the stack in `deinit`). The
/// tape is flat lists, so parsing, reading and freeing are all iterative and a
/// document costs one 24-byte record per value plus its string payloads.
///
/// Layout:
/// - ``entries`` holds every value in pre-order (a container comes before its
///   descendants). Entry 0 is the root.
/// - A container records its number of direct children and ``Entry/end``, the
///   index just past its last descendant. Its first child (if any) is at
///   `index + 1`; the next sibling of any value is at its own `end`. Skipping a
///   subtree is therefore O(1).
/// - Object members are *not* separate key records: each member value carries
///   the index of its key in ``keys`` (``Entry/keyIndex``). Members stay in
///   document order and duplicate keys are all kept — rejecting duplicates is
///   left to the caller, which can report them with a path.
/// - ``keys`` holds object keys, each distinct key once (two members have the
///   same key exactly when they have the same ``Entry/keyIndex``); the strings list holds decoded string
///   values and the original source text of numbers that overflowed to
///   infinity, in document order.
/// - The records and strings are kept in chunks (``ChunkedList``), so that the
///   one reader of a tape it owns can free what it has read
///   (``free(before:)``).
package struct JSONTape: Sendable {
    /// One value record. 24 bytes; no heap allocation of its own.
    package struct Entry: Sendable, Equatable {
        /// Double bit pattern (number), 0/1 (bool) or string index (string).
        @usableFromInline var payload: UInt64
        /// Index just past the last descendant (`index + 1` for scalars).
        @usableFromInline var endIndex: UInt32
        /// Containers: number of direct children. Overflowed numbers: index in
        /// the strings list of the original text. A selector's string (see
        /// ``JSONValueRef/selectedVariant``): 1 + the variant it names. Otherwise 0.
        @usableFromInline var auxiliary: UInt32
        /// Index of the member key in `keys`, or `noKey`.
        @usableFromInline var key: UInt32
        /// The value's kind.
        package let kind: JSONKind
        @usableFromInline var flags: UInt8

        @usableFromInline static let noKey: UInt32 = .max
        @usableFromInline static let overflowFlag: UInt8 = 1

        @inlinable
        init(kind: JSONKind, payload: UInt64, end: UInt32, auxiliary: UInt32 = 0, key: UInt32, flags: UInt8 = 0) {
            self.payload = payload
            self.endIndex = end
            self.auxiliary = auxiliary
            self.key = key
            self.kind = kind
            self.flags = flags
        }

        /// Index just past this value's last descendant; the next sibling's index.
        @inlinable package var end: Int { Int(endIndex) }

        /// Number of direct children of an array or object; 0 for scalars.
        @inlinable package var childCount: Int {
            kind == .array || kind == .object ? Int(auxiliary) : 0
        }

        /// Index in ``JSONTape/keys`` of this member's key, or `nil` when the
        /// value is not a direct member of an object.
        @inlinable package var keyIndex: Int? { key == Entry.noKey ? nil : Int(key) }

        /// The boolean payload, or `nil` when this is not a bool.
        @inlinable package var boolValue: Bool? { kind == .bool ? payload != 0 : nil }

        /// The numeric payload, or `nil` when this is not a number. Overflowed
        /// numbers hold ±infinity; check ``isOverflow``.
        @inlinable package var numberValue: Double? {
            kind == .number ? Double(bitPattern: payload) : nil
        }

        /// Index in the tape's strings of the decoded string, or `nil` when
        /// this is not a string.
        @inlinable package var stringIndex: Int? { kind == .string ? Int(payload) : nil }

        /// True for a number whose magnitude is too large for a `Double`
        /// (e.g. `1e999`). The parser keeps it so the caller can report it
        /// with a path instead of the parser failing without context.
        @inlinable package var isOverflow: Bool { flags & Entry.overflowFlag != 0 }
    }

    /// The lists, in one object that the tape's copies share (a copy costs one reference), so that freeing what
    /// has been read frees it for all of them.
    final class Storage: @unchecked Sendable {
        // Unchecked: the lists change after parsing only through `free(before:)`, which only the one reader of a
        // tape it made for itself calls (no other thread, no other reader, sees the tape).
        /// All values in pre-order; entry 0 is the root.
        let entries: ChunkedList<Entry>
        /// Decoded string values and overflowed number texts, in document order, referenced by index.
        let strings: ChunkedList<String>
        /// For each chunk of `entries`, how many strings come before the values it holds: strings before that are
        /// referenced only by values of earlier chunks.
        let stringStarts: [Int]
        /// Object keys, referenced by index.
        let keys: [String]
        /// The rules the document was parsed with, if any.
        let keyRules: JSONKeyRules?

        init(
            entries: ChunkedList<Entry>, strings: ChunkedList<String>, stringStarts: [Int], keys: [String],
            keyRules: JSONKeyRules?
        ) {
            self.entries = entries
            self.strings = strings
            self.stringStarts = stringStarts
            self.keys = keys
            self.keyRules = keyRules
        }
    }

    let storage: Storage

    /// Parses UTF-8 bytes (invalid UTF-8 is an error at its first byte). A leading UTF-8 byte order mark is
    /// skipped. With `keyRules`, the input must be a layout document: an object whose keys at every depth follow
    /// the rules, each checked as it is read (see ``JSONParseError/ShapeProblem``).
    package init(bytes: [UInt8], keyRules: JSONKeyRules? = nil) throws(JSONParseError) {
        let result = bytes.withUnsafeBufferPointer { JSONTape.parse($0, keyRules: keyRules) }
        self = try result.get()
    }

    /// Parses UTF-8 bytes that the caller keeps alive (e.g. a mapped file).
    package init(bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        self = try JSONTape.parse(bytes).get()
    }

    /// Parses a string (its UTF-8 view; no copy when already native UTF-8).
    package init(_ text: String) throws(JSONParseError) {
        var text = text
        let result = text.withUTF8 { JSONTape.parse($0) }
        self = try result.get()
    }

    init(storage: Storage) {
        self.storage = storage
    }

    /// Object keys, referenced by index.
    package var keys: [String] { storage.keys }

    /// The rules the document was parsed with (``init(bytes:keyRules:)``), if any: the variants of
    /// ``JSONValueRef/selectedVariant`` are theirs.
    package var keyRules: JSONKeyRules? { storage.keyRules }

    /// Number of values in the document.
    package var count: Int { storage.entries.count }

    /// The top-level value.
    package var root: JSONValueRef { JSONValueRef(tape: self, index: 0) }

    /// A reference to the value at `index` (values are numbered in pre-order).
    package subscript(index: Int) -> JSONValueRef {
        precondition(index >= 0 && index < count, "JSON tape index out of range")
        return JSONValueRef(tape: self, index: index)
    }

    /// The string at `index` in the strings list.
    func string(_ index: Int) -> String { storage.strings[index] }

    /// Frees the values before `index` (in chunks: some may stay) and the strings only they use. The one reader of a
    /// tape it made for itself calls it as it goes, once it will read nothing before `index` again: the tape's
    /// memory then goes to what the reader builds. Reading a freed value traps.
    package func free(before index: Int) {
        guard storage.entries.free(before: index) else { return }
        let firstKept = min(index, count) / ChunkedList<Entry>.chunkSize
        storage.strings.free(
            before: firstKept < storage.stringStarts.count
                ? storage.stringStarts[firstKept] : storage.strings.count)
    }
}

/// A lightweight handle on one value of a ``JSONTape``.
///
/// It is just the tape (two array references) and an index, so it is cheap to
/// copy and safe to hand across concurrency domains.
package struct JSONValueRef: Sendable {
    package let tape: JSONTape
    /// Position of this value in ``JSONTape/entries``.
    package let index: Int

    @inlinable package init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    @inline(__always) package var entry: JSONTape.Entry { tape.storage.entries[index] }

    @inline(__always) package var kind: JSONKind { entry.kind }
    package var isNull: Bool { entry.kind == .null }
    package var boolValue: Bool? { entry.boolValue }
    /// The number, or `nil` if not a number. ±infinity when ``isOverflow``.
    @inline(__always) package var numberValue: Double? { entry.numberValue }
    /// True for a number too large for a `Double` (see ``numberText``).
    package var isOverflow: Bool { entry.isOverflow }

    /// The original source text of an overflowed number (e.g. `"1e999"`);
    /// `nil` otherwise — the text of ordinary numbers is not retained.
    package var numberText: String? {
        let entry = entry
        return entry.kind == .number && entry.isOverflow ? tape.string(Int(entry.auxiliary)) : nil
    }

    /// The decoded string, or `nil` if not a string.
    @inline(__always) package var stringValue: String? {
        entry.stringIndex.map { tape.string($0) }
    }

    /// For the string value of an object's selector (an element's `type`) in a document parsed with key rules: the
    /// number of the variant it names, which the parser found as it read it; `nil` for any other value, or when
    /// the string names no variant.
    package var selectedVariant: Int? {
        let entry = entry
        return entry.kind == .string && entry.auxiliary > 0 ? Int(entry.auxiliary) - 1 : nil
    }

    /// The key under which this value sits in its parent object, if any.
    package var key: String? {
        entry.keyIndex.map { tape.storage.keys[$0] }
    }

    /// Number of direct children (array elements / object members); 0 for scalars.
    package var count: Int { entry.childCount }

    /// Index just past this value's last descendant (its next sibling).
    package var endIndex: Int { entry.end }

    /// Direct children in order: array elements, or object member values.
    @inline(__always) package var elements: JSONElements {
        let entry = entry
        return JSONElements(tape: tape, start: index + 1, end: entry.end, count: entry.childCount)
    }

    /// Object members in document order, duplicates included. Empty for
    /// non-objects.
    package var members: JSONMembers {
        let entry = entry
        guard entry.kind == .object else {
            return JSONMembers(elements: JSONElements(tape: tape, start: index + 1, end: index + 1, count: 0))
        }
        return JSONMembers(elements: elements)
    }

    /// The first member named `key` (linear scan), or `nil`.
    package subscript(key: String) -> JSONValueRef? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The array element (or member value) at `position`; O(position) since
    /// it jumps sibling to sibling.
    package func element(at position: Int) -> JSONValueRef? {
        guard position >= 0 && position < count else { return nil }
        var iterator = elements.makeIterator()
        for _ in 0..<position { _ = iterator.next() }
        return iterator.next()
    }

    /// A short rendering for error messages: `null`, `true`, `12.5`,
    /// `"abc"` (long strings are truncated), `an array`, `an object`.
    package var shortDescription: String {
        let entry = entry
        switch entry.kind {
        case .null:
            return "null"
        case .bool:
            return entry.payload != 0 ? "true" : "false"
        case .number:
            if entry.isOverflow { return tape.string(Int(entry.auxiliary)) }
            return JSONValueRef.render(Double(bitPattern: entry.payload))
        case .string:
            return JSONValueRef.quote(tape.string(Int(entry.payload)), limit: 40)
        case .array:
            return "an array"
        case .object:
            return "an object"
        }
    }

    /// Integers print without a trailing `.0` so `12` reads as written.
    static func render(_ value: Double) -> String {
        // Conversion instructions only: `rounded()` would need libm.
        if abs(value) < 9_007_199_254_740_992, Double(Int64(value)) == value {
            if value == 0 { return value.sign == .minus ? "-0" : "0" }
            return String(Int64(value))
        }
        return value.description
    }

    /// ``jsonString(_:)`` with an ellipsis after `limit` characters, so messages stay on one short line.
    static func quote(_ string: String, limit: Int) -> String {
        guard string.count > limit else { return jsonString(string) }
        var quoted = jsonString(String(string.prefix(limit)))
        quoted.insert("…", at: quoted.index(before: quoted.endIndex))
        return quoted
    }
}

/// The direct children of a container, visited by jumping from each child to
/// its ``JSONTape/Entry/end`` (so grandchildren are never touched).
package struct JSONElements: Sequence, Sendable {
    package let tape: JSONTape
    @usableFromInline let start: Int
    @usableFromInline let end: Int
    /// Number of direct children.
    package let count: Int

    @inlinable init(tape: JSONTape, start: Int, end: Int, count: Int) {
        self.tape = tape
        self.start = start
        self.end = end
        self.count = count
    }

    package struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline let tape: JSONTape
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @inlinable init(tape: JSONTape, position: Int, end: Int) {
            self.tape = tape
            self.position = position
            self.end = end
        }

        @inline(__always) package mutating func next() -> JSONValueRef? {
            guard position < end else { return nil }
            let current = position
            position = tape.storage.entries[current].end
            return JSONValueRef(tape: tape, index: current)
        }
    }

    @inlinable package func makeIterator() -> Iterator {
        Iterator(tape: tape, position: start, end: end)
    }

    @inlinable package var underestimatedCount: Int { count }
    @inlinable package var isEmpty: Bool { count == 0 }
}

/// The members of an object as `(key, value)` pairs in document order.
package struct JSONMembers: Sequence, Sendable {
    @usableFromInline let elements: JSONElements

    @inlinable init(elements: JSONElements) {
        self.elements = elements
    }

    /// Number of members (duplicates included).
    @inlinable package var count: Int { elements.count }
    @inlinable package var isEmpty: Bool { elements.count == 0 }
    @inlinable package var underestimatedCount: Int { elements.count }

    package struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline var base: JSONElements.Iterator

        @inlinable init(base: JSONElements.Iterator) {
            self.base = base
        }

        package mutating func next() -> (key: String, value: JSONValueRef)? {
            guard let value = base.next() else { return nil }
            return (key: value.tape.storage.keys[Int(value.entry.key)], value: value)
        }

        /// The next member's value and the index of its key in ``JSONTape/keys``, without making the key.
        @inline(__always) package mutating func nextMember() -> (keyIndex: Int, value: JSONValueRef)? {
            guard let value = base.next() else { return nil }
            return (keyIndex: Int(value.entry.key), value: value)
        }
    }

    @inlinable package func makeIterator() -> Iterator {
        Iterator(base: elements.makeIterator())
    }

    /// The key of the first member whose key an earlier member has too, or `nil` when the keys are all different.
    /// Compares the keys' indices: the tape stores each distinct key once.
    package var firstRepeatedKey: String? {
        let count = elements.count
        guard count > 1 else { return nil }
        if count > 32 {
            var seen = Set<UInt32>(minimumCapacity: count)
            var iterator = elements.makeIterator()
            while let value = iterator.next() {
                let key = value.entry.key
                if !seen.insert(key).inserted { return elements.tape.storage.keys[Int(key)] }
            }
            return nil
        }
        // Objects are usually small: comparing each key's index with the ones before it beats hashing them.
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { earlier in
            var iterator = elements.makeIterator()
            var read = 0
            while let value = iterator.next() {
                let key = value.entry.key
                var position = 0
                while position < read {
                    if earlier[position] == key { return elements.tape.storage.keys[Int(key)] }
                    position += 1
                }
                earlier[read] = key
                read += 1
            }
            return nil
        }
    }
}
