// Unsafe room: Cairo.
// Invariants: the blur writes only inside the Cairo image surface it is given: `height` rows of `stride` bytes
// starting at `data`, of which the first `width` bytes of each row are the mask (eight neighbouring columns are
// stored as one 8-byte word only when the eighth is within the row); the surface is flushed before and marked dirty
// after. Its own buffers (the distinct rows' floats, at most `width × height`; each row's distinct row, `height`;
// the distinct columns' floats of the distinct rows, as many or fewer; two lines of `max(width, height)` lanes) are
// made and freed by one call, and every index into them is below those sizes.

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

    /// Eight columns blurred side by side, one in each lane: every lane goes through exactly the operations a column
    /// alone would (IEEE single precision, in the same order), so the result is the same as one column at a time.
    typealias Lanes = SIMD8<Float>

    /// Blurs `width × height` 8-bit values whose rows are `stride` bytes apart, in place: rows, then columns, each
    /// a line of floats. A row equal to the one above it, as the rows across a box's straight sides are, takes
    /// that row's blurred values instead of being blurred again (only the distinct rows' floats are kept, with the
    /// distinct row each row takes), and a column equal to the one left of it that column's bytes; columns are
    /// blurred eight at a time (``Lanes``) and made bytes eight at a time (``bytes(_:)``).
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        // The rows' floats: `values` holds the distinct rows, `source[y]` the one row y takes.
        let values = UnsafeMutablePointer<Float>.allocate(capacity: width * height)
        let source = UnsafeMutablePointer<Int>.allocate(capacity: height)
        let length = max(width, height)
        let line = UnsafeMutablePointer<Lanes>.allocate(capacity: length)
        let scratch = UnsafeMutablePointer<Lanes>.allocate(capacity: length)
        defer {
            values.deallocate()
            source.deallocate()
            line.deallocate()
            scratch.deallocate()
        }
        let kernel = sigma < 2 ? gaussianKernel(sigma: sigma) : []
        var rows = 0
        line.withMemoryRebound(to: Float.self, capacity: length) { row in
            scratch.withMemoryRebound(to: Float.self, capacity: length) { rowScratch in
                for y in 0..<height {
                    if y > 0, memcmp(data + y * stride, data + (y - 1) * stride, width) == 0 {
                        source[y] = source[y - 1]
                        continue
                    }
                    for x in 0..<width { row[x] = Float(data[y * stride + x]) }
                    let result = blurLine(row, rowScratch, count: width, sigma: sigma, kernel: kernel)
                    (values + rows * width).update(from: result, count: width)
                    source[y] = rows
                    rows += 1
                }
            }
        }
        // Columns: one whose floats are those of the column left of it, bit for bit (across a box's straight top
        // and bottom), takes that column's bytes; the others are packed side by side and blurred eight at a time
        // (the last group padded with zeros), then written back as bytes.
        var differs = [UInt32](repeating: 0, count: width)
        values.withMemoryRebound(to: UInt32.self, capacity: width * rows) { bits in
            differs.withUnsafeMutableBufferPointer { differs in
                for r in 0..<rows {
                    let row = bits + r * width
                    for x in 1..<width { differs[x] |= row[x] ^ row[x - 1] }
                }
            }
        }
        let distinct = [0] + (1..<width).filter { differs[$0] != 0 }
        // The runs of copied columns: each takes the bytes of the distinct column before it.
        var copied: [(start: Int, count: Int)] = []
        for x in 1..<width where differs[x] == 0 {
            if let last = copied.last, last.start + last.count == x {
                copied[copied.count - 1].count += 1
            } else {
                copied.append((x, 1))
            }
        }
        let columns = distinct.count
        let packed = UnsafeMutablePointer<Float>.allocate(capacity: columns * rows)
        defer { packed.deallocate() }
        for r in 0..<rows {
            let row = values + r * width, out = packed + r * columns
            for (j, x) in distinct.enumerated() { out[j] = row[x] }
        }
        let raw = UnsafeRawPointer(packed)
        for j0 in Swift.stride(from: 0, to: columns, by: Lanes.scalarCount) {
            let lanes = min(Lanes.scalarCount, columns - j0)
            for y in 0..<height {
                let r = source[y]
                if lanes == Lanes.scalarCount {
                    line[y] = raw.loadUnaligned(fromByteOffset: (r * columns + j0) * 4, as: Lanes.self)
                } else {
                    var column = Lanes()
                    for k in 0..<lanes { column[k] = packed[r * columns + j0 + k] }
                    line[y] = column
                }
            }
            let result = blurLine(line, scratch, count: height, sigma: sigma, kernel: kernel)
            // Eight neighbouring columns are stored as one word.
            let adjacent = lanes == Lanes.scalarCount && distinct[j0 + 7] == distinct[j0] + 7
            for y in 0..<height {
                let column = bytes(result[y]), row = data + y * stride
                if adjacent {
                    UnsafeMutableRawPointer(row + distinct[j0]).storeBytes(of: column, as: SIMD8<UInt8>.self)
                } else {
                    for k in 0..<lanes { row[distinct[j0 + k]] = column[k] }
                }
            }
        }
        for y in 0..<height {
            let row = data + y * stride
            for run in copied { (row + run.start).initialize(repeating: row[run.start - 1], count: run.count) }
        }
    }

    /// `min(max(value.rounded(), 0), 255)` (halves away from zero) of eight values at once as bytes, without a call
    /// to `roundf`: each value kept within 0…255,
    /// made whole towards zero (adding 2²³ rounds a float of that range to the nearest integer, exactly; one less
    /// where that went above it), one more where the fraction left is at least a half; then 2²³ added again leaves
    /// the byte in the float's low bits.
    @inline(__always)
    static func bytes(_ values: Lanes) -> SIMD8<UInt8> {
        let magic = Lanes(repeating: 8_388_608)
        let v = pointwiseMin(pointwiseMax(values, Lanes(repeating: 0)), Lanes(repeating: 255))
        let nearest = (v + magic) - magic
        let whole = nearest.replacing(with: nearest - 1, where: nearest .> v)
        let rounded = whole.replacing(with: whole + 1, where: v - whole .>= 0.5)
        let bits = unsafeBitCast(rounded + magic, to: SIMD8<UInt32>.self)
        var result = SIMD8<UInt8>()
        for k in 0..<8 { result[k] = UInt8(truncatingIfNeeded: bits[k]) }
        return result
    }

    /// `count` values of a line (floats, or ``Lanes`` of eight lines) blurred, in `line` or `scratch`: the one
    /// returned holds the result. `kernel` is ``gaussianKernel(sigma:)`` below σ = 2 (unused from there).
    static func blurLine<Value: BlurValue>(
        _ line: UnsafeMutablePointer<Value>, _ scratch: UnsafeMutablePointer<Value>, count: Int, sigma: Double,
        kernel: [Float]
    ) -> UnsafeMutablePointer<Value> {
        if sigma < 2 {
            let radius = kernel.count / 2
            for i in 0..<count {
                var sum = Value.zero
                for k in 0..<kernel.count {
                    let j = i + k - radius
                    if j >= 0 && j < count { sum += line[j] * kernel[k] }
                }
                scratch[i] = sum
            }
            return scratch
        }
        let d = boxSize(sigma: sigma)
        var (from, to) = (line, scratch)
        func pass(size: Int, offset: Int) {
            box(from, to, count: count, size: size, offset: offset)
            swap(&from, &to)
        }
        if d % 2 == 1 {
            for _ in 0..<3 { pass(size: d, offset: d / 2) }
        } else {
            // Two boxes of size d, centred half a pixel left then right, and one of size d + 1, centred.
            pass(size: d, offset: d / 2)
            pass(size: d, offset: d / 2 - 1)
            pass(size: d + 1, offset: d / 2)
        }
        return from
    }

    /// The mean of `size` values ending `size - 1 - offset` after each position (a running sum), from `line` into
    /// `result`.
    static func box<Value: BlurValue>(
        _ line: UnsafeMutablePointer<Value>, _ result: UnsafeMutablePointer<Value>, count: Int, size: Int,
        offset: Int
    ) {
        var sum = Value.zero
        // The window of position i is i - offset ..< i - offset + size.
        for j in Swift.stride(from: max(-offset, 0), to: min(size - offset, count), by: 1) { sum += line[j] }
        let scale = 1 / Float(size)
        for i in 0..<count {
            result[i] = sum * scale
            let leaving = i - offset, entering = i - offset + size
            if leaving >= 0 && leaving < count { sum -= line[leaving] }
            if entering >= 0 && entering < count { sum += line[entering] }
        }
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

/// What the blur's lines hold: a float, or eight of them side by side (lane by lane the same arithmetic).
protocol BlurValue {
    static var zero: Self { get }
    static func += (sum: inout Self, value: Self)
    static func -= (sum: inout Self, value: Self)
    static func * (value: Self, factor: Float) -> Self
}

extension Float: BlurValue {}

extension SIMD8: BlurValue where Scalar == Float {}
