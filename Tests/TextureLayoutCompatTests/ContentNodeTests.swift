// Content nodes measured by the rules of Texture's own code: the image node is its image's size (ASImageNode.mm,
// calculateSizeThatFits:), a network image node has no size of its own until it has an image, the button lays out
// the spec ASButtonNode.mm's layoutSpecThatFits: builds, and the scroll node sizes itself from its parent with
// automaticallyManagesContentSize (ASScrollNode.mm). Every expected frame is worked out in the comments.

import Foundation
import Testing
import TextureLayoutCompat

/// A PNG's first 24 bytes (signature, IHDR length and type, width, height), then the rest of IHDR.
private func pngHeader(width: UInt32, height: UInt32) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
    return Data(bytes + [8, 6, 0, 0, 0])
}

/// A JPEG's start: SOI, an APP0 segment, a DHT segment (marker C4, which is not a frame), a fill byte, then a start
/// of frame with `marker` holding the height and the width.
private func jpegHeader(width: UInt16, height: UInt16, marker: UInt8 = 0xC0) -> Data {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    bytes += [0xFF, 0xC4, 0x00, 0x04, 0x00, 0x00]
    bytes += [0xFF, 0xFF, marker, 0x00, 0x11, 0x08]
    for value in [height, width] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
    bytes += [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
    return Data(bytes)
}

@Suite("UIImage stand-in: sizes from file headers")
struct UIImageTests {
    @Test func pngSizeComesFromIHDR() throws {
        let image = try #require(UIImage(data: pngHeader(width: 120, height: 80)))
        #expect(image.size == CGSize(width: 120, height: 80))
        #expect(image.scale == 1)
    }

    @Test func jpegSizeComesFromTheFirstFrameSegment() throws {
        // Baseline (C0) and progressive (C2) frames; the DHT segment before them (C4) is skipped.
        let baseline = try #require(UIImage(data: jpegHeader(width: 640, height: 480)))
        #expect(baseline.size == CGSize(width: 640, height: 480))
        let progressive = try #require(UIImage(data: jpegHeader(width: 300, height: 200, marker: 0xC2)))
        #expect(progressive.size == CGSize(width: 300, height: 200))
    }

    @Test func otherDataIsNoImage() {
        #expect(UIImage(data: Data("GIF89a".utf8)) == nil)
        #expect(UIImage(data: Data([0xFF, 0xD8, 0xFF, 0xD9])) == nil)
        #expect(UIImage(data: pngHeader(width: 0, height: 10)) == nil)
    }

    @Test func fileNameSuffixGivesTheScale() throws {
        // 120×80 pixels at @2x is 60×40 points, as UIKit reports an image's size.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("UIImageTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let retina = directory.appendingPathComponent("photo@2x.png")
        try pngHeader(width: 120, height: 80).write(to: retina)
        let plain = directory.appendingPathComponent("photo.jpg")
        try jpegHeader(width: 90, height: 60).write(to: plain)

        let fromRetina = try #require(UIImage(contentsOfFile: retina.path))
        #expect(fromRetina.scale == 2)
        #expect(fromRetina.size == CGSize(width: 60, height: 40))
        let fromPlain = try #require(UIImage(contentsOfFile: plain.path))
        #expect(fromPlain.size == CGSize(width: 90, height: 60))
        #expect(UIImage(contentsOfFile: directory.appendingPathComponent("missing.png").path) == nil)

        // By name, the @2x file is preferred (the screen scale); an explicit extension finds that file.
        let bundle = try #require(Bundle(path: directory.path))
        #expect(UIImage(named: "photo", in: bundle, compatibleWith: nil)?.size == CGSize(width: 60, height: 40))
        #expect(UIImage(named: "photo.jpg", in: bundle, compatibleWith: nil)?.size == CGSize(width: 90, height: 60))
        #expect(UIImage(named: "nothing", in: bundle, compatibleWith: nil) == nil)
    }
}

@Suite("ASImageNode and ASNetworkImageNode")
struct ImageNodeTests {
    @Test func imageNodeIsItsImagesSizeClampedToItsRange() {
        let node = ASImageNode()
        node.image = UIImage(size: CGSize(width: 120, height: 80))
        #expect(node.layoutThatFits(range(0, 0, 300, 300)).size == CGSize(width: 120, height: 80))
        // Wider than the range's max: the image's 400 is clamped to 300.
        node.image = UIImage(size: CGSize(width: 400, height: 50))
        #expect(node.layoutThatFits(range(0, 0, 300, 300)).size == CGSize(width: 300, height: 50))
        // Smaller than the range's min: clamped up to it.
        #expect(node.layoutThatFits(range(100, 100, 500, 500)).size == CGSize(width: 400, height: 100))
    }

    @Test func imageNodeWithoutImageMeasuresAsAPlainNode() {
        // The plain node's rule: the whole max when both sides are finite, else zero.
        let node = ASImageNode()
        #expect(node.layoutThatFits(range(0, 0, 300, 200)).size == CGSize(width: 300, height: 200))
        #expect(node.layoutThatFits(range(0, 0, 300, .infinity)).size == .zero)
    }

    @Test func networkImageHasNoSizeUntilAnImageIsSet() {
        // In a vertical list 320 wide, a child gets [0…320]×[0…∞]: the unbounded height makes the plain rule
        // answer 0×0, which is why Texture code gives network image nodes a preferred size.
        let photo = ASNetworkImageNode()
        photo.url = URL(string: "https://example.com/photo.jpg")
        let list = ASStackLayoutSpec.vertical(children: [photo])
        list.alignItems = .start
        #expect(list.layoutThatFits(range(0, 0, 320, .infinity)).sublayouts[0].frame == rect(0, 0, 0, 0))

        // The default image is shown (and measured) while the URL's image has not arrived.
        photo.defaultImage = UIImage(size: CGSize(width: 64, height: 48))
        #expect(photo.image?.size == CGSize(width: 64, height: 48))
        #expect(list.layoutThatFits(range(0, 0, 320, .infinity)).sublayouts[0].frame == rect(0, 0, 64, 48))

        // A new URL shows the default image again; setting an image directly forgets the URL.
        photo.url = URL(string: "https://example.com/other.jpg")
        #expect(photo.image === photo.defaultImage)
        photo.image = UIImage(size: CGSize(width: 10, height: 10))
        #expect(photo.url == nil)
    }

    @Test func networkImageWithAPreferredSize() {
        // The avatar pattern: style.preferredSize makes the node 44×44 whatever its image.
        let avatar = ASNetworkImageNode()
        avatar.url = URL(string: "https://example.com/avatar.png")
        avatar.style.preferredSize = CGSize(width: 44, height: 44)
        let row = ASStackLayoutSpec(
            direction: .horizontal, spacing: 8, justifyContent: .start,
            alignItems: .center, children: [avatar])
        let layout = row.layoutThatFits(range(0, 0, 320, .infinity))
        #expect(layout.sublayouts[0].frame == rect(0, 0, 44, 44))
        avatar.image = UIImage(size: CGSize(width: 200, height: 200))
        #expect(row.layoutThatFits(range(0, 0, 320, .infinity)).sublayouts[0].frame == rect(0, 0, 44, 44))
    }
}

@Suite("ASButtonNode: Texture's button spec")
struct ButtonNodeTests {
    private func iconButton(insets: UIEdgeInsets) -> ASButtonNode {
        let button = ASButtonNode()
        button.setImage(UIImage(size: CGSize(width: 24, height: 24)), for: .normal)
        button.contentEdgeInsets = insets
        return button
    }

    @Test func imageInsetByContentEdgeInsets() {
        // Stack [image 24×24] inside insets 8/12/8/12: 24+24 wide, 24+16 high; the image at (12, 8).
        let button = iconButton(insets: UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12))
        let layout = button.layoutThatFits(range(0, 0, 320, .infinity))
        #expect(layout.size == CGSize(width: 48, height: 40))
        #expect(layout.frame(for: button.imageNode) == rect(12, 8, 24, 24))
        #expect(same(button.subnodes, [button.imageNode]))
    }

    @Test func contentIsCentredInALargerButton() {
        // Exactly 100×44: the stack gets exactly 76×28 (insets removed). Horizontal: middle alignment centres along
        // the stack, (76 − 24) / 2 = 26; center alignment centres across it, (28 − 24) / 2 = 2. Plus the insets.
        let button = iconButton(insets: UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12))
        let layout = button.layoutThatFits(ASSizeRangeMake(CGSize(width: 100, height: 44)))
        #expect(layout.frame(for: button.imageNode) == rect(38, 10, 24, 24))

        // Left and top alignment put it at the insets' corner.
        button.contentHorizontalAlignment = .left
        button.contentVerticalAlignment = .top
        let moved = button.layoutThatFits(ASSizeRangeMake(CGSize(width: 100, height: 44)))
        #expect(moved.frame(for: button.imageNode) == rect(12, 8, 24, 24))
    }

    @Test func backgroundImageFillsTheButtonBehindTheContent() {
        // The background spec sizes the background to the content spec (the button's 100×44) and puts it first.
        let button = iconButton(insets: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        button.setBackgroundImage(UIImage(size: CGSize(width: 10, height: 10)), for: .normal)
        let layout = button.layoutThatFits(ASSizeRangeMake(CGSize(width: 100, height: 44)))
        #expect(layout.frame(for: button.backgroundImageNode) == rect(0, 0, 100, 44))
        #expect(layout.frame(for: button.imageNode) == rect(38, 10, 24, 24))
        #expect(same(button.subnodes, [button.backgroundImageNode, button.imageNode]))
    }

    @Test func stateSelectsTheImage() {
        // Selected 30×20 replaces the normal 24×24 while selected; disabled wins over selected.
        let button = iconButton(insets: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        button.setImage(UIImage(size: CGSize(width: 30, height: 20)), for: .selected)
        button.setImage(UIImage(size: CGSize(width: 16, height: 16)), for: .disabled)
        button.isSelected = true
        #expect(button.layoutThatFits(range(0, 0, 320, 100)).size == CGSize(width: 30, height: 20))
        button.isEnabled = false
        #expect(button.layoutThatFits(range(0, 0, 320, 100)).size == CGSize(width: 16, height: 16))
        button.isEnabled = true
        button.isSelected = false
        #expect(button.layoutThatFits(range(0, 0, 320, 100)).size == CGSize(width: 24, height: 24))
    }

    @Test func emptyButtonIsItsInsets() {
        // No image and no title: an empty stack takes its range's min (0×0), plus the insets.
        let button = ASButtonNode()
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
        #expect(button.layoutThatFits(range(0, 0, 320, 100)).size == CGSize(width: 12, height: 8))
        #expect(button.subnodes.isEmpty)
    }
}

@Suite("ASScrollNode with automaticallyManagesContentSize")
struct ScrollNodeTests {
    /// A scroll node whose content is a vertical stack of blocks `width`×`height` each.
    private func scrollNode(blocks: Int, width: CGFloat, height: CGFloat) -> (ASScrollNode, [ASDisplayNode]) {
        let scroll = ASScrollNode()
        scroll.automaticallyManagesSubnodes = true
        scroll.automaticallyManagesContentSize = true
        let children = (0..<blocks).map { _ in
            ASDisplayNodeWithBackgroundColor(UIColor.gray, CGSize(width: width, height: height))
        }
        scroll.layoutSpecBlock = { _, _ in
            let stack = ASStackLayoutSpec.vertical(children: children)
            stack.alignItems = .start
            return stack
        }
        return (scroll, children)
    }

    @Test func managingContentSizeMakesItVertical() {
        let scroll = ASScrollNode()
        scroll.automaticallyManagesContentSize = true
        #expect(scroll.scrollableDirections == ASScrollDirectionVerticalDirections)
    }

    @Test func tallContentScrollsInsideTheParentsSize() {
        // Three 100×300 blocks: content 100×900 measured with an unbounded height. The node is its parent's size
        // (the range's max, 320×480, clamped to the range), and contentSize the content's, once laid out.
        let (scroll, children) = scrollNode(blocks: 3, width: 100, height: 300)
        let layout = scroll.layoutThatFits(range(0, 0, 320, 480))
        #expect(layout.size == CGSize(width: 320, height: 480))
        #expect(layout.sublayoutFrames == [rect(0, 0, 100, 300), rect(0, 300, 100, 300), rect(0, 600, 100, 300)])
        #expect(layout.frame(for: children[2]) == rect(0, 600, 100, 300))
        scroll.applyLayout(layout)
        #expect(scroll.contentSize == CGSize(width: 100, height: 900))
    }

    @Test func unboundedParentTakesTheContentsHeight() {
        // In a vertical list the parent's height is unbounded: not a usable size, so the node takes the
        // content's height, 900, and the parent's width, 320.
        let (scroll, _) = scrollNode(blocks: 3, width: 100, height: 300)
        let layout = scroll.layoutThatFits(
            range(320, 0, 320, .infinity),
            parentSize: CGSize(width: 320, height: CGFloat.infinity))
        #expect(layout.size == CGSize(width: 320, height: 900))
    }

    @Test func shortContentIsMeasuredAgainInTheNodesRange() {
        // Two 100×100 blocks: content 100×200 < 480, so Texture measures it again in the node's own range (same
        // frames here, as nothing flexes); contentSize stays the content's.
        let (scroll, _) = scrollNode(blocks: 2, width: 100, height: 100)
        let layout = scroll.layoutThatFits(range(0, 0, 320, 480))
        #expect(layout.size == CGSize(width: 320, height: 480))
        #expect(layout.sublayoutFrames == [rect(0, 0, 100, 100), rect(0, 100, 100, 100)])
        scroll.applyLayout(layout)
        #expect(scroll.contentSize == CGSize(width: 100, height: 200))
    }
}
