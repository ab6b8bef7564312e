import Foundation
import Testing

/// Bad images through the command line and the server (layout-document.md, "Images"; cli.md, "serve"): a missing,
/// truncated, corrupt, wrong-type or oversize image, a bad `data:` URL, an unknown `contentMode` and an
/// `imageScale` of 0 or less are one standard-error line starting with the JSON path and exit 2, with nothing on
/// standard output and no picture file written or changed; the server answers `422` with the same line, and never
/// names a path of its own. A fault only decoding finds (a truncated or corrupt body) is reported by the pictures
/// that draw pixels (PNG, PDF, SVG); `layout`, `validate` and ASCII pictures read headers only.
@Suite struct ImageInputTests {
    /// The generated test images (`Scripts/make-test-images.py`).
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureLayoutImagesTests/Images")

    static func bytes(_ name: String) throws -> Data { try Data(contentsOf: images.appendingPathComponent(name)) }

    /// `baseline.jpg` (32 × 24 pixels) with the size in its start-of-frame segment replaced: a header that
    /// declares any size, which the limits must refuse before a byte of the body is decoded.
    static func jpegDeclaring(width: UInt16, height: UInt16) throws -> Data {
        var jpeg = [UInt8](try bytes("baseline.jpg"))
        let frame = try #require(
            jpeg.indices.dropLast().first { jpeg[$0] == 0xFF && (0xC0...0xC2).contains(jpeg[$0 + 1]) })
        // FF Cn, a 2-byte length, the sample precision, then the height and the width, big-endian.
        jpeg.replaceSubrange(
            frame + 5..<frame + 9,
            with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        return Data(jpeg)
    }

    /// A folder holding one file of each kind of bad image (and a good one), which both the command line's
    /// documents (beside them) and the server (`--images`) read.
    static func folderOfImages() throws -> Scratch {
        let scratch = try Scratch()
        let png = try bytes("rgb-8.png"), jpeg = try bytes("baseline.jpg")
        _ = try scratch.file("good.png", png)
        _ = try scratch.file("wrong.png", Data("GIF89a".utf8) + Data(repeating: 0, count: 40))
        _ = try scratch.file("empty.jpg", Data())
        _ = try scratch.file("cut-header.png", png.prefix(20))
        _ = try scratch.file("cut.png", png.prefix(png.count - 30))
        _ = try scratch.file("cut.jpg", jpeg.prefix(jpeg.count - 60))
        var corrupt = png
        corrupt[corrupt.count - 20] ^= 0xFF  // inside the image data: its checksum no longer matches
        _ = try scratch.file("corrupt.png", corrupt)
        _ = try scratch.file("wide.jpg", try jpegDeclaring(width: 20_000, height: 24))
        _ = try scratch.file("huge.jpg", try jpegDeclaring(width: 16_384, height: 16_384))
        for i in 0..<5 { _ = try scratch.file("big-\(i).jpg", try jpegDeclaring(width: 16_384, height: 4_096)) }
        return scratch
    }

    /// A document with a plain node first and the image element second, so that paths lead into the document.
    static func document(_ image: String) -> String {
        #"{"root": {"type": "stack", "children": [{"type": "node", "size": [4, 4]}, {"type": "image", \#(image)}]}}"#
    }

