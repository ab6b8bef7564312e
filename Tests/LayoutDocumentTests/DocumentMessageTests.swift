@testable import LayoutDocument
import LayoutJSON
import Testing

/// Error lines in the document's own words: each names the JSON path of the value at fault and says what is wrong
/// with it as the document would write it (no Swift type names), on one line.
@Suite struct DocumentMessageTests {
    /// The one-line error reading (and, when reading succeeds, laying out) `json` gives.
    static func message(_ json: String) -> String? {
        do {
            _ = try LayoutDocument(json: json).layout()
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        // Sizes as the document writes them, not Swift's `Size(width: 20.0, height: 20.0)`.
        (
            #"{"sizeRange": {"min": [20, 20], "max": [10, 10]}, "root": {"type": "node"}}"#,
            "sizeRange: the minimum [20, 20] exceeds the maximum [10, 10]"
        ),
        (
            #"{"sizeRange": {"min": [0, "inf"], "max": [10, 10.5]}, "root": {"type": "node"}}"#,
            #"sizeRange: the minimum [0, "inf"] exceeds the maximum [10, 10.5]"#
        ),
        // How many values the array has.
        (
            #"{"root": {"type": "node", "size": [1, 2, 3]}}"#,
            "root.size: expected an array of two values, got an array of 3 values"
        ),
        (
            #"{"root": {"type": "node", "size": [1]}}"#,
            "root.size: expected an array of two values, got an array of 1 value"
        ),
        (
            #"{"root": {"type": "node", "style": {"layoutPosition": []}}}"#,
            "root.style.layoutPosition: expected an array of two values, got an empty array"
        ),
        (
            #"{"root": {"type": "node", "size": {"w": 1}}}"#,
            "root.size: expected an array of two values, got an object"
        ),
        // An unknown key is reported as such, whatever its value.
        (#"{"sizeRange": {"mid": 5}, "root": {"type": "node"}}"#, #"sizeRange.mid: unknown key "mid""#),
        (
            #"{"root": {"type": "inset", "insets": {"middle": "x"}, "child": {"type": "node"}}}"#,
            #"root.insets.middle: unknown key "middle""#
        ),
        // "an" before a vowel.
        (
            #"{"root": {"type": "inset", "child": {"type": "node"}, "foo": 1}}"#,
            #"root.foo: unknown key "foo" for an inset"#
        ),
        (#"{"root": {"type": "overlay", "child": {"type": "node"}}}"#, #"root: an overlay needs "overlay""#),
        (#"{"root": {"type": "corner", "child": {"type": "node"}}}"#, #"root: a corner needs "corner""#),
        // Keys that are not plain words are quoted, with JSON escapes, so the line stays one line.
        (
            "{\"root\": {\"type\": \"node\", \"sizeR\\nge\": 1}}",
            #"root["sizeR\nge"]: unknown key "sizeR\nge" for a node"#
        ),
        (#"{"root": {"type": "node", "a b": 1}}"#, #"root["a b"]: unknown key "a b" for a node"#),
        (#"{"root": {"type": "node", "": 1}}"#, #"root[""]: unknown key "" for a node"#),
        ("{\"root\": {\"type\": \"node\", \"\u{2028}\": 1}}", #"root["\u2028"]: unknown key "\u2028" for a node"#),
        (
            #"{"root": {"type": "node", "style": {"tab\there": 1}}}"#,
            #"root.style["tab\there"]: unknown style key "tab\there""#
        ),
        (
            #"{"fonts": {"my-font": {}}, "root": {"type": "node"}}"#,
            #"fonts.my-font: a font needs "file" (the path of a font file)"#
        ),
    ])
    func readingErrors(json: String, line: String) {
        #expect(Self.message(json) == line)
    }

    /// An unknown key at any depth is refused as the parser reads it, with the line the reader gives for it (the
    /// reader alone, reading the same document already parsed, gives the same line): the document cut after the
    /// key, with bytes that are not JSON in place of the rest, still gives that line and no syntax error.
    @Test(arguments: [
        (
            #"{"root": {"type": "stack", "children": [{"type": "node"}, {"type": "text", "text": "a", "colour": "red"}]}}"#,
            "colour", #"root.children[1].colour: unknown key "colour" for a text"#
        ),
        (
            #"{"root": {"type": "inset", "insets": {"top": 1}, "child": {"type": "wrapper", "child": {"type": "node", "sise": [1, 2]}}}}"#,
            "sise", #"root.child.child.sise: unknown key "sise" for a node"#
        ),
        (
            #"{"root": {"type": "stack", "children": [], "backgroundColor": "red"}}"#, "backgroundColor",
            "root.backgroundColor: a stack is a layout spec and draws nothing: paint keys go on display elements "
                + "(node, text, image)"
        ),
        (
            #"{"root": {"type": "node", "style": {"flexGrow": 1, "flexGrov": 1}}}"#, "flexGrov",
            #"root.style.flexGrov: unknown style key "flexGrov""#
        ),
        (#"{"sizeRange": {"mid": [1, 2]}, "root": {"type": "node"}}"#, "mid", #"sizeRange.mid: unknown key "mid""#),
        (
            #"{"root": {"type": "inset", "insets": {"middle": 1}, "child": {"type": "node"}}}"#, "middle",
            #"root.insets.middle: unknown key "middle""#
        ),
        (
            #"{"root": {"type": "node", "backgroundGradient": {"colors": ["red", "blue"], "angle": 3}}}"#, "angle",
            #"root.backgroundGradient.angle: unknown key "angle""#
        ),
        (
            #"{"root": {"type": "text", "runs": [{"text": "a"}, {"text": "b", "weight": 700}]}}"#, "weight",
            #"root.runs[1].weight: unknown key "weight""#
        ),
        (
            #"{"fonts": {"f": {"file": "missing.ttf", "weight": 700}}, "root": {"type": "node"}}"#, "weight",
            #"fonts.f.weight: unknown key "weight""#
        ),
    ])
    func unknownKeysAreFoundAsTheyAreRead(json: String, key: String, line: String) throws {
        #expect(Self.message(json) == line)
        let tape = try JSONTape(bytes: Array(json.utf8))
        #expect(throws: DocumentError.self) { try LayoutDocument(jsonValue: tape.root) }
        do { _ = try LayoutDocument(jsonValue: tape.root) } catch { #expect(error.description == line) }
        let cut = try #require(json.range(of: "\"\(key)\":"))
        #expect(Self.message(String(json[..<cut.upperBound]) + " [1, nonsense, {{{") == line)
    }

    /// Sizes the engine refuses (Texture's `ASPointsValidForSize`) and positions that are not finite: the line says
    /// which axis and why.
    @Test(arguments: [
        // 5e-324 is a subnormal number: finite, positive and far below 10⁷, but Texture's check wants 0 or a
        // normal number.
        (
            #"{"root": {"type": "node", "size": [5e-324, 2]}}"#,
            "root: the computed width 5e-324 is too small to be a size (a subnormal number: a size is 0 or at least "
                + "2.2e-308 points)"
        ),
        (
            #"{"root": {"type": "node", "size": [2, 20000000]}}"#,
            "root: the computed height 20000000 is too large (a size must be below 10000000 points)"
        ),
        // 50% of an unbounded width is infinite.
        (#"{"root": {"type": "node", "style": {"width": "50%"}}}"#, "root: the computed width is infinite"),
        // An infinite left inset in an unbounded width puts the child at x = ∞.
        (
            #"{"root": {"type": "inset", "insets": {"left": "inf"}, "child": {"type": "node", "size": [1, 1]}}}"#,
            "root.child: the computed x position is infinite"
        ),
    ])
    func invalidSizesAndPositions(json: String, line: String) {
        #expect(Self.message(json) == line)
    }

    /// A percentage min or max whose parent size is undefined on its axis is reported at the property, naming the
    /// axis.
    @Test(arguments: [
        // A stack with an inexact range gives its (stretched) children no parent size on either axis.
        (
            #"{"root": {"type": "stack", "children": [{"type": "node", "style": {"maxWidth": "50%"}}]}}"#,
            "root.children[0].style.maxWidth: the percentage resolves against an undefined parent width"
        ),
        (
            #"{"root": {"type": "stack", "children": [{"type": "node", "style": {"minLayoutSize": [10, "50%"]}}]}}"#,
            "root.children[0].style.minLayoutSize[1]: the percentage resolves against an undefined parent height"
        ),
        // An exact width: the child's parent width is 200, its parent height undefined, so the height is at fault
        // although the width's percentage comes first.
        (
            #"{"sizeRange": {"min": [200, 0], "max": [200, "inf"]}, "root": {"type": "stack", "alignItems": "start", "#
                + #""children": [{"type": "node", "style": {"minWidth": "50%", "minHeight": "50%"}}]}}"#,
            "root.children[0].style.minHeight: the percentage resolves against an undefined parent height"
        ),
    ])
    func undefinedPercentages(json: String, line: String) {
        #expect(Self.message(json) == line)
    }
}
