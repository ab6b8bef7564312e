// The README's library example, in a file that imports only the engine while the other files of this target import
// TextureLayoutCompat: without MemberImportVisibility every file sees every imported module's members, so this
// compiles only if the engine's calls do not collide with Texture's spellings (which return `ASLayout`).

import Testing
import TextureLayout

@Suite struct ReadmeExampleTests {
    @Test func readmeRowNextToCompat() {
        let avatar = FixedSizeNode(intrinsicSize: Size(44, 44))
        avatar.debugName = "avatar"
        let title = FixedSizeNode(intrinsicSize: Size(200, 18))
        title.debugName = "title"
        title.style.flexShrink = 1
        let spacer = LayoutSpec()
        spacer.style.flexGrow = 1
        let row = StackLayoutSpec(
            direction: .horizontal, spacing: 8, alignItems: .center,
            children: [avatar, title, spacer])
        let cell = DisplayNode()
        cell.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: EdgeInsets(all: 12), child: row) }

        let layout = cell.layout(within: SizeRange(min: Size(375, 0), max: Size(375, .infinity)))
        // Row: exactly 351 wide; 44 + 8 + 200 + 8 + 0 = 260, the spacer grows by 91. Line cross 44; the title is
        // centred at floor((44 - 18) / 2) = 13, so at 12 + 13 = 25 in the cell.
        #expect(layout.size == Size(375, 68))
        #expect(
            layout.subnodeLayouts.map(\.frameInSupernode)
                == [Rect(x: 12, y: 12, width: 44, height: 44), Rect(x: 64, y: 25, width: 200, height: 18)])
        // Printed results say which element they are.
        #expect(
            layout.subnodeLayouts.map(\.description)
                == [
                    #"FixedSizeNode "avatar" at (12.0, 12.0) size 44.0×44.0"#,
                    #"FixedSizeNode "title" at (64.0, 25.0) size 200.0×18.0"#,
                ])
        #expect(layout.element.description == "DisplayNode")
    }
}