    /// One bad input and the line that reports it. `header` is whether the header alone shows the fault (so that
    /// `layout` and `validate` report it too); otherwise only decoding, for a picture, finds it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var image: String
        var line: String
        var header = true
        var testDescription: String { name }
    }

    static let base64 = (try? bytes("rgb-8.png").base64EncodedString()) ?? ""

    static let cases: [Case] = [
        .init(
            name: "wrong type", image: #""src": "wrong.png""#,
            line: #"root.children[1].src: "wrong.png": not a PNG or JPEG image"#),
        .init(
            name: "empty file", image: #""src": "empty.jpg""#,
            line: #"root.children[1].src: "empty.jpg": the file is empty"#),
        .init(
            name: "truncated header", image: #""src": "cut-header.png""#,
            line: #"root.children[1].src: "cut-header.png": a corrupt or truncated PNG header"#),
        .init(
            name: "truncated PNG", image: #""src": "cut.png""#,
            line: #"root.children[1].src: "cut.png": a corrupt or truncated PNG"#, header: false),
        .init(
            name: "truncated JPEG", image: #""src": "cut.jpg""#,
            line: #"root.children[1].src: "cut.jpg": a corrupt or truncated JPEG (libjpeg: "#, header: false),
        .init(
            name: "corrupt PNG", image: #""src": "corrupt.png""#,
            line: #"root.children[1].src: "corrupt.png": a corrupt or truncated PNG (libpng: "#, header: false),
        .init(
            name: "more than 16384 pixels a side", image: #""src": "wide.jpg""#,
            line: #"root.children[1].src: "wide.jpg": the image is 20000×24 pixels: more than 16384 on a side"#),
        .init(
            name: "more than 64 Mpx", image: #""src": "huge.jpg""#,
            line: #"root.children[1].src: "huge.jpg": the image is 16384×16384 pixels: more than 67108864 pixels"#),
        .init(
            name: "data: URL of another type", image: #""src": "data:image/gif;base64,R0lGOD""#,
            line: "root.children[1].src: data: URL: expected data:image/png;base64,… or data:image/jpeg;base64,…"),
        .init(
            name: "data: URL with bad base64", image: #""src": "data:image/png;base64,%%%""#,
            line: "root.children[1].src: data: URL: expected data:image/png;base64,… or data:image/jpeg;base64,…"),
        .init(
            name: "data: URL of something else", image: #""src": "data:image/png;base64,aGVsbG8=""#,
            line: "root.children[1].src: data: URL: not a PNG or JPEG image"),
        .init(
            name: "data: URL of a truncated PNG",
            image: #""src": "data:image/png;base64,\#(base64.prefix(base64.count - 40))""#,
            line: "root.children[1].src: data: URL: a corrupt or truncated PNG", header: false),
        .init(
            name: "unknown contentMode", image: #""src": "good.png", "contentMode": "fill""#,
            line: #"root.children[1].contentMode: expected one of"#),
        .init(
            name: "imageScale 0", image: #""src": "good.png", "imageScale": 0"#,
            line: "root.children[1].imageScale: the imageScale must be greater than 0"),
        .init(
            name: "negative imageScale", image: #""src": "good.png", "imageScale": -2"#,
            line: "root.children[1].imageScale: "),
        .init(name: "src not a string", image: #""src": 3"#, line: "root.children[1].src: expected a string, got 3"),
    ]

    @Test(arguments: cases)
    func commandLine(_ bad: Case) throws {
        let folder = try Self.folderOfImages()
        let path = try folder.file("doc.json", Self.document(bad.image))
        for format in ["png", "pdf", "svg"] {
            let out = folder.path("new.\(format)")
            try run(["render", path, "-o", out]).expectFailure(2, startingWith: bad.line)
            #expect(!FileManager.default.fileExists(atPath: out), "\(bad.name): \(format) written")
        }
        // A picture already there is left as it was.
        let old = try folder.file("old.png", "an older picture")
        try run(["render", path, "-o", old]).expectFailure(2, startingWith: bad.line)
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "an older picture")
        // Standard output too: nothing on it.
        try run(["render", path, "--format", "png"]).expectFailure(2, startingWith: bad.line)
        // An ASCII picture draws an image's box, not its pixels: like `layout`, it reads only the header.
        for command in [["layout", path], ["validate", path], ["render", path, "--format", "ascii"]] {
            let result = try run(command)
            if bad.header {
                result.expectFailure(2, startingWith: bad.line)
            } else {
                result.expectSuccess()
            }
        }
    }

    /// The file is missing: the line names it as the document does.
    @Test func missingFile() throws {
        let folder = try Self.folderOfImages()
        let path = try folder.file("doc.json", Self.document(#""src": "missing.png""#))
        for command in [["layout", path], ["validate", path], ["render", path, "-o", folder.path("x.png")]] {
            try run(command).expectFailure(
                2, startingWith: #"root.children[1].src: "missing.png": cannot read (No such file or directory)"#)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.png")))
    }

    /// Five distinct sources of 64 Mpx each pass the per-image limit and exceed the document's 256 Mpx: the
    /// fifth is reported, from the headers, before anything is decoded.
    @Test func documentTotal() throws {
        let folder = try Self.folderOfImages()
        let children = (0..<5).map { #"{"type": "image", "src": "big-\#($0).jpg"}"# }.joined(separator: ", ")
        let path = try folder.file("doc.json", #"{"root": {"type": "stack", "children": [\#(children)]}}"#)
        let line =
            #"root.children[4].src: "big-4.jpg": the document's images add up to 335544320 pixels: more than 268435456"#
        try run(["layout", path]).expectFailure(2, startingWith: line)
        try run(["render", path, "-o", folder.path("x.png")]).expectFailure(2, startingWith: line)
        #expect(!FileManager.default.fileExists(atPath: folder.path("x.png")))
    }

    /// In a batch, the bad document gets its line (its file's name, then the single run's line) and no picture;
    /// the good one is drawn.
    @Test func batch() throws {
        let folder = try Self.folderOfImages()
        let good = try folder.file("good.json", Self.document(#""src": "good.png""#))
        let bad = try folder.file("bad.json", Self.document(#""src": "corrupt.png""#))
        let out = folder.path("pictures")
        let result = try run(["render", good, bad, "-o", out, "--format", "png", "--jobs", "2"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(
            result.errorLines.count == 2
                && result.errorLines[0].hasPrefix(
                    bad + #": root.children[1].src: "corrupt.png": a corrupt or truncated PNG"#),
            "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: out + "/good.png"))
        #expect(!FileManager.default.fileExists(atPath: out + "/bad.png"))
    }

    /// The server with `--images` reads the same files: every case is a `422` whose error is the command line's
    /// line, for `/render` in every format and for `/layout` and `/validate` where the header shows the fault; no
    /// answer holds the server's folder.
    @Test func server() throws {
        let folder = try Self.folderOfImages()
        let server = try ServerProcess(["--images", folder.url.path])
        for bad in Self.cases {
            let document = Self.document(bad.image)
            let single = try run(["render", try folder.file("doc.json", document)]).errorLines[0]
            var routes = ["/render?format=png", "/render?format=pdf", "/render?format=svg"]
            if bad.header { routes += ["/layout", "/validate"] }
            for route in routes {
                let answer = try server.post(route, document)
                #expect(answer.status == 422, "\(bad.name) \(route): \(answer.status) \(answer.text)")
                #expect(answer.error == single, "\(bad.name) \(route)")
                #expect(!answer.text.contains(folder.url.path), "\(bad.name) \(route): \(answer.text)")
            }
        }
        // A file the folder lacks, and one outside it, are named as the document names them.
        let missing = try server.post("/render?format=png", Self.document(#""src": "missing.png""#))
        #expect(missing.status == 422)
        #expect(missing.error == #"root.children[1].src: "missing.png" is not a file in the images folder"#)
        let outside = try server.post("/layout", Self.document(#""src": "../good.png""#))
        #expect(outside.error == #"root.children[1].src: "../good.png" leaves the images folder ("..")"#)
        let good = try server.post("/render?format=png", Self.document(#""src": "good.png""#))
        #expect(good.status == 200 && good.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(server.stop() == 0)
    }
}
