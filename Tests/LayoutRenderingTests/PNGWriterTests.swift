import CCairo
import LayoutDocument
import Testing
import TestSupport
import TextureLayout
import TextureLayoutPaint

@testable import LayoutRendering

/// The PNG writer against Cairo's own writer (libpng's), which it replaced: the same pictures decode to the same
/// pixels, whatever the bytes.
@Suite struct PNGWriterTests {
    /// Cairo's writer's file of the image: the encoder `render` used before ``PNGWriter``.
    func cairoFile(_ image: borrowing CairoImage) -> [UInt8] {
        final class Sink {
            var bytes: [UInt8] = []
        }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(
                image.surface,
                { closure, data, length in
                    let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque())
        }
        #expect(status == CAIRO_STATUS_SUCCESS)
        return sink.bytes
    }

    /// The colour type in a PNG file's header (2: RGB, 6: RGBA).
    func colorType(_ file: [UInt8]) -> UInt8 { file[25] }

    func picture(_ json: String) throws -> CairoImage {
        let result = try layOut(json)
        return PNGRenderer.draw([result.displayList], scale: result.scale, background: nil)
    }

    func expectSamePixels(_ image: borrowing CairoImage) throws {
        let ours = image.png()
        #expect(colorType(ours) == colorType(cairoFile(image)))
        try expectCairosPixels(ours, of: image)
    }

    /// An opaque picture (the share card example: gradient, shadow, text, a JPEG) is written as RGB and decodes to
    /// Cairo's writer's pixels, and to the colours drawn: the card's top left corner is the gradient's first
    /// colour (#4f46e5) and the panel's middle is white.
    @Test func anOpaquePictureIsRGBWithCairosPixels() throws {
        let image = try PNGRenderer.draw(
            [layOutExample("share-card").displayList], scale: 1, background: nil)
        let file = image.png()
        #expect(colorType(file) == 2)
        let decoded = try DecodedPNG(file)
        let corner = decoded.pixel(0, 0)
        #expect(abs(Int(corner.red) - 0x4f) <= 1 && abs(Int(corner.green) - 0x46) <= 1)
        #expect(abs(Int(corner.blue) - 0xe5) <= 1 && corner.alpha == 255)
        #expect(decoded.pixel(600, 300) == RGBA(255, 255, 255, 255))
        try expectSamePixels(image)
    }

    /// A picture with transparent and translucent pixels (a shadow's soft edge, half-transparent colours over
    /// nothing) is written as RGBA, unpremultiplied as Cairo's writer rounds: `(c · 255 + a / 2) / a`.
    @Test func aTranslucentPictureIsRGBAWithCairosPixels() throws {
        let image = try translucentPicture()
        let file = image.png()
        #expect(colorType(file) == 6)
        let decoded = try DecodedPNG(file)
        #expect(decoded.pixel(0, 79) == .clear)
        // #12345640 over nothing: alpha 0x40 = 64, the colour back from premultiplied to within rounding.
        let pixel = decoded.pixel(100, 40)
        #expect(pixel.alpha == 64 && abs(Int(pixel.red) - 0x12) <= 2 && abs(Int(pixel.blue) - 0x56) <= 2)
        try expectSamePixels(image)
    }

