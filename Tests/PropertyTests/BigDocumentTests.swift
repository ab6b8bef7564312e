import LayoutDocument
import TestSupport
import Testing
import TextureLayout

/// Documents at the sizes and edges the format allows, built in memory: 100,000 elements, 10,000 levels of
/// nesting, 1,000,000-point sizes, "inf" everywhere it is allowed, and every enum value combined. Each must be
/// read and laid out (or rejected with a `DocumentError`) without a crash, with finite numbers everywhere.
@Suite struct BigDocumentTests {
    /// A leaf of the given size.
    static func leaf(_ w: Double, _ h: Double, style: String? = nil) -> String {
        "{\"type\": \"node\", \"size\": [\(jsonNumber(w)), \(jsonNumber(h))]"
            + (style.map { ", \"style\": {\($0)}" } ?? "") + "}"
    }

    /// One of 14 containers (every element type that holds others) around `inner` (its JSON), chosen by
    /// `index`, and how many elements it adds.
    static func wrap(_ inner: String, kind index: Int, value v: String = "4") -> (String, Int) {
        switch index % 14 {
        case 0: return ("{\"type\": \"stack\", \"children\": [\(inner)]}", 1)
        case 1:
            return (
                "{\"type\": \"stack\", \"direction\": \"vertical\", \"alignItems\": \"center\", "
                    + "\"spacing\": \(v), \"children\": [\(inner), \(leaf(3, 3))]}", 2
            )
        case 2:
            return (
                "{\"type\": \"inset\", \"insets\": {\"top\": \(v), \"left\": \(v), \"bottom\": \(v), "
                    + "\"right\": \(v)}, \"child\": \(inner)}", 1
            )
        case 3: return ("{\"type\": \"center\", \"centeringOptions\": \"xy\", \"child\": \(inner)}", 1)
        case 4:
            return (
                "{\"type\": \"relative\", \"horizontalPosition\": \"end\", \"verticalPosition\": \"center\", "
                    + "\"sizingOption\": \"minimumSize\", \"child\": \(inner)}", 1
            )
        case 5: return ("{\"type\": \"ratio\", \"ratio\": 0.5, \"child\": \(inner)}", 1)
        case 6: return ("{\"type\": \"overlay\", \"child\": \(inner), \"overlay\": \(leaf(1, 1))}", 2)
        case 7: return ("{\"type\": \"background\", \"child\": \(inner), \"background\": {\"type\": \"node\"}}", 2)
        case 8:
            return (
                "{\"type\": \"corner\", \"cornerLocation\": \"bottomRight\", \"wrapsCorner\": true, "
                    + "\"offset\": [\(v), \(v)], \"child\": \(inner), \"corner\": \(leaf(6, 6))}", 2
            )
        case 9: return ("{\"type\": \"wrapper\", \"children\": [\(inner), \(leaf(2, 2))]}", 2)
        case 10:
            return (
                "{\"type\": \"absolute\", \"sizing\": \"sizeToFit\", \"children\": [{\"type\": \"wrapper\", "
                    + "\"style\": {\"layoutPosition\": [\(v), \(v)]}, \"child\": \(inner)}]}", 2
            )
        case 11: return ("{\"type\": \"node\", \"layout\": \(inner)}", 1)
        case 12:
            return (
                "{\"type\": \"stack\", \"flexWrap\": \"wrap\", \"justifyContent\": \"spaceBetween\", "
                    + "\"children\": [{\"type\": \"spec\", \"style\": {\"flexGrow\": 1}}, \(inner)]}", 2
            )
        default: return ("{\"type\": \"corner\", \"child\": \(inner), \"corner\": \(leaf(2, 2))}", 2)
        }
    }

    static func document(_ root: String, min: String = "[0, 0]", max: String = "[\"inf\", \"inf\"]") -> String {
        "{\"sizeRange\": {\"min\": \(min), \"max\": \(max)}, \"root\": \(root)}"
    }

