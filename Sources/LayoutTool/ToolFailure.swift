import LayoutDocument

/// Why a command (or a request) stops without success: the lines for standard error and the exit status. The
/// server answers with the same first line, so both shells word every failure one way.
package struct ToolFailure: Error, Sendable {
    /// 1: a file could not be read or written.
    package static let ioStatus: Int32 = 1
    /// 2: a document error or a command-line usage error.
    package static let documentStatus: Int32 = 2

    /// What standard error gets, one line each.
    package var lines: [String]
    /// The exit status.
    package var status: Int32
    /// Whether it is a document error (the line starts with the JSON path), as opposed to a usage error.
    package var isDocumentError: Bool

    /// A failure with these lines and status.
    package init(lines: [String], status: Int32, isDocumentError: Bool = false) {
        self.lines = lines
        self.status = status
        self.isDocumentError = isDocumentError
    }

    /// A file that cannot be read or written.
    package static func io(_ line: String) -> ToolFailure { ToolFailure(lines: [line], status: ioStatus) }
    /// A document error: `line` starts with the JSON path.
    package static func document(_ line: String) -> ToolFailure {
        ToolFailure(lines: [line], status: documentStatus, isDocumentError: true)
    }
    /// A bad option or argument.
    package static func usage(_ line: String) -> ToolFailure { ToolFailure(lines: [line], status: documentStatus) }
}

/// The value of a library call that can reject the document (reading it, laying it out), with its
/// `DocumentError` reported as a ``ToolFailure``: every command words document errors the same way.
@discardableResult
package func reportingDocumentError<T>(_ body: @autoclosure () throws(DocumentError) -> T) throws(ToolFailure) -> T {
    do {
        return try body()
    } catch {
        throw .document(error.description)
    }
}
