import LayoutDocument
import Testing
import TextureLayout

/// A document's named elements: found by name one at a time or all at once, each the element the reader built.
@Suite struct NamedElementsTests {
    @Test func namedElementsAreFoundByName() throws {
        let document = try LayoutDocument(
            json: #"""
                {"root": {"type": "stack", "name": "row", "children": [
                    {"type": "node", "name": "a", "size": [10, 20]},
                    {"type": "node", "size": [5, 5]},
                    {"type": "inset", "name": "b", "insets": {"top": 2}, "child": {"type": "node", "name": "c", "size": [1, 1]}}
                ]}}
                """#)
        let row = try #require(document.element(named: "row") as? StackLayoutSpec)
        #expect(row === document.rootElement)
        #expect(document.element(named: "a") === row.children[0])
        #expect(document.element(named: "b") === row.children[2])
        #expect(document.element(named: "c") === (row.children[2] as? InsetLayoutSpec)?.child)
        #expect(document.element(named: "d") == nil)
        let all = document.elementsByName
        #expect(Set(all.keys) == ["row", "a", "b", "c"])
        for (name, element) in all { #expect(element === document.element(named: name)) }
        #expect(document.name(of: row.children[0]) == "a")
    }
}