    /// Reads and lays out `text` on a large stack (the invariants' recording copy recurses), checks that every
    /// number is finite (and every invariant if asked), and returns the reader's or the layout's error, if any,
    /// and the number of entries in the result. Failures are recorded here, on the test's own thread (an issue
    /// recorded on another thread is not attributed to the test).
    static func layOut(_ text: String, checkInvariants: Bool = false) -> (error: DocumentError?, entries: Int) {
        let (error, entries, failures) = withLargeStack { () -> (DocumentError?, Int, [String]) in
            let document: LayoutDocument
            do throws(DocumentError) {
                document = try LayoutDocument(json: text)
            } catch {
                return (error, 0, [])
            }
            var error: DocumentError?
            var failures: [String] = []
            let layout: Layout
            do throws(DocumentError) {
                layout = try document.layout().layout
            } catch let thrown {
                // What Texture asserts on: the result still exists (and must be finite), it is just not printed.
                error = thrown
                layout = document.rootNode.layout(within: document.sizeRange, scale: document.scale)
            }
            let entries = layout.allLayouts
            for entry in entries {
                if !(isFinite(entry.frameInRoot) && entry.size.width.isFinite && entry.size.height.isFinite) {
                    failures.append(
                        "a non-finite frame \(entry.frameInRoot) at \(document.path(of: entry.element) ?? "?")")
                    break
                }
            }
            if checkInvariants {
                var rng = SplitMix64(seed: 3)
                failures +=
                    Invariants.check(label: "document", mutations: 1, rng: &rng) {
                        try? LayoutDocument(json: text)
                    }.failures
            }
            return (error, entries.count, failures)
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
        return (error, entries)
    }

    // MARK: Any depth

    /// `levels` containers around a named leaf, cycling through the three ways an element holds another (a
    /// stack's `children`, a node's `layout`, an inset's `child`), written front and back so that building the
    /// text stays linear; `tail` is added to the outermost element.
    static func nested(levels: Int, tail: String = "") -> String {
        let opens = [
            "{\"type\": \"stack\", \"children\": [", "{\"type\": \"node\", \"layout\": ",
            "{\"type\": \"inset\", \"child\": ",
        ]
        let closes = ["]}", "}", "}"]
        var text = ""
        text.reserveCapacity(levels * 40)
        for level in 0..<levels { text += opens[level % 3] }
        text += "{\"type\": \"node\", \"name\": \"leaf\", \"size\": [10, 20]}"
        for level in stride(from: levels - 1, through: 0, by: -1) {
            text += closes[level % 3]
            if level == 0 { text.insert(contentsOf: tail, at: text.index(before: text.endIndex)) }
        }
        return "{\"root\": \(text)}"
    }

    /// A million levels are read, built and freed on the test's own thread, with no large stack: the reader
    /// follows nesting with a loop, and freeing a tree takes each element's children before letting it go.
    @Test func millionLevelsAreReadAndFreed() throws {
        let levels = 1_000_000
        let text = Self.nested(levels: levels)
        do {
            let document = try LayoutDocument(json: text)
            #expect(document.elementCount == levels + 1)
            let leaf = try #require(document.elementsByName["leaf"])
            #expect(document.path(of: leaf)?.hasSuffix(".layout.child.children[0]") == true)
        }
        // A deep tree built and then dropped halfway: the error comes after the whole subtree was built.
        let bad = Self.nested(levels: 200_000, tail: ", \"colour\": 1")
        #expect(throws: DocumentError(path: "root.colour", message: "unknown key \"colour\" for a stack")) {
            try LayoutDocument(json: bad)
        }
    }

    // MARK: 100,000 elements

    @Test func hundredThousandElements() {
        var rows: [String] = []
        var elements = 1  // the root stack
        var kind = 0
        while elements < 100_000 {
            var items: [String] = []
            for column in 0..<40 {
                let (item, added) = Self.wrap(Self.leaf(Double(10 + column % 7), Double(8 + kind % 5)), kind: kind)
                items.append(item)
                elements += added + 1
                kind += 1
            }
            rows.append(
                "{\"type\": \"stack\", \"flexWrap\": \"wrap\", \"spacing\": 2, \"lineSpacing\": 3, "
                    + "\"children\": [\(items.joined(separator: ", "))]}")
            elements += 1
        }
        let text = Self.document(
            "{\"type\": \"stack\", \"direction\": \"vertical\", \"children\": [\(rows.joined(separator: ", "))]}",
            max: "[375, \"inf\"]")
        let (error, entries) = Self.layOut(text)
        #expect(error == nil, "\(error!)")
        #expect(elements >= 100_000)
        #expect(entries >= 100_000)
    }

    // MARK: 10,000 levels

