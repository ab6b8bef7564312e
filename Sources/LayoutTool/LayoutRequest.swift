import LayoutDocument
import LayoutJSON
import LayoutRendering
import TextureLayout

/// What a caller asks of a layout document besides the document itself: the command line's options or the
/// server's query parameters, read once, so that every command and every route answers through ``answer(_:files:)``.
package struct LayoutRequest: Sendable {
    /// What the answer holds.
    package enum Output: Sendable {
        /// Nothing but whether the document reads (`validate`).
        case check
        /// The `layout` command's JSON, without its line end.
        case layout
        /// The picture in this format, drawn with these options.
        case picture(PictureFormat, PictureFormat.Options)
    }

    /// The size range, scale and direction to use in place of the document's.
    package var overrides: SizeOverrides
    package var output: Output
    /// What goes before an option's name in messages: `--` on the command line, nothing for query parameters.
    package var optionPrefix: String

    /// A request for `output` with `overrides`, whose messages name options with `optionPrefix`.
    package init(_ output: Output, overrides: SizeOverrides = SizeOverrides(), optionPrefix: String) {
        self.output = output
        self.overrides = overrides
        self.optionPrefix = optionPrefix
    }

    /// A document's answer: its bytes, and the document, for a caller that keeps it (a command line that exits
    /// soon need not free it).
    package struct Answer {
        package var bytes: [UInt8]
        package var document: LayoutDocument
    }

    /// Reads the document, lays it out with the overrides as parameters of the pass (the document keeps its own)
    /// and writes the answer: the one road from bytes to an answer for `layout`, `render`, `validate` and the
    /// server's routes. `nil` when ``LayoutCancellation/current`` was set while reading, laying out or before
    /// drawing: the answer is then nobody's, and no work is spent on it.
    /// A picture's images are decoded before it is drawn (reading and laying out read only their headers), so that
    /// a corrupt or truncated image is a document error at its `src` and nothing is drawn.
    package func answer(_ bytes: consuming [UInt8], files: DocumentFiles) throws(ToolFailure) -> Answer? {
        let cancellation = LayoutCancellation.current ?? LayoutCancellation()
        let document: LayoutDocument
        do {
            document = try readDocument(bytes: bytes, files: files)
        } catch {
            // Reading stops with an error when the flag is set: the time is up, not the document wrong.
            if cancellation.isCancelled { return nil }
            throw error
        }
        if cancellation.isCancelled { return nil }
        let parameters = try overrides.parameters(for: document)
        switch output {
        case .check:
            return Answer(bytes: [], document: document)
        case .layout:
            var output = JSONOutput()
            try reportingDocumentError(try document.writeLayout(parameters, to: &output))
            return cancellation.isCancelled ? nil : Answer(bytes: output.bytes, document: document)
        case .picture(let format, let options):
            guard let result = try reportingDocumentError(try document.layout(parameters, cancellation: cancellation))
            else { return nil }
            try PictureLimits.check(result, in: format, overrides: overrides, optionPrefix: optionPrefix)
            if format != .ascii { try reportingDocumentError(try document.decodeImages()) }
            if cancellation.isCancelled { return nil }
            return Answer(bytes: format.render(result, options: options), document: document)
        }
    }
}
