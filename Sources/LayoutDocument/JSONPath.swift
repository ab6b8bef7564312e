// Unsafe room: JSON.
// Invariants: a component's `parent` is set once by `init` and cleared only by `deinit`, when no other reference to
// it exists, so no two threads ever see it change.

import LayoutJSON

/// A location in a JSON document, such as `root.children[2].style`, made in O(1) from its parent's: the text is
/// built only when asked for (an error message), so reading a document nested 10,000 levels deep stays linear.
///
/// A path is an immutable list of components linked from the last to the first, so paths can be handed to any
/// thread: `appending` changes nothing shared. The last step of a path is kept in the path itself until a longer
/// path is made from it (or ``stored()`` asks): the path of a number or a string, made for every value read but
/// needed only to word an error, allocates nothing, and the paths of an object's members share its components.
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

    /// The components made so far; `nil` for the whole document (or a member or element of it, while ``hasStep``).
    private let components: Component?
    /// Whether the path has one more step after `components`, held in `stepKey` and `stepIndex`.
    private let hasStep: Bool
    /// The last step's key; `nil` for an array element.
    private let stepKey: String?
    /// The last step's array index; unused for a member.
    private let stepIndex: Int32

    /// The whole document.
    init() { self.init(components: nil) }

    /// The path whose every step is in `components` (``stored()``'s ``storedComponents``).
    private init(components: Component?) {
        self.init(components: components, hasStep: false, stepKey: nil, stepIndex: 0)
    }

    private init(components: Component?, hasStep: Bool, stepKey: String?, stepIndex: Int32) {
        self.components = components
        self.hasStep = hasStep
        self.stepKey = stepKey
        self.stepIndex = stepIndex
    }

    /// Whether this is the path of the whole document.
    var isRoot: Bool { components == nil && !hasStep }

    /// The same path with every step made a component, so that the paths made from it share them. A reader of an
    /// object calls it once before making the paths of its members.
    func stored() -> JSONPath {
        hasStep ? JSONPath(components: storedComponents) : self
    }

    /// The components of ``stored()``.
    private var storedComponents: Component? {
        hasStep ? Component(parent: components, key: stepKey, index: stepIndex) : components
    }

    /// The path of an object member.
    func appending(_ key: String) -> JSONPath {
        JSONPath(components: storedComponents, hasStep: true, stepKey: key, stepIndex: 0)
    }

    /// The path of an array element.
    func appending(index: Int) -> JSONPath {
        JSONPath(components: storedComponents, hasStep: true, stepKey: nil, stepIndex: Int32(clamping: index))
    }

    /// E.g. `root.children[2].style.flexBasis`; empty for the whole document. A key that is empty or holds anything
    /// but ASCII letters, digits, `_`, `-` and `$` is written as a JSON string in brackets (`root["a b"]`,
    /// `root["sizeR\nge"]`): an error line stays one line and shows where a key ends.
    var description: String {
        var parts: [String] = []
        if hasStep { parts.append(Self.text(key: stepKey, index: stepIndex)) }
        var current = components
        while let component = current {
            parts.append(Self.text(key: component.key, index: component.index))
            current = component.parent
        }
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
