// The README's "A picture of your node": a profile card drawn with snapshotImage(scale:). Set
// README_PICTURE=path to write the picture the README shows.

import Foundation
import Testing
import TextureLayoutDrawing

/// A profile card as Texture code writes one: a round avatar, a name, and a bordered button, on a white card
/// with rounded corners and a shadow.
final class ProfileCardNode: ASDisplayNode {
    let avatar = ASImageNode()
    let name = ASTextNode()
    let follow = ASButtonNode()

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
        backgroundColor = .white
        cornerRadius = 12
        shadowOpacity = 0.3
        shadowOffset = CGSize(width: 0, height: 2)
        shadowRadius = 4
        avatar.image = UIGraphicsImageRenderer(size: CGSize(width: 48, height: 48)).image { context in
            UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 48, height: 48))
            UIColor.white.setFill()
            UIBezierPath(ovalIn: CGRect(x: 16, y: 8, width: 16, height: 16)).fill()
            UIBezierPath(ovalIn: CGRect(x: 8, y: 28, width: 32, height: 32)).fill()
        }
        avatar.style.preferredSize = CGSize(width: 48, height: 48)
        avatar.cornerRadius = 24
        avatar.clipsToBounds = true
        name.attributedText = NSAttributedString(
            string: "Ada Lovelace", attributes: [.font: UIFont.boldSystemFont(ofSize: 17)])
        name.style.flexShrink = 1
        follow.setTitle("Follow", with: UIFont.systemFont(ofSize: 15), with: .blue, for: .normal)
        follow.contentEdgeInsets = UIEdgeInsets(top: 6, left: 14, bottom: 6, right: 14)
        follow.borderWidth = 1
        follow.borderColor = UIColor.blue.cgColor
        follow.cornerRadius = 14
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let spacer = ASLayoutSpec()
        spacer.style.flexGrow = 1
        let row = ASStackLayoutSpec(
            direction: .horizontal, spacing: 12, justifyContent: .start,
            alignItems: .center, children: [avatar, name, spacer, follow])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16), child: row)
    }
}

@Suite("README: a picture of your node")
struct ReadmeSnapshotTests {
    @Test func profileCard() throws {
        let card = ProfileCardNode()
        _ = card.layoutThatFits(
            ASSizeRangeMake(CGSize(width: 320, height: 0), CGSize(width: 320, height: CGFloat.infinity)))
        let image = try card.snapshotImage(scale: 2)
        if let path = ProcessInfo.processInfo.environment["README_PICTURE"] {
            try image.pngData()!.write(to: URL(fileURLWithPath: path))
        }
        // 48 + 32 high, 320 wide; the avatar at (16, 16), its centre (40, 40) white (the head's lower half is
        // the body's circle), its corner cut to the white card under it; the card's own corner cut (radius 12):
        // pixel (0, 0) has only shadow.
        #expect(image.size == CGSize(width: 320, height: 80))
        #expect(card.avatar.frame == CGRect(x: 16, y: 16, width: 48, height: 48))
        #expect(image.pixel(at: 16.5, 16.5) == .white && image.pixel(at: 20, 40) == Pixel(51, 128, 230))
        #expect(image.pixel(at: 40, 34) == .white)
        #expect(image.pixel(0, 0).r == 0 && image.pixel(0, 0).a < 255)
        #expect(image.pixel(at: Double(card.follow.frame.minX) + 0.25, Double(card.follow.frame.midY)) == .blue)
    }
}
