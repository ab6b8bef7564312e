import Testing
import TextureLayout
import TextureLayoutPaint

@testable import LayoutRendering

/// A gradient over many pixels is filled a band of rows at a time, asking between bands whether to go on; the
/// bands draw the pixels one fill draws.
@Suite struct GradientBandsTests {
    /// A gradient of `stops` from `start` to `end` (unit square) filling `box`.
    static func gradient(
        _ box: RoundedBox, _ kind: Gradient.Kind, _ stops: [Gradient.Stop], from start: Point, to end: Point
    ) -> DisplayCommand {
        .gradient(
            box, PlacedGradient(Gradient(stops: stops, startPoint: start, endPoint: end, kind: kind), in: box.rect)!)
    }

    static let translucent: [Gradient.Stop] = [
        .init(RGBA(255, 0, 0), at: 0), .init(RGBA(40, 230, 20, 200), at: 0.5), .init(RGBA(0, 0, 255, 128), at: 1),
    ]

    /// Pictures that put a gradient through every way the painter fills one: a rounded box at fractions of a
    /// pixel (edges anti-aliased), an ellipse, an axial gradient at an angle with translucent stops, inside a
    /// rounded clip and a translucent group, inside rectangular clips at fractions of a pixel and on whole ones,
    /// under an opaque cover (whose clip leaves out the covered pixels).
    static let pictures: [DisplayList] = [
        DisplayList(
            size: Size(300, 200),
            commands: [
                gradient(
                    RoundedBox(Rect(x: 13.3, y: 7.7, width: 271.1, height: 181.9), cornerRadius: 17.5), .radial,
                    translucent, from: Point(0.4, 0.45), to: Point(0.9, 0.6))
            ]),
        DisplayList(
            size: Size(300, 200),
            commands: [
                gradient(
                    RoundedBox(Rect(x: 5.25, y: 3.1, width: 280, height: 190), cornerRadius: 30), .axial,
                    translucent, from: Point(-0.2, 0.1), to: Point(1.3, 0.8)),
                .pushClip(RoundedBox(Rect(x: 20, y: 30, width: 250, height: 150), cornerRadius: 40)),
                .pushGroup(opacity: 0.6),
                gradient(
                    RoundedBox(Rect(x: 0, y: 0, width: 300, height: 200)), .radial, translucent,
                    from: Point(0.7, 0.3), to: Point(1.1, 0.3)),
                .popGroup,
                .popClip,
            ]),
        DisplayList(
            size: Size(300, 200),
            commands: [
                gradient(
                    RoundedBox(Rect(x: 0, y: 0, width: 300, height: 200)), .radial,
                    [.init(RGBA(255, 255, 255), at: 0), .init(RGBA(20, 40, 160), at: 1)],
                    from: Point(0.5, 0.5), to: Point(1, 1)),
                .fill(
                    RoundedBox(Rect(x: 60.5, y: 50.25, width: 180, height: 100), cornerRadius: 12), RGBA(250, 250, 250)),
            ]),
        DisplayList(
            size: Size(300, 200),
            commands: [
                .pushClip(RoundedBox(Rect(x: 10.4, y: 20.6, width: 200, height: 150))),
                gradient(
                    RoundedBox(Rect(x: 0, y: 0, width: 300, height: 200), cornerRadius: 25), .axial, translucent,
                    from: Point(0.5, 0), to: Point(0.5, 1)),
                .popClip,
                .pushClip(RoundedBox(Rect(x: 150, y: 100, width: 150, height: 100))),
                gradient(
                    RoundedBox(Rect(x: 100.3, y: 90.6, width: 199.7, height: 109.4)), .radial, translucent,
                    from: Point(0.1, 0.2), to: Point(0.6, 0.9)),
                .popClip,
                .fill(RoundedBox(Rect(x: 100, y: 40.5, width: 150, height: 80), cornerRadius: 6), RGBA(10, 10, 10)),
            ]),
    ]

