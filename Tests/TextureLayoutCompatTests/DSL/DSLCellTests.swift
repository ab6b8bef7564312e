// The same cell written twice, with Texture's spec classes and with the DSL: a 44-point avatar beside a column of a
// title too wide for the row, an optional subtitle and a row of buttons ending in a spacer, all inset by 12.
//
// By hand (Texture's stack rules; the cell is 375 wide, any height): the row gets exactly 375 − 24 = 351. The
// column wants the title's 400, so the row overflows by 44 + 10 + 400 − 351 = 103 and the column, the only child that
// shrinks, gives it all up: 297 wide at x 12 + 44 + 10 = 66. In it the title is clamped to 297; the buttons' row is
// 24 + 8 + 24 + 8 + 0 = 64 wide (its minimum is 0, so the spacer has nothing to grow into). The column is
// 18 + 4 + 16 + 4 + 24 = 66 high, the cell 12 + 66 + 12 = 90.

import Testing
import TextureLayoutCompat

/// The cell's nodes, made afresh for each spelling (the DSL's modifiers style the nodes they are given).
private final class CellParts {
    let avatar = ContentNode(44, 44)
    let title = ContentNode(400, 18)
    let subtitle: ContentNode? = ContentNode(120, 16)
    let buttons = [ContentNode(24, 24), ContentNode(24, 24)]
    let names = ["avatar", "title", "subtitle", "like", "comment"]

    init() {
        for (node, name) in zip([avatar, title, subtitle!] + buttons, names) { node.debugName = name }
    }
}

private final class PlainCell: ASDisplayNode {
    let parts = CellParts()

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let spacer = ASLayoutSpec()
        spacer.style.flexGrow = 1
        let actions = ASStackLayoutSpec(
            direction: .horizontal, spacing: 8, justifyContent: .start,
            alignItems: .stretch, children: parts.buttons + [spacer])
        parts.title.style.flexShrink = 1
        let column = ASStackLayoutSpec(
            direction: .vertical, spacing: 4, justifyContent: .start, alignItems: .start,
            children: [parts.title] + (parts.subtitle.map { [$0] } ?? []) + [actions])
        column.style.flexShrink = 1
        column.style.flexGrow = 1
        let row = ASStackLayoutSpec(
            direction: .horizontal, spacing: 10, justifyContent: .start, alignItems: .start,
            children: [parts.avatar, column])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12), child: row)
    }
}

private final class DSLCell: ASDisplayNode {
    let parts = CellParts()

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        LayoutSpec {
            HStackLayout(spacing: 10, alignItems: .start) {
                parts.avatar
                VStackLayout(spacing: 4, alignItems: .start) {
                    parts.title.flexShrink(1)
                    parts.subtitle
                    HStackLayout(spacing: 8) {
                        for button in parts.buttons { button }
                        SpacerLayout()
                    }
                }
                .flexShrink(1)
                .flexGrow(1)
            }
            .padding(12)
        }
    }
}

/// Every layout of the tree under `layout`, one line each: depth, class, frame in the parent.
private func outline(_ layout: Layout, depth: Int = 0) -> [String] {
    ["\(depth) \(type(of: layout.element)) \(layout.frame)"]
        + layout.sublayouts.flatMap { outline($0, depth: depth + 1) }
}

@Suite("DSL cell")
struct DSLCellTests {
    static let range = ASSizeRangeMake(CGSize(width: 375, height: 0), CGSize(width: 375, height: CGFloat.infinity))

    @Test func dslAndPlainCellsHaveTheFramesWorkedOutByHand() {
        for cell in [PlainCell(), DSLCell()] as [ASDisplayNode] {
            let layout = cell.layoutThatFits(Self.range)
            #expect(layout.size == CGSize(width: 375, height: 90))
            #expect(
                layout.sublayoutFrames == [
                    CGRect(x: 12, y: 12, width: 44, height: 44), CGRect(x: 66, y: 12, width: 297, height: 18),
                    CGRect(x: 66, y: 34, width: 120, height: 16), CGRect(x: 66, y: 54, width: 24, height: 24),
                    CGRect(x: 98, y: 54, width: 24, height: 24),
                ], "\(type(of: cell))")
            #expect(layout.sublayouts.map { $0.layoutElement.debugName } == CellParts().names)
        }
    }

    @Test func theDSLTreeIsThePlainTreeUnderOneWrapper() {
        let range = SizeRange(min: Size(375, 0), max: Size(375, .infinity))
        let plain = PlainCell().layout(within: range)
        let dsl = DSLCell().layout(within: range)
        #expect(dsl.sublayouts.count == 1)
        let wrapper = dsl.sublayouts[0]
        #expect(type(of: wrapper.element) == WrapperLayoutSpec.self)
        #expect(wrapper.frame == Rect(x: 0, y: 0, width: 375, height: 90))
        #expect(
            wrapper.sublayouts.flatMap { outline($0, depth: 1) }
                == plain.sublayouts.flatMap { outline($0, depth: 1) })
        #expect(outline(plain).count == 11)
    }
}
