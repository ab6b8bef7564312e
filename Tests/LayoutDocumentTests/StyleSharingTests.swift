import LayoutDocument
import TextureLayout
import Testing

/// The reader gives elements with equal styles one shared block (`DocumentReader.styles`), per document.
@Suite struct StyleSharingTests {
    static let json = #"""
        {"root": {"type": "stack", "name": "row", "children": [
            {"type": "node", "name": "a", "size": [10, 10], "style": {"flexGrow": 1}},
            {"type": "node", "name": "b", "size": [10, 10], "style": {"flexGrow": 1}},
            {"type": "spec", "name": "c", "style": {"flexGrow": 1, "flexShrink": 1}},
            {"type": "node", "name": "d", "size": [10, 10], "style": {"flexGrow": 1.0, "spacingBefore": 0}},
            {"type": "node", "name": "e", "size": [10, 10], "style": {}},
            {"type": "node", "name": "f", "size": [10, 10], "style": {"spacingBefore": -0.0}}
        ]}}
        """#

    /// Equal styles share a block however they are written (`1` and `1.0`, a default stated or left out); an
    /// empty style is the default block every unstyled element holds; −0 spacing keeps its sign in a block of its
    /// own; another document's elements hold blocks of their own.
    @Test func equalStylesShareOneBlockPerDocument() throws {
        let document = try LayoutDocument(json: Self.json)
        let block = { (name: String) in document.elementsByName[name]!.sharedStyle }
        #expect(block("a") === block("b") && block("a") === block("d"))
        #expect(block("a") !== block("c"))
        #expect(block("a").style.flexGrow == 1 && block("c").style.flexShrink == 1)
        #expect(block("e") === block("row"))
        #expect(block("f") !== block("row") && block("f").style.spacingBefore.sign == .minus)
        let again = try LayoutDocument(json: Self.json)
        #expect(again.elementsByName["a"]!.sharedStyle !== block("a"))
    }
}
