// Unsafe room: JSON.
// Invariants: the parser reads its input through an `UnsafeBufferPointer` that its caller keeps alive for the whole
// parse; every read is at an offset below `end` (checked before each byte is read); the parser and its buffers
// belong to one thread; its key rules are held unretained, by a caller that holds them for the whole parse.

import TextureLayout

extension JSONTape {
    /// Runs the parser over a byte buffer. Returns a `Result` so callers can
    /// use it from `withUnsafeBufferPointer`/`withUTF8` closures without
    /// losing the typed error.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, keyRules: JSONKeyRules? = nil
    )
        -> Result<JSONTape, JSONParseError>
    {
        var parser = JSONParser(bytes: bytes)
        parser.keyRules = keyRules.map(Unmanaged.passUnretained)
        parser.cancellation = LayoutCancellation.current
        do {
            try parser.run()
        } catch {
            return .failure(error)
        }
        return .success(
            JSONTape(
                storage: JSONTape.Storage(
                    entries: parser.entries, strings: parser.strings,
                    stringStarts: parser.stringStarts, keys: parser.keys, keyRules: keyRules)))
    }

    /// The first error in `bytes`, the beginning of a longer input that must be a layout document whose keys follow
    /// `keyRules`, or `nil` when none shows yet: what is cut off at their end (a string, a number, a
    /// container not closed) is not an error. A reader calls this on the first bytes it receives, so that input
    /// that is wrong from its start (a root that is not an object, an unknown first key, binary data) is refused
    /// before the rest is read.
    package static func firstError(inBeginning bytes: [UInt8], keyRules: JSONKeyRules) -> JSONParseError? {
        bytes.withUnsafeBufferPointer { firstError(inBeginning: $0, keyRules: keyRules) }
    }

    /// ``firstError(inBeginning:keyRules:)`` over bytes in place.
    static func firstError(inBeginning bytes: UnsafeBufferPointer<UInt8>, keyRules: JSONKeyRules) -> JSONParseError? {
        var parser = JSONParser(bytes: bytes)
        parser.keyRules = Unmanaged.passUnretained(keyRules)
        do {
            try parser.run()
        } catch {
            // A string or escape, a literal, a number or a UTF-8 sequence that the cut ends early fails within a
            // few bytes of the end, or at the open quote of the string.
            if error.shapeProblem == nil
                && (error.reason == JSONParser.unterminatedString
                    || error.offset + JSONParser.longestCutToken >= bytes.count)
            {
                return nil
            }
            return error
        }
        return nil
    }
}

/// ASCII code points used by the parser, spelled once.
private enum ASCII {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let lowerE = UInt8(ascii: "e")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
}

/// Exact powers of ten that a `Double` represents without rounding
/// (10^22 = 2^22 · 5^22 and 5^22 < 2^53).
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// The iterative parser. Nesting is tracked in an explicit `stack` of open
/// containers instead of the call stack, so depth is bounded only by memory.
///
/// `bytes[i]` on an `UnsafeBufferPointer` is unchecked in release builds, so
/// every read is preceded by an explicit `< end` test.
struct JSONParser {
    /// An open array or object: where its record is and how many children
    /// it has so far (written into the record when it closes).
    struct Frame {
        var index: UInt32
        var count: UInt32
        var isObject: Bool
        /// With ``JSONParser/keyRules``: for an object, the rule its keys follow; for an array, the rule its items
        /// that are objects follow; -1 when nothing is checked.
        var rule: Int32 = -1
        /// An object's variant (``JSONKeyRules/noVariant`` until its selector is read).
        var variant: Int32 = JSONKeyRules.noVariant
    }

    typealias Entry = JSONTape.Entry

