// The cell the strategies' tests snapshot: an avatar (named) beside a title (unnamed), inset by `inset` on every
// side, written with the DSL or with Texture's spec classes.

import TextureLayoutTesting

/// A node of a fixed size.
final class Box: ASDisplayNode {
    let size: CGSize
    init(_ width: CGFloat, _ height: CGFloat, name: String? = nil) {
        size = CGSize(width: width, height: height)
        super.init()
        debugName = name
    }
    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize { size }
}

final class Cell: ASDisplayNode {
    let avatar = Box(44, 44, name: "avatar")
    let title = Box(200, 18)
    let inset: CGFloat
    let dsl: Bool

    init(inset: CGFloat = 12, dsl: Bool = true) {
        (self.inset, self.dsl) = (inset, dsl)
        super.init()
        debugName = "cell"
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        if dsl {
            return LayoutSpec {
                HStackLayout(spacing: 8, alignItems: .center) {
                    avatar; title
                }.padding(inset)
            }
        }
        let row = ASStackLayoutSpec(
            direction: .horizontal, spacing: 8, justifyContent: .start, alignItems: .center,
            children: [avatar, title])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: inset, left: inset, bottom: inset, right: inset), child: row)
    }
}
