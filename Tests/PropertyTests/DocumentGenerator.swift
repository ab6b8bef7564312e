// Random valid layout documents (the format of layout-document.md), from a seed: every element type, every key
// of every type and every style property, with values that range from the everyday (whole points below a few
// hundred) to the edges the format allows (0, sub-point fractions, subnormals, 10⁶, just below and at 10⁷,
// "inf" where allowed, negative spacing and insets).
//
// The element types and their keys come from the format's own declarations (`ElementKind.all`).
//
// No test framework here: the fuzz target (Fuzz/FuzzLayout.swift) compiles this file too.

import LayoutDocument
import TestSupport

/// A JSON number as the generator writes it: integers without a fraction, others as Swift prints them (the
/// shortest text that reads back as the same double).
func jsonNumber(_ value: Double) -> String {
    if value == value.rounded(.towardZero) && abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
}

/// Writes one random document per call. `maxElements` bounds the tree; `edgeRate` is the share of numbers
/// taken from the edge values rather than everyday ones.
struct DocumentGenerator {
    var rng: SplitMix64
    var maxDepth = 6
    var maxElements = 40
    var edgeRate = 0.08
    private var elements = 0
    private var names = 0

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    // MARK: Random helpers

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    /// Numbers at the edges of what the format accepts.
    static let edgeLengths: [Double] = [
        0, 1e-9, .leastNonzeroMagnitude, 0.1, 0.25, 0.5, 1.0 / 3, 999_999.5, 1_000_000, 9_999_999, 10_000_000,
        15_000_000, 1e300, .greatestFiniteMagnitude,
    ]

    /// A non-negative finite number of points.
    mutating func length(upTo limit: Int = 300) -> Double {
        if chance(edgeRate) { return pick(Self.edgeLengths) }
        switch int(0...9) {
        case 0: return 0
        case 1: return Double(int(0...limit * 8)) / 8
        case 2: return Double(int(0...limit * 3)) / 3
        default: return Double(int(0...limit))
        }
    }

    /// A finite number of either sign (spacing, insets, offsets, positions, ascenders).
    mutating func signedLength(upTo limit: Int = 60) -> Double {
        let value = length(upTo: limit)
        return chance(0.3) ? -value : value
    }

    mutating func number(_ value: Double) -> String { jsonNumber(value) }

    mutating func dimension() -> String {
        switch int(0...19) {
        case 0...9: return number(length())
        case 10...11: return "\"\(jsonNumber(length()))pt\""
        case 12...15:
            let percent = chance(0.3) ? pick([0.0, 100, 50, 100.0 / 3]) : Double(int(0...100))
            return "\"\(jsonNumber(percent))%\""
        default: return "\"auto\""
        }
    }

    mutating func pair(_ item: (inout DocumentGenerator) -> String) -> String {
        let first = item(&self)
        let second = item(&self)
        return "[\(first), \(second)]"
    }

    mutating func object(_ members: [String]) -> String {
        "{" + members.shuffled(using: &rng).joined(separator: ", ") + "}"
    }

    // MARK: Document

    mutating func document() -> String {
        elements = 0
        names = 0
        var members: [String] = []
        if chance(0.85) { members.append("\"sizeRange\": \(sizeRange())") }
        if chance(0.25) { members.append("\"scale\": \(number(pick([1, 3, 0.5, 1.5, 4, 7, 2, 2.5])))") }
        if chance(0.25) { members.append("\"layoutDirection\": \"\(pick(["ltr", "rtl"]))\"") }
        members.append("\"root\": \(element(depth: 0, parent: "root"))")
        return object(members)
    }

    mutating func sizeRange() -> String {
        var minimum: [String] = [], maximum: [String] = []
        for _ in 0..<2 {
            if chance(0.02) {
                minimum.append("\"inf\"")
                maximum.append("\"inf\"")
                continue
            }
            let maxValue: Double? = chance(0.3) ? nil : length(upTo: 500)
            maximum.append(maxValue.map(jsonNumber) ?? "\"inf\"")
            if chance(0.5) {
                minimum.append("0")
            } else if let maxValue {
                minimum.append(jsonNumber(chance(0.3) ? maxValue : (maxValue / 8 * Double(int(0...8)))))
            } else {
                minimum.append(jsonNumber(length(upTo: 500)))
            }
        }
        var members: [String] = []
        if chance(0.9) { members.append("\"min\": [\(minimum[0]), \(minimum[1])]") }
        if chance(0.95) { members.append("\"max\": [\(maximum[0]), \(maximum[1])]") }
        return object(members)
    }

