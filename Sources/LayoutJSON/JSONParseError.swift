// Unsafe room: JSON.
// Invariants: an error's context is read from the parser's byte buffer while the parser runs, within its bounds.

/// A syntax error found while building a ``JSONTape``.
///
/// The location is kept both as a raw byte offset (for tools) and as a
/// 1-based line and column (for people). Columns count Unicode scalars, not
/// bytes, so the column matches what an editor shows for non-ASCII text.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte offset into the UTF-8 input where the problem was detected.
    package let offset: Int
    /// 1-based line number (lines are separated by `\n`).
    package let line: Int
    /// 1-based column, counted in Unicode scalars from the start of the line.
    package let column: Int
    /// What went wrong, without the location, e.g. `expected ',' or '}'`.
    package let reason: String
    /// What the input breaks besides JSON's grammar, when it must be a layout document (the parser checks the
    /// root's type and every object's keys as it reads them); `nil` for a syntax error.
    package var shapeProblem: ShapeProblem?

    /// A layout document's shape that the parser checks.
    package enum ShapeProblem: Sendable, Equatable {
        /// The root is not an object but this (`an array`, `a string`, `a number`).
        case rootIs(String)
        /// A key the format does not have where it is: the key's path and the rules' message for it.
        case unknownKey(at: [PathStep], message: String)
    }

    /// One step of a path into the document: a member's key or an item's index.
    package enum PathStep: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    package init(offset: Int, line: Int, column: Int, reason: String) {
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `invalid JSON at line 3, column 7: expected ',' or '}'`
    package var description: String {
        "invalid JSON at line \(line), column \(column): \(reason)"
    }

    /// Builds an error for `offset`, computing line and column only now:
    /// errors are rare, so the hot parsing loop never tracks lines.
    static func at(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ reason: String) -> JSONParseError {
        let limit = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        var index = 0
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Only lead bytes (and ASCII) start a new scalar.
                column += 1
            }
            index += 1
        }
        return JSONParseError(offset: limit, line: line, column: column, reason: reason)
    }
}