    /// Each picture at scales 1, 2, 3, 1/3 and 1.7, its gradients filled in bands of 997 pixels (one to a few
    /// rows: at scale 1/3, a 100-pixel row, 9 rows) and in one fill: the same bytes, and the bands were asked for.
    @Test func bandsDrawTheBytesOfOneFill() {
        for (index, list) in Self.pictures.enumerated() {
            for scale in [1.0, 2, 3, 1.0 / 3, 1.7] {
                var asked = 0
                let banded = PNGRenderer.draw(
                    [list], scale: scale, background: nil, hidingCoveredPixels: true,
                    gradientBands: .init(
                        pixels: 997,
                        stop: {
                            asked += 1
                            return false
                        })
                ).premultipliedRGBA
                let whole = PNGRenderer.draw(
                    [list], scale: scale, background: nil, hidingCoveredPixels: true,
                    gradientBands: .init(pixels: .max)
                ).premultipliedRGBA
                #expect(asked >= 5, "picture \(index) at \(scale): \(asked) bands")
                let differing = zip(banded, whole).filter { $0 != $1 }.count
                #expect(
                    banded.count == whole.count && differing == 0,
                    "picture \(index) at \(scale): \(differing) of \(whole.count) bytes differ")
            }
        }
    }

    /// A 2,048 × 1,536-pixel elliptical gradient (3.1 million pixels) in the default bands (twelve of 128 rows)
    /// is byte for byte the one fill, and its pixels are the contract's colours: at each pixel's centre, t is the
    /// distance from the centre in radii (512 and 384 points: 0.5 of the box's width and height), the colour
    /// red (1 − t) + blue t, padded past 1; within a level everywhere on a grid of 32 × 24 pixels.
    @Test func aLargeGradientInBandsIsTheOneFillAndTheContractsColours() {
        let list = DisplayList(
            size: Size(1024, 768),
            commands: [
                Self.gradient(
                    RoundedBox(Rect(x: 0, y: 0, width: 1024, height: 768)), .radial,
                    [.init(RGBA(255, 0, 0), at: 0), .init(RGBA(0, 0, 255), at: 1)],
                    from: Point(0.5, 0.5), to: Point(1, 0.5))
            ])
        var asked = 0
        let banded = PNGRenderer.draw(
            [list], scale: 2, background: nil, hidingCoveredPixels: true,
            gradientBands: .init(stop: {
                asked += 1
                return false
            }))
        let whole = PNGRenderer.draw(
            [list], scale: 2, background: nil, hidingCoveredPixels: true, gradientBands: .init(pixels: .max))
        #expect(asked == 12)
        #expect(banded.premultipliedRGBA == whole.premultipliedRGBA)
        var worst = 0
        for y in stride(from: 0, to: 1536, by: 64) {
            for x in stride(from: 0, to: 2048, by: 64) {
                let dx = (Double(x) + 0.5) / 2 - 512, dy = (Double(y) + 0.5) / 2 - 384
                let t = min(((dx / 512) * (dx / 512) + (dy / 384) * (dy / 384)).squareRoot(), 1)
                let pixel = banded.pixel(x, y)
                worst = max(
                    worst, abs(Int(pixel.red) - Int((255 * (1 - t)).rounded())), Int(pixel.green),
                    abs(Int(pixel.blue) - Int((255 * t).rounded())), 255 - Int(pixel.alpha))
            }
        }
        #expect(worst <= 1, "off by \(worst)")
    }

    /// A radial gradient on 600 × 400 pixels in bands of 12,000 pixels (20 rows), a red square under its last
    /// rows drawn after it: told to stop at the third question, the fill has drawn two bands (rows 0..<40) and
    /// nothing under them, and the square is not drawn.
    @Test func aFillToldToStopStopsBetweenBands() {
        let list = DisplayList(
            size: Size(300, 200),
            commands: [
                Self.gradient(
                    RoundedBox(Rect(x: 0, y: 0, width: 300, height: 200)), .radial, Self.translucent,
                    from: Point(0.5, 0.5), to: Point(1, 1)),
                .fill(RoundedBox(Rect(x: 250, y: 150, width: 50, height: 50)), RGBA(255, 0, 0)),
            ])
        var asked = 0
        let image = PNGRenderer.draw(
            [list], scale: 2, background: nil, hidingCoveredPixels: true,
            gradientBands: .init(
                pixels: 12_000,
                stop: {
                    asked += 1
                    return asked == 3
                }))
        #expect(asked == 3)
        #expect((0..<600).allSatisfy { image.pixel($0, 0).alpha > 0 && image.pixel($0, 39).alpha > 0 })
        #expect((40..<400).allSatisfy { y in (0..<600).allSatisfy { image.pixel($0, y) == .clear } })
    }

    /// By default a fill stops once the caller that was drawing gave up: the flag of ``LayoutCancellation/current``
    /// when the bands were made.
    @Test func theDefaultBandsStopWhenTheCallerGivesUp() {
        let flag = LayoutCancellation()
        let bands = LayoutCancellation.$current.withValue(flag) { CairoPainter.GradientBands() }
        #expect(bands.pixels == CairoPainter.GradientBands.defaultPixels)
        #expect(!bands.stop())
        flag.cancel()
        #expect(bands.stop())
        #expect(!CairoPainter.GradientBands().stop())
    }
}
