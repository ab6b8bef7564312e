import LayoutDocument
import LayoutRendering
import TextureLayout

/// A document read from bytes (a file's or a request body's), its errors worded as every command words them; its
/// font files come from where `fontFiles` allows. The bytes are handed on, so that the reader can free them once
/// parsed (a closure, as ``reportingDocumentError(_:)`` takes, would keep a copy).
package func readDocument(bytes: consuming [UInt8], fontFiles: FontFiles) throws(ToolFailure) -> LayoutDocument {
    do {
        return try LayoutDocument(bytes: consume bytes, fontFiles: fontFiles)
    } catch {
        throw .document(error.description)
    }
}

/// Reading a picture format from a user's words, which only a tool does: the renderers take the enum.
extension PictureFormat {
    /// The format a `--format` value (or the server's `format` parameter) names.
    package init(option value: String, named option: String) throws(ToolFailure) {
        guard let format = PictureFormat(rawValue: value) else {
            throw .usage("\(option): expected svg, png, pdf or ascii, got \(jsonString(value))")
        }
        self = format
    }
}
