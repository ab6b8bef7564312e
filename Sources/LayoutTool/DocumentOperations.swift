import LayoutDocument
import LayoutJSON
import LayoutRendering
import TextureLayout

/// Where a document's font and image files may come from.
package struct DocumentFiles: Sendable {
    package var fonts: FontFiles
    package var images: ImageFiles

    /// Fonts from `fonts`, images from `images`.
    package init(fonts: FontFiles, images: ImageFiles) {
        self.fonts = fonts
        self.images = images
    }

    /// Any file, relative paths from `folder` (`nil`: the working folder): the command line's documents.
    package static func relativeTo(_ folder: String?) -> DocumentFiles {
        DocumentFiles(fonts: .relativeTo(folder), images: .relativeTo(folder))
    }
}

/// A document read from bytes (a file's or a request body's), its errors worded as every command words them; its
/// font and image files come from where `files` allows. The bytes are handed on, so that the reader can free them
/// once parsed (a closure, as ``reportingDocumentError(_:)`` takes, would keep a copy).
package func readDocument(bytes: consuming [UInt8], files: DocumentFiles) throws(ToolFailure) -> LayoutDocument {
    do {
        return try LayoutDocument(bytes: consume bytes, fontFiles: files.fonts, imageFiles: files.images)
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