    let bytes: UnsafeBufferPointer<UInt8>
    let end: Int
    var position = 0
    let entries = ChunkedList<Entry>()
    let strings = ChunkedList<String>()
    /// For each chunk of `entries`, `strings.count` before its first value (``JSONTape/Storage/stringStarts``).
    var stringStarts: [Int] = []
    var keys: [String] = []
    /// With ``keyRules``: each of ``keys`` numbered as the rules number keys (-1: no rule names it).
    var keyNumbers: [Int32] = []
    var stack: [Frame] = []
    /// Reused buffer for strings containing escapes, so decoding them costs
    /// no allocation beyond the resulting `String`.
    var scratch: [UInt8] = []
    /// Recently seen keys without escapes, by a hash of their length and first and last bytes: where their bytes
    /// are in the input, and their index in `keys`. A document repeats a few keys in every object: a key whose bytes
    /// are those of the recent one in its slot is that key, found without making a string or hashing one.
    var recentKeys = [(start: Int, length: Int, index: UInt32)?](repeating: nil, count: 256)
    /// Every key's index in `keys`, for keys that are not the recent one of their slot: each distinct key is stored
    /// once, so that two members have the same key exactly when they have the same index.
    var keyIndices: [String: UInt32] = [:]
    /// When set, the input must be a layout document: an object (checked at its first byte, so that a huge array
    /// or string is not parsed first) whose keys, at every depth, follow these rules (each checked as it is read,
    /// before its value). Held unretained and read without counting a reference (the caller of ``run()`` holds
    /// them): every thread parsing documents reads the same rules, and counting references to one object from many
    /// threads at once makes each wait for the others' writes to its count.
    var keyRules: Unmanaged<JSONKeyRules>?
    /// What the rules say of the value of the key just read.
    var pendingValue = (object: Int32(-1), items: Int32(-1))
    /// Checked once per chunk of values (``ChunkedList/chunkSize``): a set flag stops parsing with an error.
    var cancellation: LayoutCancellation?

