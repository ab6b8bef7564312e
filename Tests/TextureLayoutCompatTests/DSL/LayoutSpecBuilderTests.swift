// What the DSL's builder and entry point make: which elements, in which order, under which spec.

import Testing
import TextureLayoutCompat

private func node(_ name: String) -> ASDisplayNode {
    let node = ContentNode(10, 10)
    node.debugName = name
    return node
}

private func names(_ elements: [LayoutElement]) -> [String?] { elements.map(\.debugName) }

@Suite("Layout spec builder")
struct LayoutSpecBuilderTests {
    @Test func blockBuildsItsLinesInOrderWithConditionsLoopsAndOptionals() {
        let (a, b, c) = (node("a"), node("b"), node("c"))
        let missing: ASDisplayNode? = nil
        for flag in [true, false] {
            let stack = VStackLayout {
                a
                if flag { b } else { c }
                if !flag { a }
                missing
                for name in ["x", "y"] { node(name) }
                switch flag {
                case true: node("on")
                case false: node("off")
                }
            }
            let children = (stack.layoutContentElement as! StackLayoutSpec).children
            #expect(names(children) == (flag ? ["a", "b", "x", "y", "on"] : ["a", "c", "a", "x", "y", "off"]))
        }
    }

    @Test func layoutSpecWithABlockIsAWrapperAndWithoutOneAPlainSpacer() {
        let (a, b) = (node("a"), node("b"))
        let built: ASLayoutSpec = LayoutSpec {
            a; b
        }
        #expect(type(of: built) == WrapperLayoutSpec.self)
        #expect(names(built.children) == ["a", "b"])
        // Wrapped: the wrapper takes its content's size, where a plain spec takes its range's minimum (0).
        let range = SizeRange(min: .zero, max: Size(100, 100))
        #expect(built.layout(within: range).size == Size(10, 10))
        #expect(LayoutSpec(children: [node("c")]).layout(within: range).size == .zero)
        #expect(type(of: LayoutSpec()) == LayoutSpec.self)
    }

    @Test func singleChildLayoutsWrapSeveralElementsAndTakeAPlainSpecForNone() {
        let inset = InsetLayout(insets: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) {
            node("a"); node("b")
        }
        let spec = inset.layoutContentElement as! InsetLayoutSpec
        #expect(type(of: spec.child!) == WrapperLayoutSpec.self)
        #expect(names(spec.child!.sublayoutElements) == ["a", "b"])
        let empty = CenterLayout {}.layoutContentElement as! CenterLayoutSpec
        #expect(type(of: empty.child!) == LayoutSpec.self)
        let one = RelativeLayout { node("a") }.layoutContentElement as! RelativeLayoutSpec
        #expect(one.child?.debugName == "a")
    }
}
