// Unsafe room: Cairo.
// Invariants: the blur writes only inside the Cairo image surface it is given: `height` rows of `stride` bytes
// starting at `data`, of which the first `width` bytes of each row are the mask; the surface is flushed before and
// marked dirty after.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The blur of shadows in PNG pictures (Cairo has none): a Gaussian of standard deviation σ pixels over an 8-bit
/// mask, one axis then the other. Below σ = 2 the exact kernel is used (three standard deviations each side);
/// from 2 on, three box blurs, as the SVG filter specification describes `feGaussianBlur` (and browsers draw it),
/// whose cost does not grow with σ.
enum GaussianBlur {
    /// The largest σ drawn, in pixels: beyond it a shadow is as faint as a blur of this size (a wider one would
    /// need a mask larger than the canvas many times over).
    static let maximumSigma = 256.0

    /// How many pixels the blur spreads ink each way.
    static func reach(sigma: Double) -> Int {
        guard sigma > 0 else { return 0 }
        if sigma < 2 { return Int((3 * sigma).rounded(.up)) }
        return 3 * (boxSize(sigma: sigma) / 2 + 1)
    }

    /// The box size of the three-box approximation: ⌊σ · 3 · √(2π) / 4 + 0.5⌋.
    static func boxSize(sigma: Double) -> Int {
        max(1, Int(sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5))
    }

    /// Blurs `width × height` 8-bit values whose rows are `stride` bytes apart, in place.
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        var values = [Float](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { values[y * width + x] = Float(data[y * stride + x]) } }
        var line = [Float](repeating: 0, count: max(width, height))
        var scratch = line
        // Rows, then columns.
        for (count, lines, step, lineStep) in [(width, height, 1, width), (height, width, width, 1)] {
            for l in 0..<lines {
                let base = l * lineStep
                for i in 0..<count { line[i] = values[base + i * step] }
                blurLine(&line, &scratch, count: count, sigma: sigma)
                for i in 0..<count { values[base + i * step] = line[i] }
            }
        }
        for y in 0..<height {
            for x in 0..<width { data[y * stride + x] = UInt8(min(max(values[y * width + x].rounded(), 0), 255)) }
        }
    }

    /// One line blurred in place (`scratch` as long as it).
    static func blurLine(_ line: inout [Float], _ scratch: inout [Float], count: Int, sigma: Double) {
        if sigma < 2 {
            let kernel = gaussianKernel(sigma: sigma)
            let radius = kernel.count / 2
            for i in 0..<count {
                var sum: Float = 0
                for k in 0..<kernel.count {
                    let j = i + k - radius
                    if j >= 0 && j < count { sum += line[j] * kernel[k] }
                }
                scratch[i] = sum
            }
            swap(&line, &scratch)
            return
        }
        let d = boxSize(sigma: sigma)
        if d % 2 == 1 {
            for _ in 0..<3 { box(&line, &scratch, count: count, size: d, offset: d / 2) }
        } else {
            // Two boxes of size d, centred half a pixel left then right, and one of size d + 1, centred.
            box(&line, &scratch, count: count, size: d, offset: d / 2)
            box(&line, &scratch, count: count, size: d, offset: d / 2 - 1)
            box(&line, &scratch, count: count, size: d + 1, offset: d / 2)
        }
    }

    /// The mean of `size` values ending `size - 1 - offset` after each position (a running sum), in place.
    static func box(_ line: inout [Float], _ scratch: inout [Float], count: Int, size: Int, offset: Int) {
        var sum: Float = 0
        // The window of position i is i - offset ..< i - offset + size.
        for j in -offset..<(size - offset) where j >= 0 && j < count { sum += line[j] }
        let scale = 1 / Float(size)
        for i in 0..<count {
            scratch[i] = sum * scale
            let leaving = i - offset, entering = i - offset + size
            if leaving >= 0 && leaving < count { sum -= line[leaving] }
            if entering >= 0 && entering < count { sum += line[entering] }
        }
        swap(&line, &scratch)
    }

    /// The normalized Gaussian kernel of `sigma`, three standard deviations each side.
    static func gaussianKernel(sigma: Double) -> [Float] {
        let radius = Int((3 * sigma).rounded(.up))
        var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        for i in kernel.indices { kernel[i] /= total }
        return kernel
    }
}
