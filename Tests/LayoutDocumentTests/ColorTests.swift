import LayoutDocument
import Testing
import TextureLayoutPaint

/// CSS colours as a document's `color` holds them. Expected channels are worked out from CSS Color 4's rules:
/// percentages of 255 and alphas of 1 rounded to the nearest integer, HSL through CSS's conversion (e.g.
/// hsl(120, 100%, 25%): chroma 0.5 on green, so green = 0.5 × 255 = 127.5 → 128).
@Suite struct ColorTests {
    @Test(arguments: [
        ("#f00", RGBA(255, 0, 0)), ("#F00A", RGBA(255, 0, 0, 0xAA)), ("#123456", RGBA(0x12, 0x34, 0x56)),
        ("#12345680", RGBA(0x12, 0x34, 0x56, 0x80)), ("Tomato", RGBA(0xFF, 0x63, 0x47)),
        (" navy ", RGBA(0, 0, 0x80)), ("\tREBECCAPURPLE\n", RGBA(0x66, 0x33, 0x99)), ("transparent", RGBA(0, 0, 0, 0)),
        ("rgb(1, 2, 3)", RGBA(1, 2, 3)), ("rgba(255,0,0,0.5)", RGBA(255, 0, 0, 128)),
        ("rgb(100% 0% 50% / 50%)", RGBA(255, 0, 128, 128)), ("rgba(1 2 3)", RGBA(1, 2, 3)),
        ("rgb(1, 2, 3, 0.2)", RGBA(1, 2, 3, 51)), ("RGB(300, -5, 1e2)", RGBA(255, 0, 100)),
        ("rgb(none 10 20 / .5)", RGBA(0, 10, 20, 128)), ("rgb(10.6 10.4 0 / 200%)", RGBA(11, 10, 0)),
        ("hsl(120, 100%, 25%)", RGBA(0, 128, 0)), ("hsl(0 100% 50%)", RGBA(255, 0, 0)),
        ("hsla(240, 100%, 50%, 0.5)", RGBA(0, 0, 255, 128)), ("hsl(0.5turn 100% 50%)", RGBA(0, 255, 255)),
        ("hsl(200grad 100% 50%)", RGBA(0, 255, 255)), ("hsl(3.14159265rad 100% 50%)", RGBA(0, 255, 255)),
        ("hsl(-120deg 100% 50% / 25%)", RGBA(0, 0, 255, 64)), ("hsl(480, 100%, 50%)", RGBA(0, 255, 0)),
        ("hsl(120 50 50)", RGBA(64, 191, 64)), ("hsl(120, 50%, 50%)", RGBA(64, 191, 64)),
        ("hsl(0, 0%, 100%)", RGBA(255, 255, 255)),
    ])
    func parsesCSSColours(text: String, color: RGBA) {
        #expect(RGBA(css: text) == color)
    }

    /// Anything else is not a colour: wrong digit counts, mixed forms, unknown names and functions, CSS's
    /// number syntax broken, Swift-only number spellings.
    @Test(arguments: [
        "", "#12", "#12345", "#1234567", "#ggg", "#１２３", "rgb(1, 2)", "rgb(a, b, c)", "blurple", "blue-ish",
        "rgb(1, 2, 3", "rgb(1 2, 3)", "rgb(1, 2, 3 / 1)", "rgb(1 2 3 4)", "rgb(1 2 3 / 1 / 2)", "rgb(1, 2%, 3)",
        "rgb(1,,2,3)", "rgb(none, 2, 3)", "rgb(inf 0 0)", "rgb(nan 0 0)", "rgb(0x10 0 0)", "rgb(1. 2 3)",
        "rgb(1e 2 3)", "rgb(1deg 2 3)", "hsl(120, 50, 50)", "hsl(50% 50% 50%)", "hsl(120 50% 50% / 1deg)",
        "lab(50% 40 59)", "currentcolor", "rgb ( 1 2 3 )", "#12 34 56",
    ])
    func rejectsOtherText(text: String) {
        #expect(RGBA(css: text) == nil)
    }

    @Test func hexIsTwoDigitsPerChannel() {
        #expect(RGBA(0, 0x0A, 0xFF).hex == "#000aff")
        #expect(RGBA(0, 0x0A, 0xFF).cssHex == "#000aff")
        #expect(RGBA(0, 0x0A, 0xFF, 0x80).cssHex == "#000aff80")
    }

    /// The reader checks colours: a document with anything but a CSS colour is rejected with the key's path, so
    /// `validate` catches it; a good one reaches the pictures as channels.
    @Test func theReaderRejectsWhatIsNotAColour() throws {
        for text in ["blue-ish", "#12345", "hsl(120, 50, 50)"] {
            #expect(
                throws: DocumentError(
                    path: "root.children[0].color",
                    message: "expected a CSS colour (a name "
                        + "such as \"tomato\", \"#rgb\", \"#rrggbb\", \"rgb(…)\" or \"hsl(…)\"), got \"\(text)\"")
            ) {
                try LayoutDocument(
                    json: #"{"root": {"type": "stack", "children": [{"type": "node", "color": ""#
                        + text + #""}]}}"#)
            }
        }
        // A text's colour and its runs' colours are checked the same way.
        for (json, path) in [
            (#"{"type": "text", "text": "a", "color": "blue-ish"}"#, "root.color"),
            (#"{"type": "text", "runs": [{"text": "a", "color": "blue-ish"}]}"#, "root.runs[0].color"),
        ] {
            #expect(
                throws: DocumentError(
                    path: path,
                    message: "expected a CSS colour (a name such as \"tomato\", "
                        + "\"#rgb\", \"#rrggbb\", \"rgb(…)\" or \"hsl(…)\"), got \"blue-ish\"")
            ) {
                try LayoutDocument(json: #"{"root": "# + json + "}")
            }
        }
        let document = try LayoutDocument(
            json: #"{"root": {"type": "node", "name": "a", "color": "hsl(120 100% 25%)"}}"#)
        #expect(document.paint(of: document.elementsByName["a"]!)?.backgroundColor == RGBA(0, 128, 0))
    }
}