    // MARK: Elements

    /// The types an element with children is chosen from, each as often as it has keys (a stack, with the most
    /// options, gets about a quarter of them). Read from the format's declarations, so a new type is generated
    /// as soon as it is declared.
    static let containerKinds: [ElementKind] = ElementKind.all
        .filter { kind in kind.keys.contains { $0.value == .element || $0.value == .elements } }
        .flatMap { kind in Array(repeating: kind, count: kind.keys.count) }

    mutating func element(depth: Int, parent: String) -> String {
        elements += 1
        let leaf = depth >= maxDepth || elements >= maxElements || chance(depth == 0 ? 0.05 : 0.45)
        let kind = leaf ? ElementKind.named(chance(0.25) ? "text" : "node")! : pick(Self.containerKinds)
        var members = ["\"type\": \"\(kind.type)\""]
        if chance(0.9) {
            members.append("\"name\": \"e\(names)\"")
            names += 1
        }
        if chance(0.55) { members.append("\"style\": \(style(parent: parent))") }
        // Of each pair of keys that exclude each other, one side is left out.
        let excluded = kind.exclusiveKeys.map { chance(0.5) ? $0.0 : $0.1 }
        for key in kind.keys where !excluded.contains(key.name) {
            let holdsElements = key.value == .element || key.value == .elements
            if leaf && holdsElements { continue }
            // A text needs one of its exclusive pair (text or runs).
            let neededSide = kind.type == "text" && kind.exclusiveKeys.contains { $0.0 == key.name || $0.1 == key.name }
            guard key.isRequired || neededSide || chance(holdsElements ? 0.9 : 0.5) else { continue }
            members.append("\"\(key.name)\": \(value(key.value, depth: depth + 1, parent: kind.type))")
        }
        return object(members)
    }

    /// A random value of the kind a key declares.
    mutating func value(_ kind: ElementValueKind, depth: Int, parent: String) -> String {
        switch kind {
        case .element: return element(depth: depth, parent: parent)
        case .elements: return children(depth: depth, parent: parent, upTo: 5)
        case .number(let allowsNegative): return number(allowsNegative ? signedLength(upTo: 20) : length())
        case .positiveNumber:
            return number(
                chance(0.1)
                    ? pick([1e-6, 1e6, .leastNonzeroMagnitude, 1e300]) : pick([0.5, 1, 2, 0.75, 1.0 / 3, 16.0 / 9]))
        case .bool: return "\(chance(0.5))"
        case .choice(let names): return "\"\(pick(names))\""
        case .size: return pair { $0.number($0.length()) }
        case .point: return pair { $0.number($0.signedLength()) }
        case .insets:
            var insets: [String] = []
            for edge in ["top", "left", "bottom", "right"] where chance(0.7) {
                insets.append("\"\(edge)\": \(chance(0.15) ? "\"inf\"" : number(signedLength()))")
            }
            return object(insets)
        case .color: return "\"\(pick(["#c0ffee", "tomato", "rgb(10, 20, 30)"]))\""
        case .fraction: return number(pick([0, 0.25, 0.5, 1]))
        case .corners:
            return "["
                + ["\"topLeft\"", "\"topRight\"", "\"bottomLeft\"", "\"bottomRight\""].filter { _ in chance(0.5) }
                .joined(separator: ", ") + "]"
        case .gradient:
            let colors = (0..<int(2...4)).map { _ in "\"\(pick(["red", "#00f8", "transparent", "hsl(90, 50%, 50%)"]))\""
            }
            var members = ["\"colors\": [" + colors.joined(separator: ", ") + "]"]
            if chance(0.5) { members.append("\"type\": \"\(pick(["axial", "radial"]))\"") }
            if chance(0.5) { members.append("\"startPoint\": " + pair { $0.number($0.signedLength(upTo: 2)) }) }
            return object(members)
        case .string: return "\"\(pick(Self.texts))\""
        case .count: return "\(int(0...4))"
        case .fontName: return "\"default\""
        case .runs:
            var runs: [String] = []
            for _ in 0..<int(1...3) {
                var members = ["\"text\": \"\(pick(Self.texts))\""]
                if chance(0.5) { members.append("\"size\": \(number(pick([0, 8, 13.5, 17, 40])))") }
                if chance(0.3) { members.append("\"letterSpacing\": \(number(signedLength(upTo: 3)))") }
                runs.append(object(members))
            }
            return "[" + runs.joined(separator: ", ") + "]"
        }
    }

