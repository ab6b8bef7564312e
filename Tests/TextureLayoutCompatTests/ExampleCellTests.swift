// Cells in the patterns of Texture's example apps (a social feed post, a shop's product row), laid out the way a
// list lays them out: width exactly the list's, any height, then applied. Text is DejaVu Sans (the system font
// here): a line is 2384 / 2048 of the font size high (hhea ascender 1901, descender −483, 2048 units per em), widths
// are advance sums checked with pango-view, and text node sizes are rounded up to whole points.

import Foundation
import Testing
import TextureLayoutCompat

/// A feed post: avatar, name and time beside it, the body, a photo at a 1:2 ratio, and a row of two icon buttons.
private final class FeedPostCell: ASCellNode {
    let avatar = ASNetworkImageNode()
    let name = textNode(attributed("Jane Doe", size: 15, bold: true))
    let time = textNode(attributed("2h", size: 13, [.foregroundColor: UIColor.gray]))
    let body = textNode(
        attributed(
            "Spent the afternoon at the lake with the dogs. The water was cold but they did not care at all, "
                + "and neither did we. Back next weekend with a picnic and a better camera.", size: 15))
    let photo = ASNetworkImageNode()
    let like = ASButtonNode()
    let comment = ASButtonNode()

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
        avatar.url = URL(string: "https://example.com/avatar.jpg")
        avatar.style.preferredSize = CGSize(width: 44, height: 44)
        photo.url = URL(string: "https://example.com/photo.jpg")
        body.maximumNumberOfLines = 2
        body.truncationMode = .byTruncatingTail
        for button in [like, comment] {
            button.setImage(UIImage(size: CGSize(width: 24, height: 24)), for: .normal)
            button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        }
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let nameAndTime = ASStackLayoutSpec(
            direction: .vertical, spacing: 2, justifyContent: .start,
            alignItems: .start, children: [name, time])
        let header = ASStackLayoutSpec(
            direction: .horizontal, spacing: 8, justifyContent: .start,
            alignItems: .center, children: [avatar, nameAndTime])
        let media = ASRatioLayoutSpec(ratio: 0.5, child: photo)
        let controls = ASStackLayoutSpec(
            direction: .horizontal, spacing: 16, justifyContent: .start,
            alignItems: .stretch, children: [like, comment])
        let content = ASStackLayoutSpec(
            direction: .vertical, spacing: 10, justifyContent: .start,
            alignItems: .stretch, children: [header, body, media, controls])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12), child: content)
    }
}

/// A product row: the product's image with a sale badge on its top-right corner, then the title over the price in
/// a column that takes the remaining width.
private final class ProductCell: ASCellNode {
    let image = ASNetworkImageNode()
    let badge = ASImageNode()
    let title = textNode(attributed("Wireless Headphones", size: 15))
    let price = textNode(attributed("$59.99", size: 15, bold: true))

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
        image.style.preferredSize = CGSize(width: 80, height: 80)
        badge.image = UIImage(size: CGSize(width: 16, height: 16))
    }

    override func layoutSpecThatFits(_ constrainedSize: ASSizeRange) -> ASLayoutSpec {
        let picture = ASCornerLayoutSpec(child: image, corner: badge, location: .topRight)
        let info = ASStackLayoutSpec(
            direction: .vertical, spacing: 4, justifyContent: .start, alignItems: .start,
            children: [title, price])
        info.style.flexGrow = 1
        let row = ASStackLayoutSpec(
            direction: .horizontal, spacing: 12, justifyContent: .start,
            alignItems: .start, children: [picture, info])
        return ASInsetLayoutSpec(insets: UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8), child: row)
    }
}

@Suite("Example cells")
struct ExampleCellTests {
    @Test func feedPost() {
        // Inside the 12-point insets the content column is exactly 351 wide (375 − 24); stretched, every row
        // of it is 351 wide.
        // Header: avatar 44×44, then name over time 8 to the right: "Jane Doe" in bold 15 is 74.71 → 75 wide and
        // 17.46 → 18 high, "2h" at 13 is 16.51 → 17 wide and 15.13 → 16 high; the column is 18 + 2 + 16 = 36 high,
        // centred across the 44-high row: y = 4.
        // Body: four lines at 351 wide, two kept: 2 × 17.46 = 34.92 → 35 high (stretched to 351 wide).
        // Photo: ratio 0.5 of 351 = 175.5 high. Buttons: 24 + 2 × 4 = 32 square, 16 apart.
        // Rows at y = 0, 44 + 10 = 54, 54 + 35 + 10 = 99, 99 + 175.5 + 10 = 284.5; content 284.5 + 32 = 316.5
        // high, the cell 316.5 + 24 = 340.5.
        let cell = FeedPostCell()
        let layout = cell.layoutThatFits(range(375, 0, 375, .infinity))
        #expect(layout.size == CGSize(width: 375, height: 340.5))
        cell.applyLayout(layout)
        #expect(cell.avatar.frame == rect(12, 12, 44, 44))
        #expect(cell.name.frame == rect(12 + 52, 12 + 4, 75, 18))
        #expect(cell.time.frame == rect(64, 16 + 20, 17, 16))
        #expect(cell.body.frame == rect(12, 12 + 54, 351, 35))
        #expect(cell.body.lineCount == 2)
        #expect(cell.photo.frame == rect(12, 12 + 99, 351, 175.5))
        #expect(cell.like.frame == rect(12, 12 + 284.5, 32, 32))
        #expect(cell.comment.frame == rect(12 + 48, 296.5, 32, 32))
        // The buttons' own passes placed their icons inside the 4-point insets.
        #expect(cell.like.imageNode.frame == rect(4, 4, 24, 24))
        #expect(
            same(
                cell.subnodes,
                [
                    cell.avatar, cell.name, cell.time, cell.body, cell.photo, cell.like,
                    cell.comment,
                ]))
    }

    @Test func productRow() {
        // Inside 8-point insets the row is exactly 304 wide. The picture is the image's 80×80 (the corner spec does
        // not grow for its badge). The info column: "Wireless Headphones" at 15 is 161.51 → 162 wide, "$59.99" in
        // bold 15 is 57.89 → 58, each 18 high: 162 wide, 18 + 4 + 18 = 40 high; it grows by the free
        // 304 − (80 + 12 + 162) = 50. The row is max(80, 40) = 80 high: the cell 320×96.
        // The badge's centre sits on the image's top-right corner: (80 − 8, −8) in the picture.
        let cell = ProductCell()
        let layout = cell.layoutThatFits(range(320, 0, 320, .infinity))
        #expect(layout.size == CGSize(width: 320, height: 96))
        cell.applyLayout(layout)
        #expect(cell.image.frame == rect(8, 8, 80, 80))
        #expect(cell.badge.frame == rect(8 + 72, 0, 16, 16))
        #expect(cell.title.frame == rect(8 + 92, 8, 162, 18))
        #expect(cell.price.frame == rect(100, 8 + 22, 58, 18))
    }
}
