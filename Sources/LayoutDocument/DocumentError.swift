import LayoutJSON
import TextureLayout
import TextureLayoutText
import TextureLayoutPaint

/// A document that cannot be read or laid out: the JSON path of the problem and what is wrong there.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is, e.g. `root.children[2].style.flexBasis`; `document` for the whole text.
    public let path: String
    /// What is wrong there, in words a document's author can act on (`expected a number, got "12"`).
    public let message: String

    /// An error at `path` (a JSON path, or `document`); callers that check a document further than the reader
    /// (a tool applying its own overrides) report their findings in the same form.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    init(path: JSONPath, message: String) {
        self.init(path: path.isRoot ? "document" : path.description, message: message)
    }

    /// `path: message`, the line the command-line tool prints on standard error.
    public var description: String { "\(path): \(message)" }

    /// A parser's error as the reader words it: a key or root type the parser refused is reported as the reader
    /// reports it (``LayoutDocument/keyRules`` words it so), anything else at `document` with its line and column.
    init(_ error: JSONParseError) {
        switch error.shapeProblem {
        case .rootIs(let what)?: self.init(path: "document", message: "expected an object, got \(what)")
        case .unknownKey(let steps, let message)?:
            var path = JSONPath()
            for step in steps {
                switch step {
                case .key(let key): path = path.appending(key)
                case .index(let index): path = path.appending(index: index)
                }
            }
            self.init(path: path, message: message)
        case nil: self.init(path: "document", message: error.description)
        }
    }
}

/// The errors the reader words the same way wherever they occur.
extension DocumentReader {
    func wrongKind(_ value: JSONValueRef, expected: String, at path: @autoclosure () -> JSONPath) -> DocumentError {
        DocumentError(path: path(), message: "expected \(expected), got \(value.shortDescription)")
    }

    func unknownKey(_ key: String, at path: @autoclosure () -> JSONPath) -> DocumentError {
        DocumentError(path: path(), message: unknownKeyMessage(key))
    }
}