    /// Why a string with no closing quote fails (``JSONTape/firstError(inBeginning:documentKeys:)`` recognizes it).
    static let unterminatedString = "unterminated string"
    /// Farther than this before the end of the input, an error cannot come from a token cut by the end: the
    /// longest token besides strings and numbers is a `\uXXXX\uXXXX` pair (12 bytes).
    static let longestCutToken = 16

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.end = bytes.count
    }

    // MARK: - Driver

    mutating func run() throws(JSONParseError) {
        // Every value takes at least one byte, so indices fit in UInt32 when
        // the input does; checking once keeps the hot loop free of checks.
        guard end < Int(UInt32.max) else {
            throw fail(0, "inputs of 4 GiB or more are not supported")
        }
        // A UTF-8 byte order mark is tolerated (RFC 8259 §8.1 allows it).
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
        skipWhitespace()
        guard position < end else {
            throw fail(position, "the input is empty")
        }
        if keyRules != nil {
            let what: String? =
                switch bytes[position] {
                case ASCII.openBracket: "an array"
                case ASCII.quote: "a string"
                case ASCII.minus, ASCII.zero...ASCII.nine: "a number"
                default: nil
                }
            if let what { throw fail(position, "expected an object, got \(what)", .rootIs(what)) }
        }

        var pendingKey = Entry.noKey
        valueLoop: while true {
            // State: a value is expected at `position` (after whitespace).
            skipWhitespace()
            guard position < end else { throw valueExpected(at: position) }
            let byte = bytes[position]
            let index = UInt32(truncatingIfNeeded: entries.count)
            // Each turn of the loop adds one record, at `index`, and the strings of this value come after those
            // of the values before.
            if entries.count % ChunkedList<Entry>.chunkSize == 0 {
                stringStarts.append(strings.count)
                if let cancellation, cancellation.isCancelled { throw fail(position, "reading was stopped") }
            }
            switch byte {
            case ASCII.openBrace, ASCII.openBracket:
                let isObject = byte == ASCII.openBrace
                entries.append(
                    Entry(
                        kind: isObject ? .object : .array, payload: 0,
                        end: index &+ 1, key: pendingKey))
                pendingKey = Entry.noKey
                position += 1
                skipWhitespace()
                if position < end, bytes[position] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    position += 1  // Empty container: its record is already final.
                } else {
                    stack.append(Frame(index: index, count: 0, isObject: isObject, rule: rule(isObject: isObject)))
                    if isObject {
                        pendingKey = try parseMemberKey(afterComma: false)
                    }
                    continue valueLoop
                }
            case ASCII.quote:
                let open = position
                let string = try parseString()
                var selected: UInt32 = 0
                if let keyRules, pendingKey != Entry.noKey, let top = stack.indices.last, stack[top].rule >= 0 {
                    let rule = stack[top].rule, key = keyNumbers[Int(pendingKey)]
                    let variant = keyRules._withUnsafeGuaranteedRef { rules -> Int32? in
                        guard key == rules.selector(of: rule) else { return nil }
                        // A string whose bytes are as many as its text's has no escape: its bytes are its text.
                        let text = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<(position - 1)])
                        return text.count == string.utf8.count
                            ? rules.variant(of: rule, text: text) : rules.variant(of: rule, named: string)
                    }
                    if let variant {
                        stack[top].variant = variant
                        if variant >= 0 { selected = UInt32(variant) + 1 }
                    }
                }
                let stringIndex = UInt64(strings.count)
                strings.append(string)
                entries.append(
                    Entry(kind: .string, payload: stringIndex, end: index &+ 1, auxiliary: selected, key: pendingKey))
            case ASCII.minus, ASCII.zero...ASCII.nine:
                try parseNumber(key: pendingKey)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                entries.append(Entry(kind: .bool, payload: 1, end: index &+ 1, key: pendingKey))
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                entries.append(Entry(kind: .bool, payload: 0, end: index &+ 1, key: pendingKey))
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                entries.append(Entry(kind: .null, payload: 0, end: index &+ 1, key: pendingKey))
            default:
                throw valueExpected(at: position)
            }
            pendingKey = Entry.noKey

            // State: a value just ended; close containers until one continues.
            while true {
                let top = stack.count - 1
                guard top >= 0 else { break valueLoop }
                stack[top].count &+= 1
                skipWhitespace()
                guard position < end else { throw fail(position, "unexpected end of input") }
                let byte = bytes[position]
                let isObject = stack[top].isObject
                if byte == ASCII.comma {
                    position += 1
                    if isObject {
                        pendingKey = try parseMemberKey(afterComma: true)
                    } else {
                        skipWhitespace()
                        if position < end, bytes[position] == ASCII.closeBracket {
                            throw fail(position, "trailing commas are not allowed")
                        }
                    }
                    continue valueLoop
                }
                if byte == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    position += 1
                    let frame = stack.removeLast()
                    let slot = Int(frame.index)
                    entries[slot].endIndex = UInt32(truncatingIfNeeded: entries.count)
                    entries[slot].auxiliary = frame.count
                    continue
                }
                if byte == ASCII.slash { throw fail(position, "comments are not allowed") }
                throw fail(position, isObject ? "expected ',' or '}'" : "expected ',' or ']'")
            }
        }

        skipWhitespace()
        if position < end {
            if bytes[position] == ASCII.slash { throw fail(position, "comments are not allowed") }
            throw fail(position, "unexpected content after the JSON value")
        }
    }

    // MARK: - Pieces

    @inline(__always)
    mutating func skipWhitespace() {
        while position < end {
            let byte = bytes[position]
            guard
                byte == ASCII.space || byte == ASCII.newline
                    || byte == ASCII.carriageReturn || byte == ASCII.tab
            else { return }
            position += 1
        }
    }

    /// Parses `"key" :` and returns the key's index in `keys`.
    mutating func parseMemberKey(afterComma: Bool) throws(JSONParseError) -> UInt32 {
        skipWhitespace()
        guard position < end else { throw fail(position, "unexpected end of input") }
        let byte = bytes[position]
        guard byte == ASCII.quote else {
            if afterComma && byte == ASCII.closeBrace {
                throw fail(position, "trailing commas are not allowed")
            }
            if byte == ASCII.slash { throw fail(position, "comments are not allowed") }
            if byte == UInt8(ascii: "'") { throw fail(position, "strings must use double quotes") }
            throw fail(position, afterComma ? "expected a string key" : "expected a string key or '}'")
        }
        let start = position + 1
        let keyIndex = try parseKey()
        if let keyRules, let frame = stack.last, frame.rule >= 0 {
            let key = keyNumbers[Int(keyIndex)]
            switch keyRules._withUnsafeGuaranteedRef({ $0.lookup(key, rule: frame.rule, variant: frame.variant) }) {
            case .unknown:
                let key = keys[Int(keyIndex)]
                let message = keyRules.takeUnretainedValue().message(for: key, rule: frame.rule, variant: frame.variant)
                throw fail(start - 1, message, .unknownKey(at: path(to: key), message: message))
            case .known(let value):
                pendingValue = (Int32(value.object ?? -1), Int32(value.items ?? -1))
            }
        } else {
            pendingValue = (-1, -1)
        }
        skipWhitespace()
        guard position < end, bytes[position] == ASCII.colon else {
            if position == end { throw fail(position, "unexpected end of input") }
            throw fail(position, "expected ':' after object key")
        }
        position += 1
        return keyIndex
    }

    /// Reads the key whose opening quote is at `position`, moves past its closing quote and returns its index in
    /// `keys`. A key with the bytes of the recent key of its slot is that key: those bytes were checked (no escape,
    /// no control character, UTF-8) when it was first read, so the same bytes cannot be an error now.
    @inline(__always)
    mutating func parseKey() throws(JSONParseError) -> UInt32 {
        let start = position + 1
        var cursor = start
        while cursor < end, bytes[cursor] != ASCII.quote, bytes[cursor] != ASCII.backslash { cursor += 1 }
        guard cursor < end, bytes[cursor] == ASCII.quote else { return index(ofKey: try parseString()) }
        let length = cursor - start
        let slot = length > 0 ? NameTable.hash(count: length, first: bytes[start], last: bytes[cursor - 1]) & 255 : 0
        if let recent = recentKeys[slot], recent.length == length, sameBytes(recent.start, start, length) {
            position = cursor + 1
            return recent.index
        }
        let keyIndex = index(ofKey: try parseString())
        recentKeys[slot] = (start, length, keyIndex)
        return keyIndex
    }

    /// Whether the `length` bytes at `first` and at `second` are the same.
    @inline(__always)
    func sameBytes(_ first: Int, _ second: Int, _ length: Int) -> Bool {
        var offset = 0
        while offset < length {
            guard bytes[first + offset] == bytes[second + offset] else { return false }
            offset += 1
        }
        return true
    }

    /// The index of `key` in `keys`, which gets it if it is new.
    mutating func index(ofKey key: String) -> UInt32 {
        if let known = keyIndices[key] { return known }
        let keyIndex = UInt32(truncatingIfNeeded: keys.count)
        keys.append(key)
        keyIndices[key] = keyIndex
        if let keyRules { keyNumbers.append(keyRules._withUnsafeGuaranteedRef { $0.keyNumbers[key] } ?? -1) }
        return keyIndex
    }

    /// The rule of a container opening now (an object if `isObject`), with ``keyRules``: the document's for the
    /// root, the one its key's rules give in an object, the items' rule for an object in an array.
    func rule(isObject: Bool) -> Int32 {
        guard keyRules != nil else { return -1 }
        guard let parent = stack.last else { return isObject ? 0 : -1 }
        if parent.isObject { return isObject ? pendingValue.object : pendingValue.items }
        return isObject ? parent.rule : -1
    }

    /// The path of member `key` of the innermost open object: for an error, so made only then.
    func path(to key: String) -> [JSONParseError.PathStep] {
        var steps: [JSONParseError.PathStep] = []
        for depth in stack.indices.dropFirst() {
            let parent = stack[depth - 1]
            steps.append(
                parent.isObject
                    ? .key(keys[Int(entries[Int(stack[depth].index)].key)])
                    : .index(Int(parent.count)))
        }
        steps.append(.key(key))
        return steps
    }

    @inline(__always)
    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        var offset = 0
        while offset < count {
            guard position + offset < end, bytes[position + offset] == start[offset] else {
                throw fail(position, "invalid literal (expected '\(literal)')")
            }
            offset += 1
        }
        position += count
    }

    /// Decodes the string whose opening quote is at `position` and moves past
    /// its closing quote. Strings without escapes are decoded straight from
    /// the input; invalid UTF-8 is an error at its first byte (JSON is UTF-8).
    @inline(__always)
    mutating func parseString() throws(JSONParseError) -> String {
        let open = position
        let start = open + 1
        var cursor = start
        var high: UInt8 = 0  // every byte or-ed: whether any is outside ASCII
        while cursor < end {
            let byte = bytes[cursor]
            if byte == ASCII.quote {
                position = cursor + 1
                let text = UnsafeBufferPointer(rebasing: bytes[start..<cursor])
                if high < 0x80 { return String(decoding: text, as: UTF8.self) }
                return try validString(text, at: start)
            }
            high |= byte
            if byte == ASCII.backslash {
                return try parseEscapedString(open: open, firstEscape: cursor)
            }
            if byte < 0x20 { throw controlCharacter(at: cursor) }
            cursor += 1
        }
        throw fail(open, JSONParser.unterminatedString)
    }

    /// The string of `bytes`, which start at offset `start` of the input, or an error at the first byte that is
    /// not UTF-8.
    func validString(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONParseError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        throw invalidUTF8(bytes, at: start)
    }

    /// The error for `bytes` (at offset `start`), which are not all UTF-8: at the first byte that does not begin or
    /// continue a well-formed sequence.
    func invalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> JSONParseError {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        let byte = offset < bytes.count ? bytes[offset] : 0
        return fail(
            start + offset,
            "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)) at offset "
                + "\(start + offset); JSON text is UTF-8)")
    }

    /// Slow path for strings with escapes: decode into `scratch`.
    mutating func parseEscapedString(open: Int, firstEscape: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<firstEscape]))
        var cursor = firstEscape
        while cursor < end {
            let byte = bytes[cursor]
            if byte == ASCII.quote {
                position = cursor + 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == ASCII.backslash {
                guard cursor + 1 < end else { break }
                let escaped = bytes[cursor + 1]
                switch escaped {
                case ASCII.quote, ASCII.backslash, ASCII.slash:
                    scratch.append(escaped)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    cursor = try decodeUnicodeEscape(at: cursor)
                    continue
                default:
                    if escaped >= 0x21 && escaped < 0x7F {
                        throw fail(cursor, "invalid escape sequence '\\\(Character(Unicode.Scalar(escaped)))'")
                    }
                    throw fail(cursor, "invalid escape sequence")
                }
                cursor += 2
                continue
            }
            if byte < 0x20 { throw controlCharacter(at: cursor) }
            // Copy the whole run of ordinary bytes at once.
            let runStart = cursor
            cursor += 1
            while cursor < end {
                let next = bytes[cursor]
                if next == ASCII.quote || next == ASCII.backslash || next < 0x20 { break }
                cursor += 1
            }
            let run = UnsafeBufferPointer(rebasing: bytes[runStart..<cursor])
            // A run ends at an ASCII byte, so a sequence split by an escape is invalid anyway.
            if run.contains(where: { $0 >= 0x80 }), String(validating: run, as: UTF8.self) == nil {
                throw invalidUTF8(run, at: runStart)
            }
            scratch.append(contentsOf: run)
        }
        throw fail(open, JSONParser.unterminatedString)
    }

    /// Decodes `\uXXXX` (and a following low surrogate when needed) at
    /// `escape`, appends its UTF-8 to `scratch` and returns the next cursor.
    mutating func decodeUnicodeEscape(at escape: Int) throws(JSONParseError) -> Int {
        let unit = try hexQuad(at: escape)
        var cursor = escape + 6
        var scalar = unit
        if unit >= 0xD800 && unit <= 0xDBFF {
            guard cursor + 1 < end, bytes[cursor] == ASCII.backslash, bytes[cursor + 1] == UInt8(ascii: "u") else {
                throw fail(
                    escape, "unpaired surrogate \\u\(hex(unit)) (a high surrogate must be followed by a low one)")
            }
            let low = try hexQuad(at: cursor)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw fail(
                    escape, "unpaired surrogate \\u\(hex(unit)) (a high surrogate must be followed by a low one)")
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            cursor += 6
        } else if unit >= 0xDC00 && unit <= 0xDFFF {
            throw fail(escape, "unpaired surrogate \\u\(hex(unit)) (a low surrogate must follow a high one)")
        }
        appendUTF8(scalar)
        return cursor
    }

    /// Reads the four hex digits of the `\u` escape starting at `escape`.
    func hexQuad(at escape: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        var cursor = escape + 2
        while cursor < escape + 6 {
            guard cursor < end else { throw fail(escape, "invalid \\u escape (expected 4 hexadecimal digits)") }
            let byte = bytes[cursor]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte &- ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw fail(escape, "invalid \\u escape (expected 4 hexadecimal digits)")
            }
            value = value << 4 | UInt32(digit)
            cursor += 1
        }
        return value
    }

    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Validates the RFC 8259 number grammar and appends a number record.
    ///
    /// Conversion: when the significand has at most 19 digits, fits in 2^53
    /// and the decimal exponent is within ±22, `m · 10^e` (or `m / 10^e`) is
    /// one IEEE operation on exact operands and so already correctly rounded.
    /// Everything else goes through `Double(String)`, which is correctly
    /// rounded too. Overflow to ±infinity keeps the source text.
    @inline(__always)
    mutating func parseNumber(key: UInt32) throws(JSONParseError) {
        let start = position
        var cursor = position
        let negative = bytes[cursor] == ASCII.minus
        if negative {
            cursor += 1
            guard cursor < end, bytes[cursor] &- ASCII.zero < 10 else {
                if cursor < end, bytes[cursor] == UInt8(ascii: "I") {
                    throw fail(cursor, "Infinity is not allowed in JSON")
                }
                throw fail(cursor, "expected a digit after '-'")
            }
        }

        var significand: UInt64 = 0
        var significantDigits = 0
        var exact = true

        if bytes[cursor] == ASCII.zero {
            cursor += 1
            if cursor < end, bytes[cursor] &- ASCII.zero < 10 {
                throw fail(start, "leading zeros are not allowed")
            }
        } else {
            while cursor < end {
                let digit = bytes[cursor] &- ASCII.zero
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    significantDigits += 1
                } else {
                    exact = false
                }
                cursor += 1
            }
        }

        var fractionDigits = 0
        if cursor < end, bytes[cursor] == ASCII.dot {
            cursor += 1
            guard cursor < end, bytes[cursor] &- ASCII.zero < 10 else {
                throw fail(cursor, "expected a digit after the decimal point")
            }
            while cursor < end {
                let digit = bytes[cursor] &- ASCII.zero
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    // Leading zeros of a fraction (0.000x) are not significant.
                    if significand != 0 { significantDigits += 1 }
                    fractionDigits += 1
                } else {
                    exact = false
                }
                cursor += 1
            }
        }

        var exponent = 0
        if cursor < end, bytes[cursor] | 0x20 == ASCII.lowerE {
            cursor += 1
            var exponentNegative = false
            if cursor < end, bytes[cursor] == ASCII.minus || bytes[cursor] == ASCII.plus {
                exponentNegative = bytes[cursor] == ASCII.minus
                cursor += 1
            }
            guard cursor < end, bytes[cursor] &- ASCII.zero < 10 else {
                throw fail(cursor, "expected a digit in the exponent")
            }
            while cursor < end {
                let digit = bytes[cursor] &- ASCII.zero
                guard digit < 10 else { break }
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(digit) }
                cursor += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        position = cursor

        let index = UInt32(truncatingIfNeeded: entries.count)
        let decimalExponent = exponent - fractionDigits
        if exact && significand <= 1 << 53 && decimalExponent >= -22 && decimalExponent <= 22 {
            var value = Double(significand)
            if decimalExponent >= 0 {
                value *= exactPowersOfTen[decimalExponent]
            } else {
                value /= exactPowersOfTen[-decimalExponent]
            }
            if negative { value = -value }
            entries.append(Entry(kind: .number, payload: value.bitPattern, end: index &+ 1, key: key))
            return
        }
        if exact && significand == 0 {
            let value: Double = negative ? -0.0 : 0.0
            entries.append(Entry(kind: .number, payload: value.bitPattern, end: index &+ 1, key: key))
            return
        }

        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self)
        guard let value = Double(text) else {
            // Unreachable: the grammar above is a subset of what Double accepts.
            throw fail(start, "invalid number")
        }
        if value.isInfinite {
            let textIndex = UInt32(truncatingIfNeeded: strings.count)
            strings.append(text)
            entries.append(
                Entry(
                    kind: .number, payload: value.bitPattern, end: index &+ 1,
                    auxiliary: textIndex, key: key, flags: Entry.overflowFlag))
        } else {
            entries.append(Entry(kind: .number, payload: value.bitPattern, end: index &+ 1, key: key))
        }
    }

    // MARK: - Errors

    func fail(_ offset: Int, _ reason: String, _ shapeProblem: JSONParseError.ShapeProblem? = nil) -> JSONParseError {
        var error = JSONParseError.at(offset, in: bytes, reason)
        error.shapeProblem = shapeProblem
        return error
    }

    func controlCharacter(at offset: Int) -> JSONParseError {
        fail(offset, "unescaped control character U+\(hex(UInt32(bytes[offset]))) in string")
    }

    /// Explains why no value could start at `offset`, naming common
    /// non-JSON extensions explicitly.
    func valueExpected(at offset: Int) -> JSONParseError {
        guard offset < end else { return fail(offset, "unexpected end of input") }
        switch bytes[offset] {
        case ASCII.slash: return fail(offset, "comments are not allowed")
        case UInt8(ascii: "N"): return fail(offset, "NaN is not allowed in JSON")
        case UInt8(ascii: "I"): return fail(offset, "Infinity is not allowed in JSON")
        case UInt8(ascii: "'"): return fail(offset, "strings must use double quotes")
        case ASCII.plus: return fail(offset, "numbers must not start with '+'")
        case ASCII.dot: return fail(offset, "numbers must start with a digit")
        default: return fail(offset, "expected a value")
        }
    }
}

extension JSONKeyRules {
    /// ``variant(of:named:)`` for a name given as its UTF-8 bytes, which stay alive for the call.
    func variant(of rule: Int32, text: UnsafeBufferPointer<UInt8>) -> Int32 {
        variantNumbers[Int(rule)].position(ofText: text).map(Int32.init) ?? Self.unknownVariant
    }
}

extension NameTable {
    /// ``position(of:)`` for a name given as its UTF-8 bytes, which stay alive for the call: the parser looks up
    /// what it reads before making a string of it.
    func position(ofText text: UnsafeBufferPointer<UInt8>) -> Int? {
        position(hash: Self.hash(text)) { texts[$0].count == text.count && texts[$0].elementsEqual(text) }
    }
}
