import Foundation
import Testing

/// `render` with several files (cli.md): one picture per document in the `-o` folder, named after the document
/// with the format's extension, each the bytes a single-file run writes; a bad document gets one standard-error
/// line starting with its file's name and no picture, the others are drawn; usage errors draw nothing.
@Suite struct BatchRenderTests {
    static let examples = ["feed-cell.json", "photo-grid.json", "corner.json", "stack.json", "spec.json"].map(example)

    @Test(arguments: ["svg", "png", "pdf", "ascii"])
    func everyPictureIsTheSingleFileOne(format: String) throws {
        let scratch = try Scratch()
        let folder = scratch.path("pictures/made")
        let result = try run(
            ["render"] + Self.examples + [
                "-o", folder, "--format", format, "--jobs", "2",
                "--width", "300",
            ])
        result.expectSuccess()
        #expect(result.output.isEmpty)
        let fileExtension = format == "ascii" ? "txt" : format
        for file in Self.examples {
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + "." + fileExtension
            let single = try run(["render", file, "--format", format, "--width", "300"])
            single.expectSuccess()
            let picture = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            if format == "pdf" {
                // A PDF holds its creation time: compare the pages without the info dictionary's dates.
                func page(_ data: Data) -> String {
                    String(decoding: data, as: UTF8.self).split(separator: "\n")
                        .filter { !$0.contains("CreationDate") && !$0.contains("ModDate") }.joined(separator: "\n")
                }
                #expect(page(picture) == page(single.output), "\(name)")
            } else {
                #expect(picture == single.output, "\(name)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == Self.examples.count)
    }

    @Test func badDocumentsGetALineEachAndTheOthersTheirPictures() throws {
        let scratch = try Scratch()
        var files: [String] = []
        for i in 0..<30 {
            files.append(
                i % 7 == 3
                    ? try scratch.file("doc-\(i).json", #"{"root": {"type": "node", "size": "big"}}"#)
                    : try scratch.file("doc-\(i).json", #"{"root": {"type": "node", "size": [\#(i + 1), 10]}}"#))
        }
        let missing = scratch.path("missing.json")
        let folder = scratch.path("out")
        let bad = files.indices.filter { $0 % 7 == 3 }
        // The line a run on one bad document alone prints.
        let single = try run(["render", files[bad[0]]]).errorLines[0]
        for jobs in ["1", "3"] {
            let result = try run(["render"] + files + ["-o", folder, "--format", "png", "--jobs", jobs])
            #expect(result.status == 2)
            #expect(result.output.isEmpty)
            #expect(result.errorLines == bad.map { "\(files[$0]): \(single)" } + [""], "\(result.error)")
            for i in files.indices {
                #expect(FileManager.default.fileExists(atPath: folder + "/doc-\(i).png") == !bad.contains(i))
            }
            try FileManager.default.removeItem(atPath: folder)
        }
        // A file that cannot be read: exit 1 when no document is bad, its line names it.
        let result = try run(["render", files[0], missing, files[1], "-o", folder])
        #expect(result.status == 1)
        #expect(result.errorLines.count == 2 && result.errorLines[0].hasPrefix(missing), "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: folder + "/doc-1.svg"))
    }

    @Test func usageErrorsDrawNothing() throws {
        let scratch = try Scratch()
        let a = try scratch.file("a.json", #"{"root": {"type": "node", "size": [10, 10]}}"#)
        try FileManager.default.createDirectory(atPath: scratch.path("other"), withIntermediateDirectories: true)
        let b = try scratch.file("other/a.json", #"{"root": {"type": "node", "size": [10, 10]}}"#)
        let folder = scratch.path("out")
        try run(["render", a, "-", "-o", folder]).expectFailure(2, startingWith: "-: ")
        try run(["render", a, b, "-o", folder]).expectFailure(2, startingWith: b + ": ")
        try run(["render", a, a, "-o", folder]).expectFailure(2, startingWith: a + ": ")
        try run(["render", a, Self.examples[0]]).expectFailure(2, startingWith: "-o: ")
        try run(["render", a, Self.examples[0], "-o", folder, "--jobs", "0"]).expectFailure(2, startingWith: "--jobs: ")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }
}
