// Texture-style nodes drawn by snapshotImage(scale:), checked at points worked out by hand from the display
// properties' rules (Core Animation's: corners clamp to half the smaller side, borders lie inside the edge, a
// clipping node draws no shadow, alpha composites the subtree as one group). Pictures are at scale 2, so the pixel
// (x, y) covers the points x/2…(x+1)/2 and its centre is at ((x + 0.5) / 2, (y + 0.5) / 2).

import Foundation
import Testing
import TextureLayoutDrawing

@Suite("snapshotImage: Texture's display properties drawn")
struct NodeSnapshotTests {
    /// A round avatar: a 40 × 40 image node with cornerRadius 20 and clipsToBounds, showing a decoded PNG of four
    /// quadrants (aspect fill of a square image: the image covers the node exactly, 10 image pixels per 20 points).
    @Test func roundAvatarCutsItsImageToACircle() throws {
        let avatar = ASImageNode()
        avatar.image = UIImage(data: quadrantsPNG())
        avatar.cornerRadius = 20
        avatar.clipsToBounds = true
        let image = try laidOut(avatar, 40, 40).snapshotImage(scale: 2)
        #expect(image.size == CGSize(width: 40, height: 40) && image.scale == 2)
        #expect(image.bitmap?.width == 80)
        // Outside the corner: pixel (4, 4), centre (2.25, 2.25), is 25.1 points from the centre (20, 20) > 20.
        #expect(image.pixel(4, 4) == .clear)
        // Inside the corner: pixel (14, 14), centre (7.25, 7.25), is 18.0 points from the centre, 2 points (4
        // pixels) inside the circle, in the red quadrant.
        #expect(image.pixel(14, 14) == .red)
        // Each quadrant's middle: points (10, 10), (30, 10), (10, 30), (30, 30).
        #expect(image.pixel(at: 10, 10) == .red)
        #expect(image.pixel(at: 30, 10) == .green)
        #expect(image.pixel(at: 10, 30) == .blue)
        #expect(image.pixel(at: 30, 30) == .white)
        // The other corners are cut too: pixel (75, 75), centre (37.75, 37.75), is 25.1 points out.
        #expect(image.pixel(75, 75) == .clear && image.pixel(75, 4) == .clear && image.pixel(4, 75) == .clear)
    }

    /// clipsToBounds cuts subnodes to the rounded box; without it they draw over the corners.
    @Test func clippingCutsSubnodesAtTheRoundedCorner() throws {
        func container(clips: Bool) throws -> UIImage {
            let child = ASDisplayNode()
            child.backgroundColor = .blue
            child.style.preferredSize = CGSize(width: 40, height: 40)
            let node = ASDisplayNode()
            node.automaticallyManagesSubnodes = true
            node.layoutSpecBlock = { _, _ in ASWrapperLayoutSpec(layoutElement: child) }
            node.cornerRadius = 20
            node.clipsToBounds = clips
            return try laidOut(node, 40, 40).snapshotImage(scale: 2)
        }
        #expect(try container(clips: true).pixel(4, 4) == .clear)
        #expect(try container(clips: false).pixel(4, 4) == .blue)
        #expect(try container(clips: true).pixel(at: 20, 20) == .blue)
    }

