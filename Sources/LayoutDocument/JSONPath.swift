/// A location in a JSON document, such as `root.children[2].style`, made in O(1) from its parent's: the text is
/// built only when asked for (an error message), so reading a document nested 10,000 levels deep stays linear.
public struct JSONPath: Sendable, CustomStringConvertible {
    /// One component per path ever made while reading a document, each naming its parent's index.
    final class Table: @unchecked Sendable {
        var components: [(parent: Int32, key: String?, index: Int32)] = []
    }

    private let table: Table
    private let position: Int32

    /// The whole document.
    public init() {
        table = Table()
        position = -1
    }

    private init(table: Table, position: Int32) {
        self.table = table
        self.position = position
    }

    public var isRoot: Bool { position < 0 }

    /// The path of an object member.
    public func appending(_ key: String) -> JSONPath {
        table.components.append((position, key, 0))
        return JSONPath(table: table, position: Int32(table.components.count - 1))
    }

    /// The path of an array element.
    public func appending(index: Int) -> JSONPath {
        table.components.append((position, nil, Int32(clamping: index)))
        return JSONPath(table: table, position: Int32(table.components.count - 1))
    }

    /// E.g. `root.children[2].style.flexBasis`; empty for the whole document.
    public var description: String {
        var parts: [String] = []
        var current = position
        while current >= 0 {
            let component = table.components[Int(current)]
            parts.append(component.key.map { "." + $0 } ?? "[\(component.index)]")
            current = component.parent
        }
        var text = parts.reversed().joined()
        if text.hasPrefix(".") { text.removeFirst() }
        return text
    }
}
