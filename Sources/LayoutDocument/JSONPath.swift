// Unsafe room: JSON.
// Invariants: a component's `parent` is set once by `init` and cleared only by `deinit`, when no other reference to
// it exists, so no two threads ever see it change. A path that starts at an element reads the records of the
// element table that numbered it: records are only ever appended, by the one reader building the table, and a path
// reads only the records of the element and its ancestors, written before the path was made.

import LayoutJSON

/// A location in a JSON document, such as `root.children[2].style`, made in O(1) from its parent's: the text is
/// built only when asked for (an error message), so reading a document nested 10,000 levels deep stays linear.
///
/// A path is an immutable list of components linked from the last to the first, so paths can be handed to any
/// thread: `appending` changes nothing shared. The last two steps of a path are kept in the path itself until a
/// longer path is made from it (or ``stored()`` asks), and a path may start at an element of the document being
/// read (``init(element:of:)``), whose own path the element table writes out when asked: the paths of an element,
/// of its members and of their items, made for every value read but needed only to word an error, allocate
/// nothing, and the paths of an object's members share its components.
struct JSONPath: Sendable, CustomStringConvertible {
    /// The last component of a non-empty path, with the components before it.
    final class Component: @unchecked Sendable {
        // Unchecked: `parent` is set once by `init` and cleared only by `deinit`, when no other reference to this
        // component exists, so no two threads can ever see it change.
        /// The components before this one; `nil` for a member or element of the whole document (or of the path's
        /// element).
        fileprivate var parent: Component?
        /// The member's key; `nil` for an array element.
        let key: String?
        /// The array element's index; unused for a member.
        let index: Int32

        init(parent: Component?, key: String?, index: Int32) {
            self.parent = parent
            self.key = key
            self.index = index
        }

        /// Frees the components before this one in a loop: freeing them through their own `deinit`s would nest
        /// one call per component, and a path as deep as the document could overflow the stack.
        deinit {
            var next = parent
            parent = nil
            while isKnownUniquelyReferenced(&next) {
                let component = next!
                next = component.parent
                component.parent = nil
            }
        }
    }

    /// One step kept in the path itself: a member's key, or (`key` `nil`) an array element's index.
    private struct Step: Sendable {
        let key: String?
        let index: Int32
    }

    /// The element the path starts at, `nil` for the whole document.
    private let element: ElementTable.PathStart?
    /// The components made so far, after `element`.
    private let components: Component?
    /// The steps after `components`: none, `first`, or `first` then `second`.
    private let first: Step?
    private let second: Step?

    /// The whole document.
    init() { self.init(element: nil, components: nil, first: nil, second: nil) }

    /// The path of the element numbered `number` in `table`, written out from the table when asked for.
    init(element number: UInt32, of table: ElementTable) {
        self.init(element: table.pathStart(number), components: nil, first: nil, second: nil)
    }

    private init(element: ElementTable.PathStart?, components: Component?, first: Step?, second: Step?) {
        self.element = element
        self.components = components
        self.first = first
        self.second = second
    }

    /// Whether this is the path of the whole document.
    var isRoot: Bool { element == nil && components == nil && first == nil }

    /// The same path with its steps made components when the path holds two, so that the paths made from it share
    /// them. A reader of an object calls it once before making the paths of its members.
    func stored() -> JSONPath {
        second == nil ? self : JSONPath(element: element, components: storedComponents, first: nil, second: nil)
    }

    /// The components of the path with every step made one.
    private var storedComponents: Component? {
        var components = self.components
        if let first { components = Component(parent: components, key: first.key, index: first.index) }
        if let second { components = Component(parent: components, key: second.key, index: second.index) }
        return components
    }

    /// The path one step longer.
    private func appending(_ step: Step) -> JSONPath {
        if first == nil { return JSONPath(element: element, components: components, first: step, second: nil) }
        if second == nil { return JSONPath(element: element, components: components, first: first, second: step) }
        return JSONPath(element: element, components: storedComponents, first: step, second: nil)
    }

    /// The path of an object member.
    func appending(_ key: String) -> JSONPath { appending(Step(key: key, index: 0)) }

    /// The path of an array element.
    func appending(index: Int) -> JSONPath { appending(Step(key: nil, index: Int32(clamping: index))) }

    /// E.g. `root.children[2].style.flexBasis`; empty for the whole document. A key that is empty or holds anything
    /// but ASCII letters, digits, `_`, `-` and `$` is written as a JSON string in brackets (`root["a b"]`,
    /// `root["sizeR\nge"]`): an error line stays one line and shows where a key ends.
    var description: String {
        var parts: [String] = []
        if let second { parts.append(Self.text(key: second.key, index: second.index)) }
        if let first { parts.append(Self.text(key: first.key, index: first.index)) }
        var current = components
        while let component = current {
            parts.append(Self.text(key: component.key, index: component.index))
            current = component.parent
        }
        if let element { parts.append(element.path.description) }
        var text = parts.reversed().joined()
        if text.hasPrefix(".") { text.removeFirst() }
        return text
    }

    /// One step as the description writes it: `.key`, `["odd key"]` or `[index]`.
    private static func text(key: String?, index: Int32) -> String {
        guard let key else { return "[\(index)]" }
        return isPlain(key) ? "." + key : "[" + jsonString(key) + "]"
    }

    /// Whether `key` can be written after a dot as it is.
    static func isPlain(_ key: String) -> Bool {
        !key.isEmpty
            && key.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"):
                    return true
                default: return false
                }
            }
    }
}

extension ElementTable {
    /// Where the path of an element starts: the element's number and the records its path is written from.
    struct PathStart: @unchecked Sendable {
        // Unchecked: the records are only appended to, and the path reads only those of the element and its
        // ancestors, written before the path was made (see the invariants above).
        let records: ChunkedList<Record>
        let number: UInt32

        /// The element's path.
        var path: JSONPath { ElementTable.path(number, records: records) }
    }

    /// Where the path of element `number` starts.
    func pathStart(_ number: UInt32) -> PathStart { PathStart(records: records, number: number) }
}
