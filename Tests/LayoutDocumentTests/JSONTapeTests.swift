import Testing
import TextureLayout
@testable import LayoutDocument
@testable import LayoutJSON

/// Parses `text`, failing the test with the parser's message on error.
private func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONTape {
    do {
        return try JSONTape(text)
    } catch {
        Issue.record("unexpected parse error: \(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// Parses `text` expecting failure and returns the error.
private func parseError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONParseError? {
    do {
        let tape = try JSONTape(text)
        Issue.record("expected an error, parsed \(tape.count) values", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Asserts a rejection with its reason and 1-based location.
private func expectRejection(
    _ text: String, _ reason: String, line: Int, column: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = parseError(text, sourceLocation: sourceLocation) else { return }
    #expect(error.reason == reason, sourceLocation: sourceLocation)
    #expect(error.line == line, "line", sourceLocation: sourceLocation)
    #expect(error.column == column, "column", sourceLocation: sourceLocation)
}

@Suite struct JSONTapeTests {
    // MARK: Valid documents

    @Test func scalars() throws {
        #expect(try parse("null").root.kind == .null)
        #expect(try parse("null").root.isNull)
        #expect(try parse("true").root.boolValue == true)
        #expect(try parse("false").root.boolValue == false)
        #expect(try parse(" 12.5 ").root.numberValue == 12.5)
        #expect(try parse("-0").root.numberValue?.sign == .minus)
        #expect(try parse("\"abc\"").root.stringValue == "abc")
        #expect(try parse("\"\"").root.stringValue == "")
        // Kind-mismatched accessors answer nil rather than trapping.
        let number = try parse("1").root
        #expect(number.stringValue == nil && number.boolValue == nil && number.count == 0)
        #expect(number.key == nil && number.numberText == nil && !number.isOverflow)
    }

    @Test func arrayAndObjectStructure() throws {
        let tape = try parse(#"{"a": [1, true, null, "x"], "b": {}, "c": [], "d": {"e": -2}}"#)
        let root = tape.root
        #expect(root.kind == .object)
        #expect(root.count == 4)
        #expect(root.endIndex == tape.count)
        #expect(tape.count == 10)

        let members = Array(root.members)
        #expect(members.map(\.key) == ["a", "b", "c", "d"])
        #expect(members.map { $0.value.key } == ["a", "b", "c", "d"])

        let array = members[0].value
        #expect(array.kind == .array && array.count == 4)
        let items = Array(array.elements)
        #expect(items.map(\.kind) == [.number, .bool, .null, .string])
        #expect(items[0].numberValue == 1)
        #expect(items[3].stringValue == "x")
        #expect(items.allSatisfy { $0.key == nil })

        #expect(members[1].value.kind == .object && members[1].value.count == 0)
        #expect(members[1].value.members.isEmpty)
        #expect(members[2].value.kind == .array && members[2].value.elements.isEmpty)
        #expect(root["d"]?["e"]?.numberValue == -2)
        #expect(root["missing"] == nil)
        #expect(array.element(at: 3)?.stringValue == "x")
        #expect(array.element(at: 4) == nil)
    }

    @Test func preOrderLayoutAndSkipping() throws {
        // [ [1, [2, 3]], {"k": [4]}, 5 ]
        let tape = try parse("[[1,[2,3]],{\"k\":[4]},5]")
        let entries = (0..<tape.count).map { tape[$0].entry }
        #expect(
            entries.map(\.kind) == [
                .array, .array, .number, .array, .number, .number, .object, .array, .number, .number,
            ])
        #expect(entries.map(\.end) == [10, 6, 3, 6, 5, 6, 9, 9, 9, 10])
        #expect(entries.map(\.childCount) == [3, 2, 0, 2, 0, 0, 1, 1, 0, 0])

        // Iterating the root touches only direct children, jumping subtrees.
        let children = Array(tape.root.elements)
        #expect(children.map(\.index) == [1, 6, 9])
        #expect(children[2].numberValue == 5)
        // Skipping: the value after the first child starts at its end.
        #expect(tape[children[0].endIndex].kind == .object)
        #expect(tape[children[1].endIndex].numberValue == 5)
    }

    @Test func recordsStayCompact() {
        // One record per value, no per-value heap object.
        #expect(MemoryLayout<JSONTape.Entry>.stride == 24)
    }

    @Test func membersKeepOrderAndDuplicates() throws {
        let root = try parse(#"{"z": 1, "a": 2, "z": 3}"#).root
        let members = Array(root.members)
        #expect(members.map(\.key) == ["z", "a", "z"])
        #expect(members.map { $0.value.numberValue } == [1, 2, 3])
        #expect(root.count == 3)
        #expect(root["z"]?.numberValue == 1)  // first wins for the lookup helper
    }

    @Test func whitespaceAndByteOrderMark() throws {
        let tape = try parse(" \t\r\n[ 1 ,\n 2 ] \n")
        #expect(tape.root.elements.map { $0.numberValue } == [1, 2])
        let withBOM = try JSONTape(bytes: [0xEF, 0xBB, 0xBF] + Array("[true]".utf8))
        #expect(withBOM.root.element(at: 0)?.boolValue == true)
    }

    @Test func byteAndPointerInitializersAgree() throws {
        let bytes = Array(#"{"a":[1,"b"]}"#.utf8)
        let fromArray = try JSONTape(bytes: bytes)
        let fromPointer = try bytes.withUnsafeBufferPointer { try JSONTape(bytes: $0) }
        func values(_ tape: JSONTape) -> [JSONTape.Entry] { (0..<tape.count).map { tape[$0].entry } }
        func strings(_ tape: JSONTape) -> [String?] { (0..<tape.count).map { tape[$0].stringValue } }
        #expect(values(fromArray) == values(fromPointer))
        #expect(fromArray.keys == fromPointer.keys)
        #expect(strings(fromArray) == strings(fromPointer))
    }

    /// A key repeated across objects is stored once; keys the parser's cache puts in the same slot (same length,
    /// first and last byte) stay apart.
    @Test func repeatedKeysShareOneString() throws {
        let tape = try JSONTape(#"[{"axb": 1, "ayb": 2}, {"axb": 3}, {"ayb": 4, "axb": 5}]"#)
        let keys = tape.root.elements.map { object in object.members.map(\.key) }
        #expect(keys == [["axb", "ayb"], ["axb"], ["ayb", "axb"]])
        let values = tape.root.elements.map { object in object.members.map { $0.value.numberValue ?? -1 } }
        #expect(values == [[1, 2], [3], [4, 5]])
        let repeated = try JSONTape(#"[{"type": "a"}, {"type": "b"}, {"type": "c"}]"#)
        // "type" once.
        #expect(repeated.keys == ["type"])
    }

    /// A reader freeing what it has read keeps every value after that readable, strings and keys included, across
    /// the chunks the values are kept in.
    @Test func freeingReadValuesKeepsTheRest() throws {
        let count = ChunkedList<JSONTape.Entry>.chunkSize * 3
        let text = "[" + (0..<count).map { #"{"k": "s\#($0)", "n": \#($0)}"# }.joined(separator: ",") + "]"
        let tape = try JSONTape(text)
        let objects = Array(tape.root.elements)
        let kept = count / 2 + 7
        tape.free(before: objects[kept].index)
        for index in kept..<count {
            #expect(objects[index]["k"]?.stringValue == "s\(index)")
            #expect(objects[index]["n"]?.numberValue == Double(index))
        }
    }

    // MARK: Strings

    @Test func escapes() throws {
        let root = try parse(#"["\"\\\/\b\f\n\r\t", "a\u0041\u00e9\u20AC", "\ud83d\ude00!", "\u0000", "caf\u00E9 ok"]"#)
            .root
        let strings = root.elements.map { $0.stringValue }
        #expect(strings == ["\"\\/\u{8}\u{C}\n\r\t", "aAé€", "😀!", "\u{0}", "café ok"])
    }

    @Test func rawUnicodeAndKeysWithEscapes() throws {
        let root = try parse("{\"gr\\u00fc\\u00DF\": \"日本語 😀\"}").root
        let member = try #require(root.members.first { _ in true })
        #expect(member.key == "grüß")
        #expect(member.value.stringValue == "日本語 😀")
    }

    @Test func invalidUTF8IsAnErrorAtItsFirstByte() throws {
        // JSON text is UTF-8 (RFC 8259 §8.1): a lone continuation byte, a truncated sequence, an overlong
        // encoding and an encoded surrogate are each refused at the byte where they start.
        let cases: [([UInt8], Int, UInt8)] = [
            ([0x5B, 0x22, 0x61, 0x80, 0x22, 0x5D], 3, 0x80),
            ([0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], 2, 0xE2),
            ([0x5B, 0x22, 0x61, 0xC0, 0xAF, 0x22, 0x5D], 3, 0xC0),
            ([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], 2, 0xED),
            // After an escape, in the slow path.
            ([0x5B, 0x22, 0x5C, 0x6E, 0x62, 0xFF, 0x22, 0x5D], 5, 0xFF),
        ]
        for (bytes, offset, byte) in cases {
            #expect(throws: JSONParseError.self) { try JSONTape(bytes: bytes) }
            do {
                _ = try JSONTape(bytes: bytes)
            } catch {
                #expect(error.offset == offset, "\(bytes)")
                #expect(
                    error.reason.hasPrefix(
                        "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) "
                            + "at offset \(offset)"), "\(error)")
            }
        }
        // Well-formed multi-byte text is read as it is.
        let tape = try JSONTape(bytes: Array(#"["é€😀", "a\n€"]"#.utf8))
        #expect(tape.root.elements.map { $0.stringValue } == ["é€😀", "a\n€"])
    }

    /// Rules for the tests below: a document with `root` (an object of `type`-chosen keys: a "box" has `size`, a
    /// "row" has `items`, an array of more of them) and `scale`; any key inside `size`.
    static let rules: JSONKeyRules = {
        typealias Value = JSONKeyRules.Value
        return JSONKeyRules([
            .init(keys: ["root": Value(object: 1), "scale": Value()], message: { key, _ in "no \(key)" }),
            .init(
                keys: ["type": Value()], selector: "type",
                variants: ["box": ["size": Value()], "row": ["items": Value(items: 1)]],
                message: { key, type in "no \(key) in a \(type ?? "?")" }),
        ])
    }()

    /// A layout document's root type and its keys at every depth are checked as they are read: before the value
    /// that follows them is parsed (here, values that are not even JSON).
    @Test func documentShapeIsCheckedAsItIsRead() throws {
        func problem(_ text: String) -> JSONParseError.ShapeProblem? {
            do {
                _ = try JSONTape(bytes: Array(text.utf8), keyRules: Self.rules)
                return nil
            } catch {
                return error.shapeProblem
            }
        }
        #expect(problem(#"{"rooot": [1, 2, nonsense"#) == .unknownKey(at: [.key("rooot")], message: "no rooot"))
        #expect(problem(#"{"scale": 2, "size": {"#) == .unknownKey(at: [.key("size")], message: "no size"))
        #expect(problem(#"[{"root": "#) == .rootIs("an array"))
        #expect(problem(#""unterminated"#) == .rootIs("a string"))
        #expect(problem("-12") == .rootIs("a number"))
        // Below the top level, once the object's selector is read, with the path of the key.
        #expect(
            problem(#"{"root": {"type": "box", "items": [nonsense"#)
                == .unknownKey(at: [.key("root"), .key("items")], message: "no items in a box"))
        #expect(
            problem(
                #"{"scale": 1, "root": {"type": "row", "items": [{"type": "box"}, {"type": "row", "items": "#
                    + #"[{"type": "box", "size": 1, "sise": nonsense"#)
                == .unknownKey(
                    at: [.key("root"), .key("items"), .index(1), .key("items"), .index(0), .key("sise")],
                    message: "no sise in a box"))
        // Before the selector, and where it names no variant, only the values' rules are followed: the reader
        // reports what is wrong there.
        #expect(problem(#"{"root": {"sise": 1, "type": "box"}}"#) == nil)
        #expect(
            problem(#"{"root": {"items": [{"type": "box", "x": 1}], "type": "row"}}"#)
                == .unknownKey(at: [.key("root"), .key("items"), .index(0), .key("x")], message: "no x in a box"))
        #expect(problem(#"{"root": {"type": "circle", "radius": 1}}"#) == nil)
        // Values of other kinds than the rules expect are not checked.
        #expect(problem(#"{"root": {"type": "box", "size": {"anything": 1}}}"#) == nil)
        #expect(problem(#"{"root": {"type": "row", "items": {"anything": 1}}}"#) == nil)
        #expect(problem(#"{"root": {"type": "row", "items": [[{"anything": 1}]]}}"#) == nil)
    }

    /// The beginning of a longer input is refused only for what is wrong in it, never for where it is cut.
    @Test func beginningsAreCheckedForErrorsBeforeTheCut() {
        func firstError(_ text: String) -> JSONParseError? {
            Array(text.utf8).withUnsafeBufferPointer { JSONTape.firstError(inBeginning: $0, keyRules: Self.rules) }
        }
        let document = #"{"root": {"type": "box", "size": ["caf\u00e9 \u00e9t\u00e9", 12.5e0, {"x": [true, null]}]}}"#
        // Cut anywhere, a valid document shows no error.
        for cut in 0...document.utf8.count {
            #expect(firstError(String(decoding: document.utf8.prefix(cut), as: UTF8.self)) == nil, "cut at \(cut)")
        }
        // What is wrong before the cut is found.
        #expect(
            firstError(#"{"rooot": 1, "root": {"type": "node"#)?.shapeProblem
                == .unknownKey(at: [.key("rooot")], message: "no rooot"))
        #expect(
            firstError(#"{"root": {"type": "box", "sise": [1, 2"#)?.shapeProblem
                == .unknownKey(at: [.key("root"), .key("sise")], message: "no sise in a box"))
        #expect(firstError("\u{0}\u{0}\u{0}" + String(repeating: " ", count: 40))?.reason == "expected a value")
        #expect(firstError(#"{"root": {"a": 1,, "b": 2, "c": 3, "d": 4, "e": 5"#)?.reason == "expected a string key")
        // Within a few bytes of the cut, an error may be the cut itself (a literal, an escape): not reported yet.
        #expect(firstError(#"{"root": {"a": 1,, "#) == nil)
    }

    // MARK: Numbers

    @Test func exactDoubles() throws {
        let cases: [(String, Double)] = [
            ("0.1", 0.1), ("1e-7", 1e-7), ("123456789012345678", 123_456_789_012_345_680),
            ("-0.0", -0.0), ("0", 0), ("1E2", 100), ("1e+2", 100), ("2.5e-3", 0.0025),
            ("9007199254740993", 9007199254740992), ("1.7976931348623157e308", .greatestFiniteMagnitude),
            ("5e-324", .leastNonzeroMagnitude), ("1e-400", 0), ("0.30000000000000004", 0.30000000000000004),
            ("12345678901234567890123", 1.2345678901234568e22), ("0.000001234", 0.000001234),
            ("1e22", 1e22), ("1e23", 1e23), ("8.98846567431158e307", 8.98846567431158e307),
            ("0e99999", 0), ("-12.5", -12.5),
        ]
        for (text, expected) in cases {
            let value = try #require(try parse(text).root.numberValue, "\(text)")
            #expect(value.bitPattern == expected.bitPattern, "\(text) -> \(value), expected \(expected)")
        }
    }

    @Test func fastPathMatchesStandardLibrary() throws {
        // Deterministic pseudo-random decimals exercise the m·10^e fast path
        // against Double(String) as the reference.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func nextRandom() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        var texts: [String] = []
        for _ in 0..<5000 {
            let digits = String(nextRandom() % 10_000_000_000_000_000)
            let point = Int(nextRandom() % UInt64(digits.count + 1))
            var text = point == 0 ? digits : String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if text.hasSuffix(".") { text += "0" }
            if text.hasPrefix(".") { text = "0" + text }
            while text.count > 1, text.hasPrefix("0"), !text.hasPrefix("0.") { text.removeFirst() }
            if nextRandom() % 2 == 0 { text += "e\(Int(nextRandom() % 60) - 30)" }
            if nextRandom() % 3 == 0 { text = "-" + text }
            texts.append(text)
        }
        let tape = try parse("[" + texts.joined(separator: ",") + "]")
        for (text, value) in zip(texts, tape.root.elements) {
            let expected = try #require(Double(text))
            #expect(value.numberValue?.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test func overflowIsFlaggedWithText() throws {
        let tape = try parse(#"{"w": 1e999, "h": -1e999, "ok": 1e308, "tiny": 1e-999}"#)
        let members = Array(tape.root.members)
        #expect(members[0].value.isOverflow)
        #expect(members[0].value.numberValue == .infinity)
        #expect(members[0].value.numberText == "1e999")
        #expect(members[0].value.shortDescription == "1e999")
        #expect(members[1].value.isOverflow)
        #expect(members[1].value.numberValue == -.infinity)
        #expect(members[1].value.numberText == "-1e999")
        #expect(!members[2].value.isOverflow && members[2].value.numberText == nil)
        #expect(!members[3].value.isOverflow && members[3].value.numberValue == 0)
        let root = try parse("1e999").root
        #expect(root.isOverflow && root.numberText == "1e999")
    }

    // MARK: Rendering

    @Test func shortDescriptions() throws {
        let root = try parse(
            #"[true, false, null, 12.5, 12, -3, 1e-7, "abc", "q\"\n", [1], {"a": 1}, "0123456789012345678901234567890123456789XYZ"]"#
        ).root
        #expect(
            root.elements.map(\.shortDescription) == [
                "true", "false", "null", "12.5", "12", "-3", "1e-07", "\"abc\"", #""q\"\n""#,
                "an array", "an object", "\"0123456789012345678901234567890123456789…\"",
            ])
    }

    // MARK: Deep nesting

    @Test func deeplyNestedArrayParsesAndFreesIteratively() throws {
        let depth = 20_000
        var bytes = [UInt8](repeating: UInt8(ascii: "["), count: depth)
        bytes.append(contentsOf: [UInt8](repeating: UInt8(ascii: "]"), count: depth))
        do {
            let tape = try JSONTape(bytes: bytes)
            #expect(tape.count == depth)
            #expect(tape.root.endIndex == depth)
            #expect(tape[depth - 1].count == 0)
            #expect(tape[depth - 2].count == 1)
            // Walk to the bottom without recursion.
            var current = tape.root
            var levels = 1
            while let child = current.elements.first(where: { _ in true }) {
                current = child
                levels += 1
            }
            #expect(levels == depth)
        }  // tape is dropped here

        var objects = ""
        for _ in 0..<depth { objects += #"{"k":"# }
        objects += "null" + String(repeating: "}", count: depth)
        do {
            let tape = try parse(objects)
            #expect(tape.count == depth + 1)
            #expect(tape[depth].isNull && tape[depth].key == "k")
        }

        // Unclosed deep nesting fails cleanly too.
        let error = parseError(String(repeating: "[", count: depth))
        #expect(error?.reason == "unexpected end of input")
    }

    // MARK: Rejections

    @Test func emptyInput() {
        expectRejection("", "the input is empty", line: 1, column: 1)
        expectRejection("  \n ", "the input is empty", line: 2, column: 2)
        #expect(parseError("")?.description == "invalid JSON at line 1, column 1: the input is empty")
    }

    @Test func structuralErrorsWithLocation() {
        expectRejection("{\n  \"a\": 1,\n  \"b\": 2 \"c\"}", "expected ',' or '}'", line: 3, column: 10)
        #expect(
            parseError("{\n  \"a\": 1,\n  \"b\": 2 \"c\"}")?.description
                == "invalid JSON at line 3, column 10: expected ',' or '}'")
        expectRejection("[1 2]", "expected ',' or ']'", line: 1, column: 4)
        expectRejection("{\"a\" 1}", "expected ':' after object key", line: 1, column: 6)
        expectRejection("{1: 2}", "expected a string key or '}'", line: 1, column: 2)
        expectRejection("[1,", "unexpected end of input", line: 1, column: 4)
        expectRejection("[", "unexpected end of input", line: 1, column: 2)
        expectRejection("{\"a\":", "unexpected end of input", line: 1, column: 6)
        expectRejection("[}", "expected a value", line: 1, column: 2)
        expectRejection("{'a': 1}", "strings must use double quotes", line: 1, column: 2)
        expectRejection("[tru]", "invalid literal (expected 'true')", line: 1, column: 2)
        expectRejection("nul", "invalid literal (expected 'null')", line: 1, column: 1)
        // Columns count scalars, not bytes.
        expectRejection("[\"é😀\" x]", "expected ',' or ']'", line: 1, column: 7)
    }

    @Test func trailingGarbage() {
        expectRejection("{} x", "unexpected content after the JSON value", line: 1, column: 4)
        expectRejection("1 2", "unexpected content after the JSON value", line: 1, column: 3)
        expectRejection("[1]]", "unexpected content after the JSON value", line: 1, column: 4)
        expectRejection("truex", "unexpected content after the JSON value", line: 1, column: 5)
    }

    @Test func trailingCommas() {
        expectRejection("[1, 2,]", "trailing commas are not allowed", line: 1, column: 7)
        expectRejection("{\"a\": 1,\n}", "trailing commas are not allowed", line: 2, column: 1)
        expectRejection("[,]", "expected a value", line: 1, column: 2)
    }

    @Test func comments() {
        expectRejection("// hi\n1", "comments are not allowed", line: 1, column: 1)
        expectRejection("[1 /* x */]", "comments are not allowed", line: 1, column: 4)
        expectRejection("[1, /* x */ 2]", "comments are not allowed", line: 1, column: 5)
        expectRejection("{/* x */}", "comments are not allowed", line: 1, column: 2)
        expectRejection("1 // x", "comments are not allowed", line: 1, column: 3)
    }

    @Test func nonFiniteLiterals() {
        expectRejection("NaN", "NaN is not allowed in JSON", line: 1, column: 1)
        expectRejection("[Infinity]", "Infinity is not allowed in JSON", line: 1, column: 2)
        expectRejection("[-Infinity]", "Infinity is not allowed in JSON", line: 1, column: 3)
    }

    @Test func numberGrammar() {
        expectRejection("01", "leading zeros are not allowed", line: 1, column: 1)
        expectRejection("[-012]", "leading zeros are not allowed", line: 1, column: 2)
        expectRejection("-", "expected a digit after '-'", line: 1, column: 2)
        expectRejection("1.", "expected a digit after the decimal point", line: 1, column: 3)
        expectRejection("1.e5", "expected a digit after the decimal point", line: 1, column: 3)
        expectRejection("1e", "expected a digit in the exponent", line: 1, column: 3)
        expectRejection("1e+", "expected a digit in the exponent", line: 1, column: 4)
        expectRejection(".5", "numbers must start with a digit", line: 1, column: 1)
        expectRejection("+1", "numbers must not start with '+'", line: 1, column: 1)
        expectRejection("0x10", "unexpected content after the JSON value", line: 1, column: 2)
    }

    @Test func stringErrors() {
        expectRejection("\"a\nb\"", "unescaped control character U+000A in string", line: 1, column: 3)
        expectRejection("[\"a\\n\tb\"]", "unescaped control character U+0009 in string", line: 1, column: 6)
        expectRejection("\"abc", "unterminated string", line: 1, column: 1)
        expectRejection("[\"a\\\"]", "unterminated string", line: 1, column: 2)
        expectRejection("\"\\q\"", "invalid escape sequence '\\q'", line: 1, column: 2)
        expectRejection("\"\\x41\"", "invalid escape sequence '\\x'", line: 1, column: 2)
        expectRejection("\"\\u12G4\"", "invalid \\u escape (expected 4 hexadecimal digits)", line: 1, column: 2)
        expectRejection("\"\\u12", "invalid \\u escape (expected 4 hexadecimal digits)", line: 1, column: 2)
    }

    @Test func loneSurrogates() {
        let highAlone = "unpaired surrogate \\uD83D (a high surrogate must be followed by a low one)"
        expectRejection(#""\uD83D""#, highAlone, line: 1, column: 2)
        expectRejection(#""x\uD83Dy""#, highAlone, line: 1, column: 3)
        expectRejection(#""\uD83D\u0041""#, highAlone, line: 1, column: 2)
        expectRejection(#""\uD83D\uD83D""#, highAlone, line: 1, column: 2)
        expectRejection(
            #""\uDE00""#, "unpaired surrogate \\uDE00 (a low surrogate must follow a high one)",
            line: 1, column: 2)
    }

    @Test func errorsNeverCrashOnTruncatedInput() {
        // Every prefix of a rich document either parses or fails cleanly.
        let document = Array(#"{"a": [1, -2.5e+3, true, false, null, "x\u00e9\ud83d\ude00\n"], "b": {"c": {}}}"#.utf8)
        for length in 0..<document.count {
            #expect(throws: JSONParseError.self) { try JSONTape(bytes: Array(document[0..<length])) }
        }
        #expect(throws: Never.self) { try JSONTape(bytes: document) }
    }
}

/// Reading stops once its caller's time is up (``LayoutCancellation/current`` set): in the parser, once per chunk
/// of values, and in the reader, every 1,024 elements.
@Test func readingStopsWhenTheCallerGivesUp() throws {
    let children = Array(repeating: #"{"type": "node", "size": [1, 1]}"#, count: 5000).joined(separator: ", ")
    let json = #"{"root": {"type": "stack", "children": ["# + children + "]}}"
    let cancelled = LayoutCancellation()
    cancelled.cancel()
    LayoutCancellation.$current.withValue(cancelled) {
        #expect(throws: JSONParseError.self) { try JSONTape(bytes: Array(json.utf8)) }
        #expect(throws: DocumentError.self) { try LayoutDocument(json: json) }
    }
    // The parsed tape is read by the reader alone, which stops too.
    let tape = try JSONTape(bytes: Array(json.utf8))
    LayoutCancellation.$current.withValue(cancelled) {
        #expect(throws: DocumentError(path: "root.children[1023]", message: "reading was stopped")) {
            try LayoutDocument(jsonValue: tape.root)
        }
    }
    #expect(try LayoutDocument(json: json).elementCount == 5001)
}
