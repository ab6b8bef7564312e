import Testing
import TextureLayout
@testable import LayoutDocument

/// The document's `layoutDirection` and a node's `direction` ("Right to left" in the format reference).
///
/// The documents below put a 40 × 20 node `a` and a node `box` in a horizontal stack `row` exactly 200 × 20. `box`'s
/// layout is a stack `inner` with `b` (30 × 20), spacing 10, and `c` (20 × 20), so `box` is 60 wide. Left to right:
/// a at 0, box at 40, b at 40, c at 80. Each node that runs right to left mirrors its content within its width:
/// `x' = width − x − w`.
@Suite struct RightToLeftDocumentTests {
    private func document(_ direction: String?, box: String?) -> String {
        let top = direction.map { #""layoutDirection": "\#($0)", "# } ?? ""
        let boxDirection = box.map { #""direction": "\#($0)", "# } ?? ""
        return #"{\#(top)"sizeRange": {"min": [200, 20], "max": [200, 20]}, "root": {"#
            + #""type": "stack", "name": "row", "direction": "horizontal", "children": ["#
            + #"{"type": "node", "name": "a", "size": [40, 20]},"#
            + #"{"type": "node", "name": "box", \#(boxDirection)"layout": {"type": "stack", "name": "inner", "#
            + #""direction": "horizontal", "spacing": 10, "children": ["#
            + #"{"type": "node", "name": "b", "size": [30, 20]}, {"type": "node", "name": "c", "size": [20, 20]}]}}]}}"#
    }

    private func frames(_ json: String) throws -> [String: [Double]] {
        try LayoutDocument(json: json).layout().frames.mapValues { [$0.minX, $0.minY, $0.width, $0.height] }
    }

    @Test func leftToRightByDefault() throws {
        #expect(try LayoutDocument(json: document(nil, box: nil)).layoutDirection == .leftToRight)
        let ltr = try frames(document(nil, box: nil))
        #expect(
            ltr == [
                "row": [0, 0, 200, 20], "a": [0, 0, 40, 20], "box": [40, 0, 60, 20],
                "inner": [40, 0, 60, 20], "b": [40, 0, 30, 20], "c": [80, 0, 20, 20],
            ])
        #expect(try frames(document("ltr", box: "inherit")) == ltr)
    }

    // Everything mirrored in the 200-wide root: a at 160, box and inner at 200 − 40 − 60 = 100; inside box (60
    // wide): b at 60 − 0 − 30 = 30, c at 60 − 40 − 20 = 0, so at 130 and 100 in the root.
    @Test func aRightToLeftDocumentMirrorsEveryNode() throws {
        #expect(try LayoutDocument(json: document("rtl", box: nil)).layoutDirection == .rightToLeft)
        #expect(
            try frames(document("rtl", box: nil))
                == [
                    "row": [0, 0, 200, 20], "a": [160, 0, 40, 20], "box": [100, 0, 60, 20],
                    "inner": [100, 0, 60, 20], "b": [130, 0, 30, 20], "c": [100, 0, 20, 20],
                ])
    }

