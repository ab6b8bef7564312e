// A feed post cell written twice: with the layout DSL and with Texture's spec classes. Scripts/client-check.sh copies
// this file into a package outside the repository; its tests check that both lay out identically, snapshot the DSL
// cell, and the script times the type-checking of `DSLPostCell.layoutSpecThatFits(_:)`.

import Foundation
import TextureLayoutCompat

/// The nodes both cells lay out.
open class PostParts: ASDisplayNode {
    public let avatar = ASImageNode()
    public let name = ASTextNode()
    public let time = ASTextNode()
    public let body = ASTextNode()
    public let photo = ASImageNode()
    public let badge = ASImageNode()
    public let play = ASImageNode()
    public let more = ASImageNode()
    public let divider = ASDisplayNode()
    public let buttons = [ASImageNode(), ASImageNode(), ASImageNode()]
    public var sponsored = false
    /// The cell's padding on every side; the snapshot tests change it by 2 points.
    public var inset: CGFloat = 12

    public override init() {
        super.init()
        automaticallyManagesSubnodes = true
        debugName = "cell"
        avatar.image = UIImage(size: CGSize(width: 44, height: 44))
        badge.image = UIImage(size: CGSize(width: 14, height: 14))
        play.image = UIImage(size: CGSize(width: 32, height: 32))
        more.image = UIImage(size: CGSize(width: 20, height: 20))
        photo.image = UIImage(size: CGSize(width: 600, height: 400))
        name.attributedText = NSAttributedString(string: "Ada Lovelace",
                                                 attributes: [.font: UIFont.boldSystemFont(ofSize: 15)])
        time.attributedText = NSAttributedString(string: "2h", attributes: [.font: UIFont.systemFont(ofSize: 13)])
        body.attributedText = NSAttributedString(
            string: "The Analytical Engine weaves algebraic patterns, just as the Jacquard loom weaves flowers.",
            attributes: [.font: UIFont.systemFont(ofSize: 15)])
        body.maximumNumberOfLines = 3
        for (node, label) in [(avatar, "avatar"), (name, "name"), (time, "time"), (body, "body"), (photo, "photo"),
                              (badge, "badge"), (play, "play"),
                              (more, "more"), (divider, "divider")] as [(ASDisplayNode, String)] {
            node.debugName = label
        }
        for (index, button) in buttons.enumerated() {
            button.image = UIImage(size: CGSize(width: 24, height: 24))
            button.debugName = "button\(index)"
        }
    }
}

/// The cell in the DSL.
public final class DSLPostCell: PostParts {
    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        LayoutSpec {
            VStackLayout(spacing: 10) {
                HStackLayout(spacing: 10, alignItems: .center) {
                    CornerLayout(child: avatar, corner: badge, location: .bottomRight)
                    VStackLayout(spacing: 2, alignItems: .start) {
                        name.flexShrink(1)
                        if sponsored {
                            time.spacingBefore(4)
                        } else {
                            time
                        }
                    }
                    .flexShrink(1)
                    SpacerLayout()
                    more
                        .alignSelf(.start)
                }
                body.flexShrink(1)
                divider.height(1)
                photo
                    .aspectRatio(0.5)
                    .overlay(
                        CenterLayout {
                            play
                        }
                    )
                HStackLayout(spacing: 16, justifyContent: .start, alignItems: .center) {
                    for button in buttons {
                        button.padding(4)
                    }
                    SpacerLayout(minLength: 8)
                }
                .padding(.top, 2)
            }
            .padding(inset)
        }
    }
}

/// The same cell with Texture's spec classes.
public final class PlainPostCell: PostParts {
    public override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let corner = ASCornerLayoutSpec(child: avatar, corner: badge, location: .bottomRight)
        name.style.flexShrink = 1
        if sponsored { time.style.spacingBefore = 4 }
        let names = ASStackLayoutSpec(direction: .vertical, spacing: 2, justifyContent: .start, alignItems: .start,
                                      children: [name, time])
        names.style.flexShrink = 1
        let spacer = ASLayoutSpec()
        spacer.style.flexGrow = 1
        more.style.alignSelf = .start
        let header = ASStackLayoutSpec(direction: .horizontal, spacing: 10, justifyContent: .start,
                                       alignItems: .center, children: [corner, names, spacer, more])
        body.style.flexShrink = 1
        divider.style.height = ASDimensionMake(1)
        let media = ASOverlayLayoutSpec(child: ASRatioLayoutSpec(ratio: 0.5, child: photo),
                                        overlay: ASCenterLayoutSpec(centeringOptions: .XY, sizingOptions: .minimumXY,
                                                                    child: play))
        let padded = buttons.map {
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4), child: $0)
        }
        let gap = ASLayoutSpec()
        gap.style.flexGrow = 1
        gap.style.spacingBefore = 8
        let actions = ASStackLayoutSpec(direction: .horizontal, spacing: 16, justifyContent: .start,
                                        alignItems: .center, children: padded + [gap])
        let raised = ASInsetLayoutSpec(insets: UIEdgeInsets(top: 2, left: 0, bottom: 0, right: 0), child: actions)
        let column = ASStackLayoutSpec(direction: .vertical, spacing: 10, justifyContent: .start,
                                       alignItems: .stretch, children: [header, body, divider, media, raised])
        let insets = UIEdgeInsets(top: inset, left: inset, bottom: inset, right: inset)
        return ASInsetLayoutSpec(insets: insets, child: column)
    }
}