    /// Texts for text elements: words, long words, newlines, other scripts, emoji, combining marks.
    static let texts = [
        "", "Hello", "The quick brown fox jumps over the lazy dog.", "a\\nb\\n", "supercalifragilisticexpialidocious",
        "https://example.com/a/b?c=d", "שלום עולם abc", "مرحبا بالعالم", "😀👩‍👩‍👧 ok", "e\\u0301\\u0301\\u0301", "   ",
    ]

    mutating func children(depth: Int, parent: String, upTo count: Int) -> String {
        let n = int(0...count)
        var items: [String] = []
        for _ in 0..<n { items.append(element(depth: depth, parent: parent)) }
        return "[" + items.joined(separator: ", ") + "]"
    }

    // MARK: Style

    /// One stored pair of dimensions (preferred, min or max), written in one of the format's three ways: `keys` are
    /// the pair in points (`…Size`) and the pair as dimensions (`…LayoutSize`), each chosen one time in ten at
    /// `pairRate`, then the width and height keys, each of which otherwise appears at `rate`. Each stored
    /// dimension is written by at most one key.
    mutating func sizeKeys(
        _ keys: [String], pairRate: Double, rate: Double, maxLength: Int = 300,
        into members: inout [String]
    ) {
        switch int(0...9) {
        case 0 where chance(pairRate):
            members.append("\"\(keys[0])\": \(pair { $0.number($0.length(upTo: maxLength)) })")
        case 1 where chance(pairRate): members.append("\"\(keys[1])\": \(pair { $0.dimension() })")
        default:
            if chance(rate) { members.append("\"\(keys[2])\": \(dimension())") }
            if chance(rate) { members.append("\"\(keys[3])\": \(dimension())") }
        }
    }

    /// A style; children of stacks lean to the flex properties, children of absolute specs to a position.
    mutating func style(parent: String) -> String {
        var members: [String] = []
        let sizing = parent == "stack" ? 0.25 : 0.4
        sizeKeys(
            ["preferredSize", "preferredLayoutSize", "width", "height"], pairRate: sizing * 2, rate: sizing,
            into: &members)
        sizeKeys(
            ["minSize", "minLayoutSize", "minWidth", "minHeight"], pairRate: 0.3, rate: 0.12, maxLength: 100,
            into: &members)
        sizeKeys(["maxSize", "maxLayoutSize", "maxWidth", "maxHeight"], pairRate: 0.3, rate: 0.12, into: &members)
        let flex = parent == "stack" ? 0.35 : 0.05
        if chance(flex) { members.append("\"flexGrow\": \(number(pick([0, 1, 1, 2, 0.5, 3])))") }
        if chance(flex) { members.append("\"flexShrink\": \(number(pick([0, 1, 1, 2, 0.5, 3])))") }
        if chance(flex * 0.6) { members.append("\"flexBasis\": \(dimension())") }
        if chance(flex * 0.8) {
            members.append("\"alignSelf\": \"\(pick(["auto", "start", "end", "center", "stretch"]))\"")
        }
        if chance(flex * 0.5) { members.append("\"spacingBefore\": \(number(signedLength(upTo: 20)))") }
        if chance(flex * 0.5) { members.append("\"spacingAfter\": \(number(signedLength(upTo: 20)))") }
        if chance(flex * 0.5) { members.append("\"ascender\": \(number(signedLength(upTo: 40)))") }
        if chance(flex * 0.5) { members.append("\"descender\": \(number(signedLength(upTo: 40)))") }
        if chance(parent == "absolute" ? 0.8 : 0.03) {
            members.append("\"layoutPosition\": \(pair { $0.number($0.signedLength(upTo: 300)) })")
        }
        return object(members)
    }
}