    /// A translucent picture of 120 × 80 pixels: a shadowed rounded square and a bar, both half transparent.
    func translucentPicture() throws -> CairoImage {
        try picture(
            #"""
            {"sizeRange": {"min": [60, 40], "max": [60, 40]}, "scale": 2, "root": {"type": "absolute", "children": [
              {"type": "node", "size": [20, 20], "style": {"layoutPosition": [10, 10]}, "backgroundColor": "#3366997f",
               "cornerRadius": 6, "shadowOpacity": 0.6, "shadowRadius": 3, "shadowColor": "#cc2200"},
              {"type": "node", "size": [10, 30], "style": {"layoutPosition": [45, 5]}, "backgroundColor": "#12345640"}]}}
            """#)
    }

    /// Our file of `image` compressed in blocks of at most `blockTokens` tokens, and how many times the writer
    /// asked whether to stop (told to stop at the `stopAt`th question).
    func file(_ image: borrowing CairoImage, blockTokens: Int, stopAt: Int? = nil) -> (file: [UInt8], asked: Int) {
        var asked = 0
        let data = cairo_image_surface_get_data(image.surface)!
        let file = PNGWriter.file(
            data, width: image.width, height: image.height, stride: Int(cairo_image_surface_get_stride(image.surface)),
            blockTokens: blockTokens,
            stop: {
                asked += 1
                return asked == stopAt
            })
        return (file, asked)
    }

    /// Decodes to the same pixels as Cairo's writer's file of `image`.
    func expectCairosPixels(_ file: [UInt8], of image: borrowing CairoImage) throws {
        let decoded = try DecodedPNG(file), reference = try DecodedPNG(cairoFile(image))
        #expect(decoded.width == image.width && decoded.height == image.height)
        var differing = 0
        for y in 0..<image.height {
            for x in 0..<image.width where decoded.pixel(x, y) != reference.pixel(x, y) { differing += 1 }
        }
        #expect(differing == 0)
    }

    /// A picture compressed in blocks of 10 tokens asks before each whether to stop (many times: its rows are
    /// 80 × 481 bytes, and a token covers at most 258), in one block once; both files decode to Cairo's writer's
    /// pixels, as RGBA.
    @Test func aPictureInManyBlocksHasCairosPixels() throws {
        let image = try translucentPicture()
        let blocks = file(image, blockTokens: 10)
        #expect(blocks.asked >= 80 * 481 / 258 / 10)
        #expect(colorType(blocks.file) == 6)
        try expectCairosPixels(blocks.file, of: image)
        let whole = file(image, blockTokens: 1 << 20)
        #expect(whole.asked == 1)
        try expectCairosPixels(whole.file, of: image)
    }

    /// Compression stops when its caller gives up: told to stop at its third question (before the third block),
    /// the writer returns no bytes and asks nothing more, so the blocks left are never compressed; told at the
    /// first, before anything is written, no bytes either.
    @Test func aStoppedEncodeStopsBetweenBands() throws {
        let image = try translucentPicture()
        let stopped = file(image, blockTokens: 10, stopAt: 3)
        #expect(stopped.file.isEmpty && stopped.asked == 3)
        let first = file(image, blockTokens: 10, stopAt: 1)
        #expect(first.file.isEmpty && first.asked == 1)
        let whole = file(image, blockTokens: 1 << 20, stopAt: 1)
        #expect(whole.file.isEmpty && whole.asked == 1)
        // The server's flag: a request given up on gets no file, whatever the picture's size.
        let flag = LayoutCancellation()
        flag.cancel()
        #expect(LayoutCancellation.$current.withValue(flag) { image.png() }.isEmpty)
    }

    /// A picture of 2,050 × 2,050 pixels (a radial gradient, opaque: rows of 1 + 2,050 × 3 = 6,151 bytes) goes in
    /// several blocks of the writer's own size, and decodes to Cairo's writer's pixels.
    @Test func aLargePictureGoesInBlocksWithCairosPixels() throws {
        let image = try picture(
            #"""
            {"sizeRange": {"min": [2050, 2050], "max": [2050, 2050]}, "scale": 1, "root": {"type": "node",
             "backgroundGradient": {"type": "radial", "colors": ["#ff0000", "#00ff00", "#0000ff", "#ffffff"],
              "startPoint": [0.5, 0.5], "endPoint": [0.6, 0.55]}}}
            """#)
        let blocks = file(image, blockTokens: Deflate.blockTokens)
        #expect(blocks.asked > 1)
        #expect(colorType(blocks.file) == 2)
        #expect(blocks.file == image.png())
        try expectCairosPixels(blocks.file, of: image)
    }

    /// A canvas with nothing drawn: every pixel transparent black, as RGBA.
    @Test func anEmptyCanvasIsTransparent() throws {
        let image = try picture(#"{"sizeRange": {"min": [7, 3], "max": [7, 3]}, "root": {"type": "node"}}"#)
        let file = image.png()
        #expect(colorType(file) == 6)
        let decoded = try DecodedPNG(file)
        #expect((0..<3).allSatisfy { y in (0..<7).allSatisfy { decoded.pixel($0, y) == .clear } })
        try expectSamePixels(image)
    }
}

/// The blur of shadows against the definition it implements, computed here one line at a time in the plainest
/// way: each row, then each column, as floats, through the exact kernel (σ < 2) or three running-sum boxes, rounded
/// to bytes. The blur's eight columns at a time and its reuse of equal rows must change no value.
@Suite struct GaussianBlurTests {
    func reference(_ mask: [UInt8], width: Int, height: Int, sigma: Double) -> [UInt8] {
        var values = mask.map(Float.init)
        func blur(_ line: [Float]) -> [Float] {
            let count = line.count
            if sigma < 2 {
                let kernel = GaussianBlur.gaussianKernel(sigma: sigma), radius = kernel.count / 2
                return (0..<count).map { i in
                    var sum: Float = 0
                    for k in kernel.indices where (0..<count).contains(i + k - radius) {
                        sum += line[i + k - radius] * kernel[k]
                    }
                    return sum
                }
            }
            func box(_ line: [Float], size: Int, offset: Int) -> [Float] {
                var sum: Float = 0
                for j in -offset..<(size - offset) where (0..<count).contains(j) { sum += line[j] }
                var out = line
                for i in 0..<count {
                    out[i] = sum * (1 / Float(size))
                    if (0..<count).contains(i - offset) { sum -= line[i - offset] }
                    if (0..<count).contains(i - offset + size) { sum += line[i - offset + size] }
                }
                return out
            }
            let d = GaussianBlur.boxSize(sigma: sigma)
            if d % 2 == 1 {
                return box(box(box(line, size: d, offset: d / 2), size: d, offset: d / 2), size: d, offset: d / 2)
            }
            return box(box(box(line, size: d, offset: d / 2), size: d, offset: d / 2 - 1), size: d + 1, offset: d / 2)
        }
        for y in 0..<height {
            let row = blur(Array(values[(y * width)..<((y + 1) * width)]))
            for x in 0..<width { values[y * width + x] = row[x] }
        }
        for x in 0..<width {
            let column = blur((0..<height).map { values[$0 * width + x] })
            for y in 0..<height { values[y * width + x] = column[y] }
        }
        return values.map { UInt8(min(max($0.rounded(), 0), 255)) }
    }

    /// Masks of boxes (runs of equal rows and of equal columns), and of boxes with rows of noise, at widths that
    /// leave a partial group of eight columns, through the exact kernel and through boxes of odd and even size: the
    /// same bytes as the reference.
    @Test(arguments: [0.6, 1.5, 2.0, 3.3, 4.0, 12.5])
    func sameBytesAsOneLineAtATime(sigma: Double) {
        var random = SplitMix64(seed: 32)
        for (width, height, noise) in [(1, 1, false), (13, 9, true), (40, 37, true), (67, 50, true), (90, 41, false)] {
            let stride = width + 5
            var mask = [UInt8](repeating: 0, count: stride * height)
            for y in 0..<height {
                for x in 0..<width {
                    let inBox = x > width / 4 && x < 3 * width / 4 && y > height / 5 && y < 4 * height / 5
                    let noisy = noise && y % 7 == 3
                    mask[y * stride + x] = noisy ? UInt8.random(in: 0...255, using: &random) : inBox ? 255 : 0
                }
            }
            let packed = (0..<height).flatMap { y in mask[(y * stride)..<(y * stride + width)] }
            let expected = reference(packed, width: width, height: height, sigma: sigma)
            mask.withUnsafeMutableBufferPointer {
                GaussianBlur.blur($0.baseAddress!, width: width, height: height, stride: stride, sigma: sigma)
            }
            let blurred = (0..<height).flatMap { y in mask[(y * stride)..<(y * stride + width)] }
            #expect(blurred == expected, "\(width) × \(height), σ \(sigma)")
            // The blur spreads ink: a box's mask is not left as it was.
            #expect(blurred != packed || width == 1)
        }
    }

    /// Bytes round halves away from zero and clamp to 0…255, as `min(max(value.rounded(), 0), 255)`.
    @Test func bytesRoundHalvesAwayFromZero() {
        let cases: [(Float, UInt8)] = [
            (-3, 0), (-0.4, 0), (0, 0), (0.49999997, 0), (0.5, 1), (1.5, 2), (2.5, 3), (254.49998, 254), (254.5, 255),
            (300, 255),
        ]
        /// The definition, one value at a time.
        func byte(_ value: Float) -> UInt8 { UInt8(min(max(value.rounded(), 0), 255)) }
        for (value, expected) in cases {
            #expect(byte(value) == expected, "\(value)")
            #expect(GaussianBlur.bytes(GaussianBlur.Lanes(repeating: value)) == SIMD8(repeating: expected))
        }
        // Eight at a time the same as the definition: every float from −2 to 258 a step of 1/64 apart, and the
        // floats next to each half.
        var values: [Float] = (0..<16_640).map { -2 + Float($0) / 64 }
        for half in 0..<256 { values += [Float(half) + 0.5, (Float(half) + 0.5).nextDown, (Float(half) + 0.5).nextUp] }
        var differing = 0
        for start in stride(from: 0, to: values.count - 7, by: 8) {
            let lanes = GaussianBlur.Lanes(values[start..<(start + 8)])
            let bytes = GaussianBlur.bytes(lanes)
            for k in 0..<8 where bytes[k] != byte(lanes[k]) { differing += 1 }
        }
        #expect(differing == 0)
    }
}