    @Test func tenThousandLevelsOfEveryContainer() {
        var text = Self.leaf(20, 10)
        for level in 0..<10_000 { text = Self.wrap(text, kind: level).0 }
        let (error, entries) = Self.layOut(Self.document(text, max: "[1000, 1000]"))
        // Insets of 4 or wrapping corners on 10,000 levels may well exceed 10⁷ points: then the document is
        // rejected at layout, as the contract says; it must never crash.
        if let error { #expect(error.message.contains("the computed"), "\(error)") }
        #expect(entries > 0)
    }

    /// The long run only (about a second each in a debug build): the test above already nests every type.
    @Test(.enabled(if: PropertySettings.long), arguments: 0..<14)
    func tenThousandLevelsOfOneContainer(kind: Int) {
        var text = Self.leaf(20, 10)
        for _ in 0..<10_000 { text = Self.wrap(text, kind: kind, value: "0.5").0 }
        let (error, entries) = Self.layOut(Self.document(text, max: "[375, \"inf\"]"))
        if let error { #expect(error.message.contains("the computed"), "\(error)") }
        #expect(entries >= 10_000)
    }

    // MARK: 1,000,000 points

    @Test(arguments: 0..<14)
    func millionPointSizes(kind: Int) {
        let million = "1000000"
        var text = Self.leaf(1_000_000, 1_000_000, style: "\"spacingBefore\": 1000000, \"flexGrow\": 1")
        for level in 0..<6 {
            text = Self.wrap(text, kind: kind + level, value: million).0
        }
        for (min, max) in [
            ("[0, 0]", "[\"inf\", \"inf\"]"), ("[1000000, 1000000]", "[1000000, 1000000]"),
            ("[0, 0]", "[1000000, \"inf\"]"), ("[999999.5, 0]", "[9999999, 9999999]"),
        ] {
            _ = Self.layOut(Self.document(text, min: min, max: max), checkInvariants: true)
        }
    }

    @Test func millionPointStack() {
        var children: [String] = []
        for index in 0..<12 {
            children.append(
                Self.leaf(
                    1_000_000, Double(index) * 100_000,
                    style: "\"flexShrink\": 1, \"flexGrow\": 1, \"ascender\": 1000000"))
        }
        for alignItems in ["start", "stretch", "baselineFirst", "baselineLast", "center"] {
            for wrap in ["noWrap", "wrap"] {
                let stack =
                    "{\"type\": \"stack\", \"spacing\": 1000000, \"alignItems\": \"\(alignItems)\", "
                    + "\"flexWrap\": \"\(wrap)\", \"lineSpacing\": 1000000, \"alignContent\": \"spaceAround\", "
                    + "\"justifyContent\": \"spaceAround\", \"children\": [\(children.joined(separator: ", "))]}"
                _ = Self.layOut(
                    Self.document(stack, min: "[1000000, 0]", max: "[1000000, 1000000]"),
                    checkInvariants: true)
            }
        }
    }

    // MARK: "inf" everywhere

    /// Size ranges with "inf" wherever the format allows it (min and max).
    static let infRanges: [(String, String)] = [
        ("[\"inf\", \"inf\"]", "[\"inf\", \"inf\"]"), ("[0, 0]", "[\"inf\", \"inf\"]"),
        ("[\"inf\", 0]", "[\"inf\", \"inf\"]"), ("[0, \"inf\"]", "[100, \"inf\"]"), ("[50, 50]", "[\"inf\", 100]"),
    ]

    @Test(arguments: 0..<14)
    func infEverywhere(kind: Int) {
        // Insets are the one element key that takes "inf": every combination of infinite edges, twice nested.
        for edges in 0..<16 {
            let names = ["top", "left", "bottom", "right"]
            let insets = names.indices.map { "\"\(names[$0])\": \(edges & (1 << $0) != 0 ? "\"inf\"" : "3")" }
            var text =
                "{\"type\": \"inset\", \"insets\": {\(insets.joined(separator: ", "))}, "
                + "\"child\": \(Self.leaf(10, 10))}"
            text = Self.wrap(text, kind: kind, value: "7").0
            text = "{\"type\": \"inset\", \"insets\": {\(insets.joined(separator: ", "))}, \"child\": \(text)}"
            for (min, max) in Self.infRanges {
                _ = Self.layOut(Self.document(text, min: min, max: max), checkInvariants: true)
            }
        }
    }

    // MARK: Every enum value

    /// Every combination of the stack's seven enums (4·5·6·2·6·4·4 = 23,040 stacks, one document per
    /// direction). In the long run each stack has one child per alignSelf value; in the normal suite, two
    /// children whose alignSelf values go round all five from one stack to the next.
    @Test(arguments: ["horizontal", "vertical", "horizontalReverse", "verticalReverse"])
    func everyStackEnumCombination(direction: String) {
        var stacks: [String] = []
        var children: [String] = []
        for (index, alignSelf) in ["auto", "start", "end", "center", "stretch"].enumerated() {
            children.append(
                Self.leaf(
                    Double(10 + 7 * index), Double(30 - 4 * index),
                    style: "\"alignSelf\": \"\(alignSelf)\", \"ascender\": \(index * 3), "
                        + "\"descender\": -\(index), \"flexGrow\": \(index % 2), "
                        + "\"flexShrink\": \(index % 3)"))
        }
        let perStack = PropertySettings.long ? 5 : 2
        var childList: String {
            (0..<perStack).map { children[(stacks.count + $0 * 2) % 5] }.joined(separator: ", ")
        }
        for justify in ["start", "center", "end", "spaceBetween", "spaceAround"] {
            for alignItems in ["start", "end", "center", "stretch", "baselineFirst", "baselineLast"] {
                for wrap in ["noWrap", "wrap"] {
                    for alignContent in ["start", "center", "end", "spaceBetween", "spaceAround", "stretch"] {
                        for horizontal in ["none", "left", "middle", "right"] {
                            for vertical in ["none", "top", "center", "bottom"] {
                                let childList = childList
                                stacks.append(
                                    "{\"type\": \"stack\", \"direction\": \"\(direction)\", \"justifyContent\": "
                                        + "\"\(justify)\", \"alignItems\": \"\(alignItems)\", \"flexWrap\": \"\(wrap)\", "
                                        + "\"alignContent\": \"\(alignContent)\", \"horizontalAlignment\": "
                                        + "\"\(horizontal)\", \"verticalAlignment\": \"\(vertical)\", \"spacing\": 3, "
                                        + "\"lineSpacing\": 2, \"style\": {\"height\": 70}, \"children\": [\(childList)]}"
                                )
                            }
                        }
                    }
                }
            }
        }
        #expect(stacks.count == 5760)
        let text = Self.document(
            "{\"type\": \"stack\", \"direction\": \"vertical\", \"children\": [\(stacks.joined(separator: ", "))]}",
            max: "[90, \"inf\"]")
        let (error, entries) = Self.layOut(text)
        #expect(error == nil, "\(error!)")
        #expect(entries > 5760 * (perStack + 1))
    }

    /// Every value of every other spec's enums, combined with each other where one element takes several.
    @Test func everyOtherEnumCombination() {
        var items: [String] = []
        let positions = ["none", "start", "center", "end"]
        for horizontal in positions {
            for vertical in positions {
                for sizing in ["default", "minimumWidth", "minimumHeight", "minimumSize"] {
                    items.append(
                        "{\"type\": \"relative\", \"horizontalPosition\": \"\(horizontal)\", "
                            + "\"verticalPosition\": \"\(vertical)\", \"sizingOption\": \"\(sizing)\", "
                            + "\"child\": \(Self.leaf(20, 10))}")
                }
            }
        }
        for centering in ["none", "x", "y", "xy"] {
            for sizing in ["default", "minimumX", "minimumY", "minimumXY"] {
                items.append(
                    "{\"type\": \"center\", \"centeringOptions\": \"\(centering)\", "
                        + "\"sizingOptions\": \"\(sizing)\", \"child\": \(Self.leaf(20, 10))}")
            }
        }
        for sizing in ["default", "sizeToFit"] {
            items.append(
                "{\"type\": \"absolute\", \"sizing\": \"\(sizing)\", \"children\": ["
                    + "\(Self.leaf(10, 10, style: "\"layoutPosition\": [5, 5]")), "
                    + "\(Self.leaf(10, 10, style: "\"layoutPosition\": [500, -5]"))]}")
        }
        for location in ["topLeft", "topRight", "bottomLeft", "bottomRight"] {
            for wraps in [false, true] {
                items.append(
                    "{\"type\": \"corner\", \"cornerLocation\": \"\(location)\", \"wrapsCorner\": \(wraps), "
                        + "\"offset\": [-3, 4], \"child\": \(Self.leaf(30, 30)), \"corner\": \(Self.leaf(8, 8))}")
            }
        }
        for alignSelf in ["auto", "start", "end", "center", "stretch"] {
            items.append(Self.leaf(12, 12, style: "\"alignSelf\": \"\(alignSelf)\""))
        }
        for (min, max) in [
            ("[0, 0]", "[200, \"inf\"]"), ("[100, 100]", "[100, 100]"), ("[0, 0]", "[\"inf\", \"inf\"]"),
        ] {
            for direction in ["vertical", "horizontal"] {
                let text = Self.document(
                    "{\"type\": \"stack\", \"direction\": \"\(direction)\", \"flexWrap\": \"wrap\", "
                        + "\"children\": [\(items.joined(separator: ", "))]}", min: min, max: max)
                let (error, _) = Self.layOut(text, checkInvariants: true)
                #expect(error == nil, "\(error!)")
            }
        }
    }
}
