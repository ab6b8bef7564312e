import Foundation
import Testing
import TextureLayoutText
@testable import LayoutDocument

// Text elements in documents. Geometry by hand from DejaVu Sans Mono (found on the system, never committed):
// 2048 units per em, hhea 1901 / -483, every glyph 1233 units wide. At size 20.48 a character is 12.33 pt, a
// line 23.84 pt tall with its baseline 19.01 below its top.

/// A folder holding `document.json` and a link `fonts/mono.ttf` to DejaVu Sans Mono.
private func documentFolder(_ json: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("text-doc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("fonts"),
        withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("fonts/mono.ttf").path,
        withDestinationPath: try Font(family: "DejaVu Sans Mono").path)
    try json.write(to: folder.appendingPathComponent("document.json"), atomically: true, encoding: .utf8)
    return folder
}

@Test func textElementLinesOutput() throws {
    // "fonts" after "root": fonts are read first wherever the key is. The path is relative to the document.
    let json = """
        {"sizeRange": {"max": [90, "inf"]},
         "root": {"type": "stack", "direction": "vertical", "children": [
            {"type": "node", "name": "top", "size": [10, 10]},
            {"type": "text", "name": "t", "text": "aaa bbb ccc", "font": "mono", "size": 20.48}]},
         "fonts": {"mono": {"file": "fonts/mono.ttf"}}}
        """
    let folder = try documentFolder(json)
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try LayoutDocument(json: json, baseFolder: folder.path)
    let output = try document.layout().json
    let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
    // The stack is as wide as the text (87 = 86.31 rounded up); the text is 48 tall (2 × 23.84 rounded up).
    #expect(parsed["size"] as? [Double] == [87, 58])
    #expect((parsed["frames"] as! [String: [Double]])["t"] == [0, 10, 87, 48])
    // Lines "aaa bbb" (7 × 12.33) and "ccc" (3 × 12.33), below the 10-point node.
    let lines = (parsed["lines"] as! [String: [[String: Any]]])["t"]!
    #expect(lines.map { $0["text"] as! String } == ["aaa bbb", "ccc"])
    let expected: [([Double], Double)] = [
        ([0, 10, 7 * 12.33, 23.84], 10 + 19.01), ([0, 10 + 23.84, 3 * 12.33, 23.84], 10 + 23.84 + 19.01),
    ]
    for (line, (frame, baseline)) in zip(lines, expected) {
        let actual = line["frame"] as! [Double]
        #expect(zip(actual, frame).allSatisfy { abs($0 - $1) < 1e-9 }, "\(actual)")
        #expect(abs((line["baseline"] as! Double) - baseline) < 1e-9)
    }
}

@Test func linesOnlyWithNamedText() throws {
    let plain = try LayoutDocument(json: #"{"root": {"type": "node", "name": "n", "size": [1, 1]}}"#)
    #expect(!(try plain.layout().json.contains("lines")))
    let unnamed = try LayoutDocument(json: #"{"root": {"type": "text", "text": "hi"}}"#)
    #expect(!(try unnamed.layout().json.contains("lines")))
    let named = try LayoutDocument(json: #"{"root": {"type": "text", "name": "x", "text": ""}}"#)
    #expect(try named.layout().json.contains(#""lines": {"x": [{"text": "", "frame": [0, 0, 0, "#))
}

@Test(arguments: [
    (#"{"root": {"type": "text", "text": "a", "font": "body"}}"#, "root.font: unknown font \"body\""),
    (#"{"root": {"type": "text"}}"#, "root: a text needs \"text\" or \"runs\""),
    (#"{"root": {"type": "text", "text": "a", "runs": []}}"#, "root: a text has either \"text\" or \"runs\""),
    (#"{"root": {"type": "text", "runs": [{"size": 3}]}}"#, "root.runs[0]: a run needs \"text\""),
    (#"{"root": {"type": "text", "runs": [{"text": "a", "bold": true}]}}"#, "root.runs[0].bold: unknown key"),
    (#"{"root": {"type": "text", "runs": [{"text": "a", "font": "x"}]}}"#, "root.runs[0].font: unknown font"),
    (#"{"root": {"type": "text", "text": "a", "size": -1}}"#, "root.size: must not be negative"),
    (#"{"root": {"type": "text", "text": "a", "maxLines": -1}}"#, "root.maxLines: must not be negative"),
    (#"{"root": {"type": "text", "text": "a", "maxLines": 1.5}}"#, "root.maxLines: expected a whole number"),
    (#"{"root": {"type": "text", "text": "a", "lineHeight": -2}}"#, "root.lineHeight: must not be negative"),
    (#"{"root": {"type": "text", "text": "a", "truncation": "end"}}"#, "root.truncation: expected one of"),
    (#"{"root": {"type": "text", "text": 5}}"#, "root.text: expected a string"),
    (
        #"{"fonts": {"body": {"file": "/nonexistent.ttf"}}, "root": {"type": "text", "text": "a"}}"#,
        "fonts.body.file: font file not found: /nonexistent.ttf"
    ),
    (#"{"fonts": {"body": {}}, "root": {"type": "text", "text": "a"}}"#, "fonts.body: a font needs \"file\""),
    (
        #"{"fonts": {"body": {"file": "/etc/hostname"}}, "root": {"type": "text", "text": "a"}}"#,
        "fonts.body.file: not a TrueType/OpenType font"
    ),
    (#"{"fonts": {"body": {"path": "x"}}, "root": {"type": "text", "text": "a"}}"#, "fonts.body.path: unknown key"),
])
func textErrors(json: String, message: String) {
    do {
        _ = try LayoutDocument(json: json).layout()
        Issue.record("expected an error")
    } catch {
        #expect(error.description.hasPrefix(message), "\(error.description)")
    }
}

@Test func lonelySurrogateEscapeIsAClearError() {
    // "\ud800" alone cannot be a character: the JSON reader rejects it, naming where it is.
    #expect(throws: DocumentError.self) {
        try LayoutDocument(json: #"{"root": {"type": "text", "name": "s", "text": "a\ud800b"}}"#)
    }
    do {
        _ = try LayoutDocument(json: #"{"root": {"type": "text", "name": "s", "text": "a\ud800b"}}"#)
    } catch {
        #expect(error.description.contains("unpaired surrogate"))
    }
}
