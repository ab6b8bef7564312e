// The DSL cell of the compatibility module's article "Getting started" and of the module's overview, as written
// there, so that they keep compiling (this target has a stand-in named ASTextNode, so the real one is qualified).

import Testing
import TextureLayoutCompat

private final class PostCell: ASCellNode {
    let avatar = ASImageNode()
    let title = TextureLayoutCompat.ASTextNode()
    let body = TextureLayoutCompat.ASTextNode()
    let photo: ASImageNode? = nil
    let buttons = [ASButtonNode(), ASButtonNode()]

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        LayoutSpec {
            VStackLayout(spacing: 8) {
                HStackLayout(spacing: 10, alignItems: .center) {
                    avatar.preferredSize(CGSize(width: 44, height: 44))
                    title.flexShrink(1)
                }
                body
                if let photo {
                    photo.aspectRatio(0.5)
                }
                HStackLayout(spacing: 16) {
                    for button in buttons { button }
                    SpacerLayout()
                }
            }
            .padding(12)
        }
    }
}

private final class ProfileCell: ASDisplayNode {
    let avatar = ASImageNode()
    let name = TextureLayoutCompat.ASTextNode()

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        LayoutSpec {
            HStackLayout(spacing: 10, alignItems: .center) {
                avatar.preferredSize(CGSize(width: 44, height: 44))
                name.flexShrink(1)
            }
            .padding(12)
        }
    }
}

@Suite("Getting started")
struct GettingStartedTests {
    @Test func articleCellsLayOut() {
        let range = ASSizeRangeMake(CGSize(width: 375, height: 0), CGSize(width: 375, height: CGFloat.infinity))
        // Texts without text measure as their insets (0 × 0) and buttons without content as nothing: the avatar
        // sets the first row's height, so the post is 12 + 44 + 8 + 0 + 8 + 0 + 12 = 84 high.
        let post = PostCell().layoutThatFits(range)
        #expect(post.size == CGSize(width: 375, height: 84))
        #expect(post.sublayouts.first?.frame == CGRect(x: 12, y: 12, width: 44, height: 44))
        let profile = ProfileCell().layoutThatFits(range)
        #expect(profile.size == CGSize(width: 375, height: 68))
        #expect(profile.sublayouts.first?.frame == CGRect(x: 12, y: 12, width: 44, height: 44))
    }
}
