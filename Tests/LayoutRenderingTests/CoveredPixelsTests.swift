import Testing
import TextureLayout
import TextureLayoutPaint

@testable import LayoutRendering

/// What an opaque fill covers whole, and pictures drawn with what it covers left out: the same pixels.
@Suite struct CoveredPixelsTests {
    typealias Box = CoveredPixels.Box

    /// A rounded box covers the cross inside its corners' radii, in whole pixels inside its edges: at scale 1 a box
    /// at (10.5, 20) of 100 × 50 with radius 8 covers columns 11..<110 of rows 28..<62 and columns 19..<102 of rows
    /// 20..<70; at scale 2 every edge doubles (21, 40, 221, 140) and the radii too.
    @Test func aRoundedBoxCoversItsCrossInWholePixels() {
        let box = RoundedBox(Rect(x: 10.5, y: 20, width: 100, height: 50), cornerRadius: 8)
        #expect(
            CoveredPixels.covered(by: box, pixelScale: 1, width: 200, height: 100) == [
                Box(x0: 11, y0: 28, x1: 110, y1: 62), Box(x0: 19, y0: 20, x1: 102, y1: 70),
            ])
        #expect(
            CoveredPixels.covered(by: box, pixelScale: 2, width: 400, height: 200) == [
                Box(x0: 21, y0: 56, x1: 221, y1: 124), Box(x0: 37, y0: 40, x1: 205, y1: 140),
            ])
        // Cut to the canvas (one box when the corners are square); nothing for a box without whole pixels.
        #expect(
            CoveredPixels.covered(
                by: RoundedBox(Rect(x: -5, y: -5, width: 50, height: 50)), pixelScale: 1, width: 30, height: 20)
                == [Box(x0: 0, y0: 0, x1: 30, y1: 20)])
        #expect(
            CoveredPixels.covered(
                by: RoundedBox(Rect(x: 5, y: 5, width: 0.5, height: 10)), pixelScale: 1, width: 30, height: 20
            ).isEmpty)
    }

    /// The canvas less the covered boxes: every pixel is in exactly one of the uncovered boxes or in a covered one.
    @Test func theUncoveredBoxesAreTheRestOfTheCanvas() throws {
        let list = DisplayList(
            size: Size(40, 30),
            commands: [
                .fill(RoundedBox(Rect(x: 2, y: 3, width: 30, height: 20), cornerRadius: 5), RGBA(255, 255, 255, 255)),
                .fill(RoundedBox(Rect(x: 20, y: 10, width: 20, height: 20)), RGBA(0, 0, 0, 255)),
            ])
        let covered = try #require(CoveredPixels(list.commands, pixelScale: 1, width: 40, height: 30))
        #expect(covered.covers.map(\.index) == [0, 1])
        let boxes = covered.covers.flatMap(\.boxes)
        let uncovered = covered.uncovered(boxes)
        for y in 0..<30 {
            for x in 0..<40 {
                func inside(_ b: Box) -> Bool { (b.x0..<b.x1).contains(x) && (b.y0..<b.y1).contains(y) }
                let isCovered = boxes.contains(where: inside)
                #expect(uncovered.filter(inside).count == (isCovered ? 0 : 1))
            }
        }
    }

    /// Translucent fills, fills inside a clip or a group, small ones, and lists whose pushes and pops do not pair
    /// up have no covers.
    @Test func onlyLargeOpaqueFillsOutsideClipsAndGroupsCover() {
        let panel = RoundedBox(Rect(x: 0, y: 0, width: 40, height: 30))
        let white = RGBA(255, 255, 255, 255)
        func covers(_ commands: [DisplayCommand]) -> Bool {
            CoveredPixels(commands, pixelScale: 1, width: 40, height: 30) != nil
        }
        #expect(covers([.fill(panel, white)]))
        #expect(!covers([.fill(panel, RGBA(255, 255, 255, 254))]))
        #expect(!covers([.pushClip(panel), .fill(panel, white), .popClip]))
        #expect(!covers([.pushGroup(opacity: 0.5), .fill(panel, white), .popGroup]))
        #expect(!covers([.fill(RoundedBox(Rect(x: 0, y: 0, width: 10, height: 10)), white)]))
        #expect(!covers([.fill(panel, white), .popClip]))
        #expect(!covers([.pushClip(panel), .fill(panel, white)]))
    }

    /// A share card drawn with and without what its panel covers: the panel's pixels are the same, and all others
    /// up to one level in a channel (the gradient's, right of the panel: see ``CoveredPixels``); a picture of flat
    /// fills and a shadow under a panel is the same pixel for pixel on an opaque canvas (scales 1 and 2), and within
    /// a level where the canvas's last row is translucent (scale 1/3: Cairo rounds a clipped drawing over it another
    /// way).
    @Test func picturesAreTheSameWithAndWithoutWhatIsCovered() throws {
        func pixels(_ lists: [DisplayList], scale: Double, hiding: Bool) -> [UInt8] {
            PNGRenderer.draw(lists, scale: scale, background: nil, hidingCoveredPixels: hiding).premultipliedRGBA
        }
        let card = try [layOutExample("share-card").displayList]
        let hidden = pixels(card, scale: 1, hiding: true), drawn = pixels(card, scale: 1, hiding: false)
        #expect(hidden.count == drawn.count)
        let largest = zip(hidden, drawn).map { abs(Int($0) - Int($1)) }.max() ?? 0
        let changed = zip(hidden, drawn).filter { $0 != $1 }.count
        #expect(largest <= 1 && changed < hidden.count / 1_000, "\(changed) bytes differ, by at most \(largest)")

        let flat = DisplayList(
            size: Size(120, 80),
            commands: [
                .fill(RoundedBox(Rect(x: 0, y: 0, width: 120, height: 80)), RGBA(40, 90, 200, 255)),
                .shadow(
                    RoundedBox(Rect(x: 15, y: 18, width: 90, height: 50), cornerRadius: 10),
                    color: RGBA(0, 0, 0, 100), blur: 6),
                .fill(
                    RoundedBox(Rect(x: 15.5, y: 12.25, width: 90, height: 50), cornerRadius: 10),
                    RGBA(255, 255, 255, 255)),
                .fill(RoundedBox(Rect(x: 30, y: 30, width: 20, height: 20)), RGBA(200, 20, 20, 255)),
            ])
        for scale in [1.0, 2.0, 1.0 / 3] {
            let hidden = pixels([flat], scale: scale, hiding: true), drawn = pixels([flat], scale: scale, hiding: false)
            let width = Int((120 * scale).rounded())
            func pixel(_ bytes: [UInt8], _ i: Int) -> [UInt8] { Array(bytes[(4 * i)..<(4 * i + 4)]) }
            let differing = (0..<(hidden.count / 4)).filter { pixel(hidden, $0) != pixel(drawn, $0) }
            let first: [String] = differing.prefix(5).map { i in
                "(\(i % width), \(i / width)): \(pixel(hidden, i)) against \(pixel(drawn, i))"
            }
            let largest = zip(hidden, drawn).map { abs(Int($0) - Int($1)) }.max() ?? 0
            if scale >= 1 {
                #expect(differing.isEmpty, "scale \(scale): \(differing.count) pixels differ: \(first)")
            } else {
                #expect(largest <= 1 && differing.allSatisfy { $0 / width == 26 }, "\(differing.count): \(first)")
            }
        }
    }
}