    // box forces left to right: it is still placed by the root (at 100), but keeps b at 0 and c at 40 inside it.
    @Test func aNodeForcingLeftToRightInsideARightToLeftDocument() throws {
        let result = try LayoutDocument(json: document("rtl", box: "ltr")).layout()
        #expect(
            result.frames.mapValues { [$0.minX, $0.minY, $0.width, $0.height] }
                == [
                    "row": [0, 0, 200, 20], "a": [160, 0, 40, 20], "box": [100, 0, 60, 20],
                    "inner": [100, 0, 60, 20], "b": [100, 0, 30, 20], "c": [140, 0, 20, 20],
                ])
        let entries = result.layout.allLayouts
        let direction = { (name: String) in entries.first { $0.element.debugName == name }!.direction }
        #expect(direction("a") == .rightToLeft)
        #expect(direction("b") == .leftToRight)
    }

    // box forces right to left in a left-to-right document: only its content mirrors (b at 40 + 30, c at 40 + 0).
    @Test func aNodeForcingRightToLeftInsideALeftToRightDocument() throws {
        #expect(
            try frames(document(nil, box: "rtl"))
                == [
                    "row": [0, 0, 200, 20], "a": [0, 0, 40, 20], "box": [40, 0, 60, 20],
                    "inner": [40, 0, 60, 20], "b": [70, 0, 30, 20], "c": [40, 0, 20, 20],
                ])
    }

    @Test(arguments: [
        (
            #"{"layoutDirection": "up", "root": {"type": "node"}}"#,
            #"layoutDirection: expected one of "ltr", "rtl", got "up""#
        ),
        (
            #"{"layoutDirection": true, "root": {"type": "node"}}"#,
            #"layoutDirection: expected one of "ltr", "rtl", got true"#
        ),
        (
            #"{"root": {"type": "stack", "children": [{"type": "node", "direction": "rtl "}]}}"#,
            #"root.children[0].direction: expected one of "inherit", "ltr", "rtl", got "rtl ""#
        ),
        (
            #"{"root": {"type": "node", "layout": {"type": "node", "direction": 1}}}"#,
            #"root.layout.direction: expected one of "inherit", "ltr", "rtl", got 1"#
        ),
        // A stack's direction is its axis; other specs have no direction.
        (
            #"{"root": {"type": "stack", "direction": "rtl"}}"#,
            #"root.direction: expected one of "vertical", "horizontal", "horizontalReverse", "verticalReverse", got "rtl""#
        ),
        (
            #"{"root": {"type": "inset", "direction": "rtl", "child": {"type": "node"}}}"#,
            #"root.direction: unknown key "direction""#
        ),
    ])
    func badDirectionsNameTheirPath(json: String, message: String) {
        let error = #expect(throws: DocumentError.self) { try LayoutDocument(json: json) }
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }
}

/// Text elements take their default paragraph direction from the node containing them: digits alone (no strong
/// character) follow it, Latin text stays left to right. Each text is 200 wide, so its line's position shows its
/// alignment: natural alignment puts a right-to-left paragraph's line at the right edge.
@Suite struct RightToLeftTextDocumentTests {
    private func lines(_ direction: String, box: String) throws -> [String: Rect] {
        let json =
            #"{"layoutDirection": "\#(direction)", "sizeRange": {"min": [200, 0], "max": [200, "inf"]}, "#
            + #""root": {"type": "stack", "direction": "vertical", "children": ["#
            + #"{"type": "text", "name": "digits", "text": "123", "style": {"width": 200}},"#
            + #"{"type": "text", "name": "latin", "text": "abc", "style": {"width": 200}},"#
            + #"{"type": "node", "name": "box", "direction": "\#(box)", "#
            + #""layout": {"type": "text", "name": "boxed", "text": "123", "style": {"width": 200}}}]}}"#
        let result = try LayoutDocument(json: json).layout()
        return Dictionary(uniqueKeysWithValues: result.namedTextLines.map { ($0.name, $0.lines[0].frame) })
    }

    @Test func textInARightToLeftNodeDefaultsToARightToLeftParagraph() throws {
        let ltr = try lines("ltr", box: "inherit")
        #expect(ltr.values.allSatisfy { $0.minX == 0 })
        let rtl = try lines("rtl", box: "inherit")
        #expect(abs(rtl["digits"]!.maxX - 200) < 1e-9)
        #expect(abs(rtl["boxed"]!.maxX - 200) < 1e-9)
        #expect(rtl["latin"]!.minX == 0)
        // The box forces left to right: the text in it is a left-to-right paragraph; the others are not.
        let forced = try lines("rtl", box: "ltr")
        #expect(forced["boxed"]!.minX == 0)
        #expect(abs(forced["digits"]!.maxX - 200) < 1e-9)
        // And the other way round.
        let boxOnly = try lines("ltr", box: "rtl")
        #expect(abs(boxOnly["boxed"]!.maxX - 200) < 1e-9)
        #expect(boxOnly["digits"]!.minX == 0)
    }

    @Test func changingTheDirectionOfADocumentRelaysItsTexts() throws {
        let json =
            #"{"sizeRange": {"min": [200, 0], "max": [200, "inf"]}, "#
            + #""root": {"type": "text", "name": "t", "text": "123", "style": {"width": 200}}}"#
        var document = try LayoutDocument(json: json)
        #expect(try document.layout().namedTextLines[0].lines[0].frame.minX == 0)
        document.layoutDirection = .rightToLeft
        #expect(abs(try document.layout().namedTextLines[0].lines[0].frame.maxX - 200) < 1e-9)
        document.layoutDirection = .leftToRight
        #expect(try document.layout().namedTextLines[0].lines[0].frame.minX == 0)
    }
}