    /// A bordered button: white background, a 2-point blue border with corner radius 8, title inset by 10 points.
    @Test func borderedButtonDrawsBorderBackgroundAndTitle() throws {
        let button = ASButtonNode()
        button.setTitle("Follow", with: UIFont.systemFont(ofSize: 17), with: .black, for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        button.backgroundColor = .white
        button.borderWidth = 2
        button.borderColor = UIColor.blue.cgColor
        button.cornerRadius = 8
        let layout = button.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 300, height: 300)))
        let size = layout.size
        let image = try button.snapshotImage(scale: 2)
        let midY = Double(size.height) / 2
        // Under the border: the band is the 2 points inside the edge; points (1, midY) and (w − 1, midY).
        #expect(image.pixel(at: 1, midY) == .blue)
        #expect(image.pixel(at: Double(size.width) - 1, midY) == .blue)
        #expect(image.pixel(at: Double(size.width) / 2, 1) == .blue)
        // Just inside the border, left of the title's 10-point inset: the background.
        #expect(image.pixel(at: 5, midY) == .white)
        // Outside the top left corner: pixel (0, 0), centre (0.25, 0.25), is 10.96 points from the corner's
        // centre (8, 8) > 8.
        #expect(image.pixel(0, 0) == .clear)
        // The title is drawn: dark opaque pixels (black text over white) inside the title's frame, none outside
        // (the border's pixels are blue, mixed with white or transparency at its edges).
        let title = button.titleNode.frame
        #expect(title.minX == 10 && title.minY == 10)
        var dark = 0, darkOutside = 0
        for y in 0..<image.bitmap!.height {
            for x in 0..<image.bitmap!.width
            where image.pixel(x, y).a == 255 && image.pixel(x, y).r < 128 && image.pixel(x, y).b < 128 {
                let point = CGPoint(x: (Double(x) + 0.5) / 2, y: (Double(y) + 0.5) / 2)
                if title.contains(point) { dark += 1 } else { darkOutside += 1 }
            }
        }
        #expect(dark > 100)
        #expect(darkOutside == 0)
    }

    /// A button's normal-state image is drawn in its image node's frame.
    @Test func buttonDrawsItsNormalStateImage() throws {
        let icon = UIGraphicsImageRenderer(size: CGSize(width: 12, height: 12)).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 12, height: 12))
        }
        let button = ASButtonNode()
        button.setImage(icon, for: .normal)
        button.setImage(
            UIGraphicsImageRenderer(size: CGSize(width: 12, height: 12)).image { context in
                UIColor.green.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 12, height: 12))
            }, for: .highlighted)
        _ = button.layoutThatFits(ASSizeRangeMake(.zero, CGSize(width: 100, height: 100)))
        let image = try button.snapshotImage(scale: 2)
        #expect(button.imageNode.frame == CGRect(x: 0, y: 0, width: 12, height: 12))
        #expect(image.pixel(at: 6, 6) == .red)
    }

    /// A shadowed card: a white 100 × 60 card at (20, 20) in a 140 × 110 container, its shadow black at opacity
    /// 0.5, moved 4 points down and blurred by a Gaussian of standard deviation 4 points (8 pixels).
    @Test func shadowedCardCastsItsShadowBelow() throws {
        let card = ASDisplayNode()
        card.backgroundColor = .white
        card.cornerRadius = 8
        card.shadowColor = UIColor.black.cgColor
        card.shadowOpacity = 0.5
        card.shadowOffset = CGSize(width: 0, height: 4)
        card.shadowRadius = 4
        let container = ASDisplayNode()
        container.automaticallyManagesSubnodes = true
        container.layoutSpecBlock = { _, _ in
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 20, left: 20, bottom: 30, right: 20), child: card)
        }
        let image = try laidOut(container, 140, 110).snapshotImage(scale: 2)
        #expect(card.frame == CGRect(x: 20, y: 20, width: 100, height: 60))
        #expect(image.pixel(at: 70, 50) == .white)
        // In the shadow: pixel row 164 (centre y 82.25) lies 1.75 points inside the moved box's bottom edge (84),
        // 50 points from its sides: coverage Φ(1.75 / 4) = Φ(0.4375) = 0.669, times the opacity 0.5 = 0.335, an
        // alpha of 85 over black.
        let shadow = image.pixel(140, 164)
        #expect(shadow.r == 0 && shadow.g == 0 && shadow.b == 0)
        #expect(abs(shadow.a - 85) <= 4, "shadow alpha \(shadow.a)")
        // Four standard deviations past the edge (y = 100): Φ(−4) × 0.5 < 0.0001, nothing.
        #expect(image.pixel(at: 70, 100.25).a == 0)
        // Above the card the shadow is moved away: y = 18 is 6 points above the moved box's top (24): Φ(−1.5) =
        // 0.0668 × 0.5 = 0.033, an alpha of 9 (pixel row 36, centre 18.25: Φ(−5.75 / 4) = 0.0753 → 10).
        #expect(abs(image.pixel(140, 36).a - 10) <= 3)

        // A card that clips to its bounds draws no shadow, as a layer that masks to bounds draws none.
        card.clipsToBounds = true
        #expect(try container.snapshotImage(scale: 2).pixel(140, 164) == .clear)
    }

    /// alpha composites the subtree as one group; isHidden draws nothing of it.
    @Test func alphaAndHidden() throws {
        let child = ASDisplayNode()
        child.backgroundColor = .blue
        child.style.preferredSize = CGSize(width: 10, height: 10)
        let node = ASDisplayNode()
        node.automaticallyManagesSubnodes = true
        node.backgroundColor = .red
        node.alpha = 0.5
        node.layoutSpecBlock = { _, _ in
            ASInsetLayoutSpec(insets: UIEdgeInsets(top: 0, left: 0, bottom: 10, right: 10), child: child)
        }
        let image = try laidOut(node, 20, 20).snapshotImage(scale: 2)
        // The child covers the red within the group, then the group is drawn at half opacity: blue, alpha 128
        // (premultiplied: 0, 0, 128), never a mix with red.
        #expect(image.pixel(at: 5, 5).isClose(to: Pixel(0, 0, 128, 128), within: 1))
        #expect(image.pixel(at: 15, 15).isClose(to: Pixel(128, 0, 0, 128), within: 1))
        child.isHidden = true
        #expect(try node.snapshotImage(scale: 2).pixel(at: 5, 5).isClose(to: Pixel(128, 0, 0, 128), within: 1))
    }

    /// maskedCorners rounds only the corners it names.
    @Test func maskedCornersRoundOnlyThoseCorners() throws {
        let node = ASDisplayNode()
        node.backgroundColor = .green
        node.cornerRadius = 10
        node.cornerRoundingType = .precomposited
        node.maskedCorners = [.layerMinXMinYCorner]
        let image = try laidOut(node, 40, 40).snapshotImage(scale: 2)
        // Pixel (0, 0), centre (0.25, 0.25), is 13.8 points from the corner's centre (10, 10) > 10.
        #expect(image.pixel(0, 0) == .clear)
        #expect(image.pixel(79, 0) == .green && image.pixel(0, 79) == .green && image.pixel(79, 79) == .green)
    }

    /// Properties set on the node's layer, as Texture code often writes them (`self.layer.cornerRadius = 5`), are
    /// the node's own: a white 20 × 20 node with a 1-point red border, corners of radius 5, at half opacity.
    @Test func layerPropertiesAreTheNodes() throws {
        let node = ASDisplayNode()
        node.backgroundColor = .white
        node.layer.cornerRadius = 5
        node.layer.borderColor = UIColor.red.cgColor
        node.layer.borderWidth = 1
        node.layer.masksToBounds = true
        node.layer.opacity = 0.5
        #expect(node.cornerRadius == 5 && node.borderWidth == 1 && node.clipsToBounds && node.alpha == 0.5)
        #expect(node.borderColor == UIColor.red.cgColor && node.layer.backgroundColor == UIColor.white.cgColor)
        let image = try laidOut(node, 20, 20).snapshotImage(scale: 2)
        // Under the border: pixel (20, 0), centre (10.25, 0.25), in the band 0…1 of the top edge: red at half
        // opacity, premultiplied (255 × 0.5 rounds to 128, give or take one).
        #expect(image.pixel(20, 0).isClose(to: Pixel(128, 0, 0, 128), within: 1))
        // Inside: white at half opacity. Outside the corner: pixel (0, 0), centre (0.25, 0.25), is 6.7 points from
        // the corner's centre (5, 5) > 5.
        #expect(image.pixel(at: 10, 10).isClose(to: Pixel(128, 128, 128, 128), within: 1))
        #expect(image.pixel(0, 0) == .clear)
    }

    /// A node never laid out has nothing to draw.
    @Test func aNodeWithoutSizeIsAnError() {
        #expect(throws: ASSnapshotError.noSize(.zero)) { try ASDisplayNode().snapshotImage() }
    }
}
