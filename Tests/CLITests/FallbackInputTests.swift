import Foundation
import Testing

/// Bad input around font fallback (layout-document.md, "Text: fonts beyond the run's font"): one stderr line
/// starting with the JSON path and exit 2, or a finite layout.
@Suite struct FallbackInputTests {
    static let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    static let installed = FileManager.default.fileExists(atPath: cjk) && FileManager.default.fileExists(atPath: emoji)

    @Test func aFallbackNameThatFontsLacks() throws {
        try run(
            ["layout", "DOC"],
            document: #"""
                {"fallbackFonts": ["default", "emoji"], "root": {"type": "text", "text": "a"}}
                """#
        ).expectFailure(2, startingWith: #"fallbackFonts[1]: unknown font "emoji""#)
        try run(["layout", "DOC"], document: #"{"fallbackFonts": "default", "root": {"type": "node"}}"#)
            .expectFailure(2, startingWith: "fallbackFonts: expected an array of font names")
    }

    @Test func aFallbackFileThatIsNotAFont() throws {
        let scratch = try Scratch()
        _ = try scratch.file("notes.ttf", String(repeating: "not a font at all ", count: 10))
        let document = try scratch.file(
            "doc.json",
            #"""
            {"fonts": {"x": {"file": "notes.ttf"}}, "fallbackFonts": ["x"], "root": {"type": "text", "text": "a"}}
            """#)
        try run(["layout", document]).expectFailure(2, startingWith: "fonts.x.file: not a TrueType/OpenType font")
    }

    @Test(.enabled(if: installed)) func aBadFaceIndex() throws {
        func document(_ index: String) -> String {
            #"{"fonts": {"cjk": {"file": "\#(Self.cjk)", "index": \#(index)}}, "root": {"type": "text", "text": "a"}}"#
        }
        try run(["layout", "DOC"], document: document("10"))
            .expectFailure(2, startingWith: "fonts.cjk.index: no face 10 in the font file (it has 10 faces, 0...9)")
        try run(["layout", "DOC"], document: document("-1"))
            .expectFailure(2, startingWith: "fonts.cjk.index: must not be negative")
        try run(["layout", "DOC"], document: document("1.5"))
            .expectFailure(2, startingWith: "fonts.cjk.index: expected a whole number")
        try run(["layout", "DOC"], document: document("\"1\""))
            .expectFailure(2, startingWith: "fonts.cjk.index: expected a number")
        try run(
            ["layout", "DOC"],
            document: #"""
                {"fonts": {"e": {"file": "\#(Self.emoji)", "index": 1}}, "root": {"type": "text", "text": "a"}}
                """#
        ).expectFailure(2, startingWith: "fonts.e.index: no face 1 in the font file (it has one face, 0)")
        try run(["layout", "DOC"], document: document("3")).expectSuccess()
    }

    @Test func unpairedSurrogates() throws {
        try run(
            ["layout", "DOC"],
            document: #"""
                {"root": {"type": "text", "text": "a \uD83D b 😀"}}
                """#
        ).expectFailure(2, startingWith: "document: invalid JSON at line 1, column 38: unpaired surrogate")
    }

    /// A long mixed-script text lays out to finite lines (its time is measured by the report's command, not here).
    @Test(.enabled(if: installed)) func longMixedScriptText() throws {
        let pieces = ["Ada 👩‍💻", "山田太郎。", "مرحبا بالعالم", "שלום", "ภาษาไทย", "नमस्ते", "🇯🇵", "e\u{301}", "안녕"]
        var text = ""
        var index = 0
        while text.unicodeScalars.count < 20_000 {
            text += pieces[index % pieces.count] + " "
            index += 1
        }
        let document = #"{"root": {"type": "text", "name": "t", "text": "\#(text)", "style": {"width": 300}}}"#
        let result = try run(["layout", "DOC"], document: document)
        result.expectSuccess()
        let lines = try #require(
            (try JSONSerialization.jsonObject(with: result.output) as? [String: Any])?["lines"] as? [String: Any])
        let frames = (lines["t"] as? [[String: Any]] ?? []).compactMap { $0["frame"] as? [Double] }
        #expect(frames.count > 100 && frames.allSatisfy { $0.allSatisfy(\.isFinite) && $0[2] <= 300 })
    }
}
