import Foundation
import LayoutDocument
import TestSupport
import Testing
import TextureLayout

/// Image elements as the reader reads them: their size from the header alone, and every bad input reported at the
/// element's `src` (or the bad key) in one line.
@Suite struct ImageDocumentTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureLayoutImagesTests/Images")

    /// A folder of files for one test, removed when it ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func write(_ bytes: [UInt8], _ name: String) throws {
            try Data(bytes).write(to: url.appendingPathComponent(name))
        }
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: images.appendingPathComponent(name)))
    }

    /// The reader's message for a document whose root is an image with these keys, read from `folder`.
    func error(_ keys: String, in folder: String = images.path, imageFiles: ImageFiles? = nil) -> String? {
        let json = #"{"root": {"type": "image", \#(keys)}}"#
        do {
            let document = try LayoutDocument(
                bytes: Array(json.utf8), fontFiles: .relativeTo(folder),
                imageFiles: imageFiles ?? .relativeTo(folder))
            try document.decodeImages()
            return nil
        } catch {
            return error.description
        }
    }

    /// A PNG of `width × height` pixels that has only its header: enough to lay out, nothing to decode.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        let header = PNGFile.bigEndian(width) + PNGFile.bigEndian(height) + [8, 2, 0, 0, 0]
        return PNGFile.signature + PNGFile.chunk("IHDR", header) + PNGFile.chunk("IDAT", []) + PNGFile.chunk("IEND", [])
    }

    @Test func sizeComesFromTheHeader() throws {
        let json =
            #"{"root": {"type": "stack", "direction": "vertical", "alignItems": "start", "children": [{"type": "image", "name": "a", "src": "rgb-8.png"}, {"type": "image", "name": "b", "src": "baseline.jpg", "imageScale": 2}]}}"#
        let layout = try LayoutDocument(json: json, baseFolder: Self.images.path).layout()
        #expect(layout.frames["a"] == Rect(x: 0, y: 0, width: 8, height: 6))
        #expect(layout.frames["b"] == Rect(x: 0, y: 6, width: 16, height: 12))
        // A 16,384 × 4,096 header lays out without its 67 million pixels ever being decoded.
        let folder = try Folder()
        try folder.write(Self.pngHeader(width: 16_384, height: 4_096), "big.png")
        let big = try LayoutDocument(
            json: #"{"root": {"type": "image", "name": "i", "src": "big.png"}}"#,
            baseFolder: folder.url.path
        ).layout()
        #expect(big.frames["i"]?.size == Size(16_384, 4_096))
    }

    @Test func dataURLs() throws {
        let base64 = Data(try Self.bytes("rgb-8.png")).base64EncodedString()
        let json = #"{"root": {"type": "image", "name": "i", "src": "data:image/png;base64,\#(base64)"}}"#
        #expect(try LayoutDocument(json: json).layout().frames["i"]?.size == Size(8, 6))
        #expect(
            error(#""src": "data:image/gif;base64,R0lGOD""#)
                == "root.src: data: URL: expected data:image/png;base64,… or data:image/jpeg;base64,…")
        #expect(
            error(#""src": "data:image/png;base64,%%%""#)
                == "root.src: data: URL: expected data:image/png;base64,… or data:image/jpeg;base64,…")
        #expect(
            error(#""src": "data:image/png,hello""#)
                == "root.src: data: URL: expected data:image/png;base64,… or data:image/jpeg;base64,…")
        // Good base64 of something that is not an image.
        #expect(error(#""src": "data:image/png;base64,aGVsbG8=""#) == "root.src: data: URL: not a PNG or JPEG image")
    }

    @Test func badFilesAreOneLineAtSrc() throws {
        #expect(error(#""src": "missing.png""#) == #"root.src: "missing.png": cannot read (No such file or directory)"#)
        let folder = try Folder()
        try folder.write(Array("GIF89a....".utf8), "wrong.png")
        try folder.write([], "empty.jpg")
        let jpeg = try Self.bytes("baseline.jpg")
        try folder.write(Array(jpeg.prefix(jpeg.count - 60)), "cut.jpg")
        try folder.write(Array(try Self.bytes("rgb-8.png").prefix(20)), "cut-header.png")
        var corrupt = try Self.bytes("rgb-8.png")
        corrupt[corrupt.count - 20] ^= 0xFF
        try folder.write(corrupt, "corrupt.png")
        try folder.write(Self.pngHeader(width: 20_000, height: 10), "wide.png")
        try folder.write(Self.pngHeader(width: 16_384, height: 16_384), "huge.png")
        let at = folder.url.path
        #expect(error(#""src": "wrong.png""#, in: at) == #"root.src: "wrong.png": not a PNG or JPEG image"#)
        #expect(error(#""src": "empty.jpg""#, in: at) == #"root.src: "empty.jpg": the file is empty"#)
        #expect(
            error(#""src": "cut-header.png""#, in: at)?.hasPrefix(
                #"root.src: "cut-header.png": a corrupt or truncated PNG header"#) == true)
        #expect(
            error(#""src": "wide.png""#, in: at)
                == #"root.src: "wide.png": the image is 20000×10 pixels: more than 16384 on a side"#)
        #expect(
            error(#""src": "huge.png""#, in: at)
                == #"root.src: "huge.png": the image is 16384×16384 pixels: more than 67108864 pixels"#)
        #expect(error(#""src": ".""#, in: at) == #"root.src: ".": not a file"#)
        // The body is decoded only for a picture: layout accepts these, decoding refuses them.
        #expect(
            try LayoutDocument(json: #"{"root": {"type": "image", "src": "cut.jpg"}}"#, baseFolder: at).layout().size
                == Size(32, 24))
        #expect(
            error(#""src": "cut.jpg""#, in: at)?.hasPrefix(
                #"root.src: "cut.jpg": a corrupt or truncated JPEG (libjpeg: "#) == true)
        #expect(
            error(#""src": "corrupt.png""#, in: at)?.hasPrefix(#"root.src: "corrupt.png": a corrupt or truncated PNG"#)
                == true)
        // Deeper in a document, the path leads to the element.
        let json =
            #"{"root": {"type": "stack", "children": [{"type": "node"}, {"type": "image", "src": "wrong.png"}]}}"#
        #expect(throws: DocumentError(path: "root.children[1].src", message: #""wrong.png": not a PNG or JPEG image"#))
        {
            try LayoutDocument(json: json, baseFolder: at)
        }
    }

    @Test func badKeys() {
        #expect(error(#""src": "rgb-8.png", "contentMode": "fill""#)?.hasPrefix("root.contentMode: ") == true)
        #expect(
            error(#""src": "rgb-8.png", "imageScale": 0"#) == "root.imageScale: the imageScale must be greater than 0")
        #expect(error(#""src": "rgb-8.png", "imageScale": -2"#)?.hasPrefix("root.imageScale: ") == true)
        #expect(error(#""contentMode": "center""#) == #"root: an image needs "src""#)
        #expect(error(#""src": 3"#) == "root.src: expected a string, got 3")
    }

    /// Every source counts once towards the document's 256 million pixels; the fifth distinct 64-million-pixel
    /// image is one too many.
    @Test func documentTotalIsLimited() throws {
        let folder = try Folder()
        for i in 0..<5 { try folder.write(Self.pngHeader(width: 16_384, height: 4_096), "\(i).png") }
        func document(_ sources: [String]) -> String {
            let children = sources.map { #"{"type": "image", "src": "\#($0)"}"# }.joined(separator: ", ")
            return #"{"root": {"type": "stack", "children": [\#(children)]}}"#
        }
        let four = document((0..<4).map { "\($0).png" } + ["0.png", "1.png"])
        #expect(throws: Never.self) { try LayoutDocument(json: four, baseFolder: folder.url.path) }
        #expect(
            throws: DocumentError(
                path: "root.children[4].src",
                message:
                    #""4.png": the document's images add up to 335544320 pixels: more than 268435456"#)
        ) {
            try LayoutDocument(json: document((0..<5).map { "\($0).png" }), baseFolder: folder.url.path)
        }
    }

    /// A server's documents: files only inside the images folder, none without one; `data:` URLs always.
    @Test func confinedImageFiles() throws {
        let folder = try Folder()
        try folder.write(try Self.bytes("rgb-8.png"), "a.png")
        let images = try #require(FontFolder(path: folder.url.path, kind: "image"))
        #expect(error(#""src": "a.png""#, imageFiles: .inside(images)) == nil)
        #expect(
            error(#""src": "../a.png""#, imageFiles: .inside(images))
                == #"root.src: "../a.png" leaves the images folder ("..")"#)
        #expect(
            error(#""src": "/etc/passwd""#, imageFiles: .inside(images))
                == #"root.src: "/etc/passwd" is an absolute path; image files are named relative to the images folder"#)
        #expect(
            error(#""src": "a.png""#, imageFiles: ImageFiles.none)
                == #"root.src: "a.png": image files are not accepted here (no images folder); use a data: URL"#)
        let base64 = Data(try Self.bytes("rgb-8.png")).base64EncodedString()
        #expect(error(#""src": "data:image/png;base64,\#(base64)""#, imageFiles: ImageFiles.none) == nil)
    }
}
