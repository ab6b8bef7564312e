import Foundation
import Testing

/// One document rule of the contract (layout-document.md, "Errors"): a document that breaks it and the JSON path
/// its error line starts with.
struct DocumentCase: CustomTestStringConvertible, Sendable {
    var rule: String
    var document: String
    var prefix: String

    var testDescription: String { rule }
}

/// Every command that reads a document rejects a bad one the same way: status 2, nothing on standard output, one
/// line on standard error starting with the JSON path.
@Suite struct DocumentErrorTests {
    static let cases: [DocumentCase] = [
        .init(
            rule: "invalid JSON", document: #"{"root": {"type": "node",}"#,
            prefix: "document: invalid JSON at line 1, column 26"),
        .init(
            rule: "invalid JSON: trailing text", document: #"{"root": {"type": "node"}} x"#,
            prefix: "document: invalid JSON"),
        .init(rule: "not an object", document: "[]", prefix: "document: expected an object"),
        .init(rule: "missing root", document: "{}", prefix: "document: "),
        .init(
            rule: "unknown type", document: #"{"root": {"type": "box"}}"#,
            prefix: #"root.type: unknown element type "box""#),
        .init(rule: "missing type", document: #"{"root": {"name": "x"}}"#, prefix: "root: "),
        .init(
            rule: "unknown key", document: #"{"root": {"type": "node", "colour": "red"}}"#,
            prefix: #"root.colour: unknown key "colour""#),
        .init(
            rule: "unknown top-level key", document: #"{"root": {"type": "node"}, "size": [1, 1]}"#,
            prefix: "size: unknown key"),
        .init(
            rule: "unknown style key", document: #"{"root": {"type": "node", "style": {"flex": 1}}}"#,
            prefix: "root.style.flex: "),
        .init(
            rule: "key of another type", document: #"{"root": {"type": "node", "child": {"type": "node"}}}"#,
            prefix: "root.child: unknown key"),
        .init(
            rule: "wrong kind (the contract's example)",
            document: #"""
                {"root": {"type": "stack", "children": [{"type": "node"}, {"type": "node"},
                  {"type": "node", "style": {"flexBasis": true}}]}}
                """#, prefix: "root.children[2].style.flexBasis: expected a dimension"),
        .init(
            rule: "wrong kind: children", document: #"{"root": {"type": "stack", "children": {}}}"#,
            prefix: "root.children: expected "),
        .init(
            rule: "wrong kind: string for a number", document: #"{"root": {"type": "stack", "spacing": "4"}}"#,
            prefix: "root.spacing: expected a number"),
        .init(
            rule: "wrong kind: enum value", document: #"{"root": {"type": "stack", "direction": "diagonal"}}"#,
            prefix: "root.direction: expected one of"),
        .init(
            rule: "wrong kind: pair of three", document: #"{"root": {"type": "node", "size": [1, 2, 3]}}"#,
            prefix: "root.size: expected "),
        .init(
            rule: "duplicate name",
            document: #"""
                {"root": {"type": "stack", "children": [{"type": "node", "name": "a"}, {"type": "node", "name": "a"}]}}
                """#, prefix: #"root.children[1].name: duplicate name "a""#),
        .init(
            rule: "duplicate key", document: #"{"root": {"type": "node", "size": [1, 1], "size": [2, 2]}}"#,
            prefix: "root.size: duplicate key"),
        .init(
            rule: "negative size", document: #"{"root": {"type": "node", "size": [-1, 5]}}"#,
            prefix: "root.size[0]: "),
        .init(
            rule: "negative style size", document: #"{"root": {"type": "node", "style": {"maxWidth": -5}}}"#,
            prefix: "root.style.maxWidth: "),
        .init(
            rule: "negative points string", document: #"{"root": {"type": "node", "style": {"width": "-5pt"}}}"#,
            prefix: "root.style.width: "),
        .init(
            rule: "negative flexGrow", document: #"{"root": {"type": "node", "style": {"flexGrow": -1}}}"#,
            prefix: "root.style.flexGrow: "),
        .init(
            rule: "negative sizeRange", document: #"{"sizeRange": {"max": [-1, 5]}, "root": {"type": "node"}}"#,
            prefix: "sizeRange.max[0]: "),
        .init(
            rule: "NaN as a string", document: #"{"root": {"type": "node", "size": ["NaN", 1]}}"#,
            prefix: #"root.size[0]: expected a number, got "NaN""#),
        .init(
            rule: "NaN through overflow", document: #"{"root": {"type": "node", "size": [1, 1e999]}}"#,
            prefix: "root.size[1]: the number 1e999 is too large to be finite"),
        .init(
            rule: "overflow where negatives are allowed", document: #"{"root": {"type": "stack", "spacing": -1e999}}"#,
            prefix: "root.spacing: the number -1e999 is too large"),
        .init(
            rule: "overflow where inf is allowed",
            document: #"{"sizeRange": {"max": [1e400, 1]}, "root": {"type": "node"}}"#,
            prefix: "sizeRange.max[0]: "),
        .init(
            rule: "fraction above 100%", document: #"{"root": {"type": "node", "style": {"width": "150%"}}}"#,
            prefix: "root.style.width: a percentage must lie between 0% and 100%"),
        .init(
            rule: "fraction below 0%", document: #"{"root": {"type": "node", "style": {"flexBasis": "-5%"}}}"#,
            prefix: "root.style.flexBasis: "),
        .init(
            rule: "dimension string that Texture reads as auto",
            document: #"{"root": {"type": "node", "style": {"width": "50px"}}}"#,
            prefix: "root.style.width: expected a dimension"),
        .init(rule: "missing required child", document: #"{"root": {"type": "inset"}}"#, prefix: "root: "),
        .init(
            rule: "missing overlay", document: #"{"root": {"type": "overlay", "child": {"type": "node"}}}"#,
            prefix: "root: "),
        .init(
            rule: "missing corner", document: #"{"root": {"type": "corner", "child": {"type": "node"}}}"#,
            prefix: "root: "),
        .init(
            rule: "nested missing child", document: #"{"root": {"type": "stack", "children": [{"type": "center"}]}}"#,
            prefix: "root.children[0]: "),
        .init(
            rule: "node with size and layout",
            document: #"""
                {"root": {"type": "node", "size": [1, 1], "layout": {"type": "spec"}}}
                """#, prefix: "root: "),
        .init(
            rule: "one stored value set twice",
            document: #"""
                {"root": {"type": "node", "style": {"width": 10, "preferredSize": [1, 1]}}}
                """#, prefix: "root.style.preferredSize: "),
        .init(rule: "scale not above 0", document: #"{"scale": 0, "root": {"type": "node"}}"#, prefix: "scale: "),
        .init(rule: "scale above 1000", document: #"{"scale": 1e5, "root": {"type": "node"}}"#, prefix: "scale: "),
        .init(
            rule: "ratio not above 0", document: #"{"root": {"type": "ratio", "ratio": 0, "child": {"type": "node"}}}"#,
            prefix: "root.ratio: "),
        .init(
            rule: "size range min above max",
            document: #"{"sizeRange": {"min": [10, 0], "max": [5, 5]}, "root": {"type": "node"}}"#,
            prefix: "sizeRange: "),
    ]

    @Test(arguments: cases)
    func layoutRejects(_ bad: DocumentCase) throws {
        try run(["layout", "DOC"], document: bad.document).expectFailure(2, startingWith: bad.prefix)
    }

    @Test(arguments: cases)
    func validateRejects(_ bad: DocumentCase) throws {
        try run(["validate", "DOC"], document: bad.document).expectFailure(2, startingWith: bad.prefix)
    }

    @Test(arguments: cases.prefix(8))
    func renderAndBenchReject(_ bad: DocumentCase) throws {
        for format in ["svg", "png", "ascii"] {
            try run(["render", "DOC", "--format", format], document: bad.document)
                .expectFailure(2, startingWith: bad.prefix)
        }
        try run(["bench", "DOC", "--iterations", "1"], document: bad.document)
            .expectFailure(2, startingWith: bad.prefix)
    }

    @Test func anEmptyFileIsADocumentError() throws {
        let scratch = try Scratch()
        let empty = try scratch.file("empty.json", "")
        try run(["layout", empty]).expectFailure(2, startingWith: "document: invalid JSON")
        try run(["validate", empty]).expectFailure(2, startingWith: "document: invalid JSON")
        try run(["layout"]).expectFailure(2, startingWith: "document: invalid JSON")
    }

    /// What Texture only finds while laying out: `validate` accepts the document, `layout` and `render` reject it
    /// naming the element.
    @Test(arguments: [
        // A percentage min of a stretched stack child resolves against an undefined parent size.
        (
            #"{"root": {"type": "stack", "children": [{"type": "node", "style": {"minWidth": "50%"}}]}}"#,
            "root.children[0].style.minWidth: the percentage resolves against an undefined parent width"
        ),
        // 50% of an unbounded width is infinite.
        (#"{"root": {"type": "node", "style": {"width": "50%"}}}"#, "root"),
        // An infinite inset in an unbounded range.
        (
            #"{"root": {"type": "inset", "insets": {"left": "inf"}, "child": {"type": "node", "size": [1, 1]}}}"#,
            "root"
        ),
    ])
    func layoutTimeErrors(document: String, prefix: String) throws {
        try run(["validate", "DOC"], document: document).expectSuccess()
        try run(["layout", "DOC"], document: document).expectFailure(2, startingWith: prefix)
        try run(["render", "DOC", "--format", "png"], document: document).expectFailure(2, startingWith: prefix)
        try run(["bench", "DOC", "--iterations", "1"], document: document).expectFailure(2, startingWith: prefix)
    }
}

/// Status 1: a file that cannot be read or written, named on standard error.
@Suite struct InputOutputErrorTests {
    @Test func anUnreadableFile() throws {
        let scratch = try Scratch()
        let missing = scratch.path("missing.json")
        try run(["layout", missing]).expectFailure(1, startingWith: missing + ": ")
        try run(["render", missing, "--format", "svg"]).expectFailure(1, startingWith: missing + ": ")
        try run(["bench", missing]).expectFailure(1, startingWith: missing + ": ")
        try run(["validate", missing]).expectFailure(1, startingWith: missing + ": ")
    }

    @Test func aDirectoryIsNotADocument() throws {
        let scratch = try Scratch()
        try run(["layout", scratch.url.path]).expectFailure(1, startingWith: scratch.url.path + ": ")
    }

    @Test func anUnwritableOutput() throws {
        let scratch = try Scratch()
        let out = scratch.path("no/such/folder/picture.svg")
        try run(["render", example("spec.json"), "--format", "svg", "-o", out])
            .expectFailure(1, startingWith: out + ": ")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func validateReportsEveryBadFileAndTheWorstStatus() throws {
        let scratch = try Scratch()
        let good = example("spec.json")
        let bad = try scratch.file("bad.json", #"{"root": {"type": "box"}}"#)
        let missing = scratch.path("missing.json")
        let onlyMissing = try run(["validate", good, missing])
        onlyMissing.expectFailure(1, startingWith: missing + ": ")

        let both = try run(["validate", bad, good, missing])
        #expect(both.status == 2)
        #expect(both.output.isEmpty)
        #expect(both.errorLines.count == 3)
        #expect(both.errorLines[0].hasPrefix(bad + ": root.type: unknown element type"))
        #expect(both.errorLines[1].hasPrefix(missing + ": "))
    }
}

/// A second example, for commands that take several files.
private let EX2 = "EX2"

/// Status 2 for command-line usage errors too (the argument parser's own status, 64, is not used), one line.
@Suite struct UsageErrorTests {
    @Test(arguments: [
        (["layout", "--bogus"], ""),
        (["render"], ""),
        (["validate"], ""),
        (["frobnicate"], ""),
        (["render", "EX", "--format", "gif"], "--format: "),
        (["layout", "EX", "--width", "abc"], "--width: "),
        (["layout", "EX", "--width=-5"], "--width: "),
        (["layout", "EX", "--height", "inf"], "--height: "),
        (["layout", "EX", "--min", "1"], "--min: "),
        (["layout", "EX", "--max", "nan,1"], "--max: "),
        (["layout", "EX", "--max", "1,1e999"], "--max: "),
        (["layout", "EX", "--scale", "0"], "--scale: "),
        (["layout", "EX", "--scale", "1e7"], "--scale: "),
        (["layout", "EX", "--min", "100,0", "--max", "50,inf"], "the size range's min"),
        (["render", "EX", "--format", "ascii", "--columns", "1"], "--columns: "),
        (["bench", "EX", "--iterations", "0"], "--iterations: "),
        (["bench", "EX", "--iterations", "x"], ""),
    ])
    func rejected(arguments: [String], prefix: String) throws {
        try run(arguments.map { $0 == "EX" ? example("spec.json") : $0 }).expectFailure(2, startingWith: prefix)
    }

    /// A negative number after a numeric option is that option's value (not a missing value followed by an unknown
    /// option), refused in the option's own words.
    @Test(arguments: [
        (["layout", "EX", "--width", "-5"], "--width: must not be negative, got -5"),
        (["layout", "EX", "--height", "-0.5"], "--height: must not be negative, got -0.5"),
        (["layout", "EX", "--min", "-1,0"], "--min: must not be negative, got -1"),
        (["render", "EX", "--max", "10,-2"], "--max: must not be negative, got -2"),
        (["layout", "EX", "--scale", "-2"], "--scale: must not be negative, got -2"),
        (["render", "EX", "--format", "ascii", "--columns", "-3"], "--columns: must be at least 2, got -3"),
        (["layout", "EX", EX2, "--jobs", "-1"], "--jobs: must be at least 1, got -1"),
        (["bench", "EX", "--iterations", "-4"], "--iterations: must be at least 1, got -4"),
        (["bench", "EX", "--second-width", "-5"], "--second-width: expected a finite width ≥ 0, got -5"),
        (["serve", "--port", "-1"], "--port: expected 0 to 65535, got -1"),
        (["serve", "--max-body", "-1"], "--max-body: must not be negative, got -1"),
        (["serve", "--timeout", "-1"], "--timeout: must be greater than 0, got -1"),
    ])
    func negativeNumbersAreValues(arguments: [String], line: String) throws {
        let files = ["EX": example("spec.json"), EX2: example("stack.json")]
        let result = try run(arguments.map { files[$0] ?? $0 })
        result.expectFailure(2, startingWith: line)
        #expect(result.error == line + "\n")
    }

    @Test func helpIsNotAnError() throws {
        let help = try run(["--help"])
        help.expectSuccess()
        #expect(help.text.contains("layout"))
        #expect(help.text.contains("bench"))
        let layoutHelp = try run(["layout", "--help"])
        layoutHelp.expectSuccess()
        #expect(layoutHelp.text.contains("--width"))
    }
}
