/// A location in a JSON document, such as `root.children[2].style`, made in O(1) from its parent's: the text is
/// built only when asked for (an error message), so reading a document nested 10,000 levels deep stays linear.
///
/// A path is an immutable list of components linked from the last to the first, so paths can be handed to any
/// thread: `appending` makes a new component that points at its parent and changes nothing shared. Paths that are
/// only made to word a possible error (one per member read) are freed as soon as the member is read; the paths
/// the document keeps (one per element) share their common parts.
struct JSONPath: Sendable, CustomStringConvertible {
    /// The last component of a non-empty path, with the components before it.
    final class Component: @unchecked Sendable {
        // Unchecked: `parent` is set once by `init` and cleared only by `deinit`, when no other reference to this
        // component exists, so no two threads can ever see it change.
        /// The components before this one; `nil` for a member or element of the whole document.
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

    /// The last component; `nil` for the whole document.
    private let last: Component?

    /// The whole document.
    init() { last = nil }

    private init(last: Component) { self.last = last }

    /// Whether this is the path of the whole document.
    var isRoot: Bool { last == nil }

    /// The path of an object member.
    func appending(_ key: String) -> JSONPath {
        JSONPath(last: Component(parent: last, key: key, index: 0))
    }

    /// The path of an array element.
    func appending(index: Int) -> JSONPath {
        JSONPath(last: Component(parent: last, key: nil, index: Int32(clamping: index)))
    }

    /// E.g. `root.children[2].style.flexBasis`; empty for the whole document. A key that is empty or holds anything
    /// but ASCII letters, digits, `_`, `-` and `$` is written as a JSON string in brackets (`root["a b"]`,
    /// `root["sizeR\nge"]`): an error line stays one line and shows where a key ends.
    var description: String {
        var parts: [String] = []
        var current = last
        while let component = current {
            if let key = component.key {
                parts.append(Self.isPlain(key) ? "." + key : "[" + jsonString(key) + "]")
            } else {
                parts.append("[\(component.index)]")
            }
            current = component.parent
        }
        var text = parts.reversed().joined()
        if text.hasPrefix(".") { text.removeFirst() }
        return text
    }

    /// Whether `key` can be written after a dot as it is.
    static func isPlain(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"):
                return true
            default: return false
            }
        }
    }
}
