import CDeflate
import Testing
import TextureLayout

@testable import LayoutRendering

/// Our deflate encoder against libdeflate's decompressor (which we did not write): every stream inflates to the
/// bytes it was made from, within ``Deflate/bound(_:)``, and the codes it writes are complete and within deflate's
/// lengths.
@Suite struct DeflateTests {
    /// `bytes` compressed by ``Deflate``, and inflated again by libdeflate (`nil` when libdeflate rejects the stream
    /// or it does not hold exactly `bytes.count` bytes).
    func roundTrip(_ bytes: [UInt8]) -> (compressed: Int, inflated: [UInt8]?) {
        let bound = Deflate.bound(bytes.count)
        var compressed = [UInt8](repeating: 0, count: bound)
        let length = bytes.withUnsafeBufferPointer { input in
            compressed.withUnsafeMutableBufferPointer { output in
                Deflate.compress(
                    input.baseAddress ?? UnsafePointer(output.baseAddress!), count: input.count,
                    into: output.baseAddress!)
            }
        }
        guard let length, length <= bound else { return (length ?? -1, nil) }
        guard let decompressor = libdeflate_alloc_decompressor() else { return (length, nil) }
        defer { libdeflate_free_decompressor(decompressor) }
        var inflated = [UInt8](repeating: 0, count: max(bytes.count, 1))
        var actual = 0
        let result = compressed.withUnsafeBufferPointer { input in
            inflated.withUnsafeMutableBufferPointer { output in
                libdeflate_deflate_decompress(
                    decompressor, input.baseAddress, length, output.baseAddress, output.count, &actual)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, actual == bytes.count else { return (length, nil) }
        return (length, Array(inflated.prefix(actual)))
    }

    /// Bytes from a fixed linear congruential sequence, `0..<limit` each.
    func noise(_ count: Int, limit: UInt64 = 256, seed: UInt64 = 1) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8((state >> 33) % limit)
        }
    }

    @Test func emptyAndTinyInputsInflateToThemselves() {
        for bytes: [UInt8] in [[], [0], [7, 7], [1, 2, 3], [0, 0, 0, 0, 0]] {
            #expect(roundTrip(bytes).inflated == bytes)
        }
    }

    /// Runs of one byte (as `Up`-filtered rows of a flat colour are) shorter and longer than a match's 258 bytes
    /// and ending eight bytes at a time or not; a picture's rows of zeros take almost nothing.
    @Test func runsInflateToThemselvesAndTakeLittle() {
        var bytes: [UInt8] = []
        for (value, count) in [(0, 1), (0, 3), (5, 258), (9, 259), (0, 1000), (200, 7), (1, 8), (2, 9), (0, 70_001)] {
            bytes += [UInt8](repeating: UInt8(value), count: count)
        }
        let (compressed, inflated) = roundTrip(bytes)
        #expect(inflated == bytes)
        #expect(compressed < 1_000)
        let blank = [UInt8](repeating: 0, count: 630 * 3601)
        let card = roundTrip(blank)
        #expect(card.inflated == blank)
        #expect(card.compressed < 4_000)
    }

    /// Noise (no matches: literals only, every byte value), noise of few values (short codes, short matches), and
    /// noise repeated at distances up to 32,768 and beyond it.
    @Test func noiseAndRepeatsInflateToThemselves() {
        let random = noise(100_000)
        let random2 = roundTrip(random)
        #expect(random2.inflated == random)
        #expect(random2.compressed < 101_000)
        let few = noise(200_000, limit: 3, seed: 7)
        #expect(roundTrip(few).inflated == few)
        for distance in [4, 300, 4_097, 32_768, 32_769, 40_000] {
            let block = noise(distance, seed: UInt64(distance))
            let repeated = block + block + block.prefix(1_000)
            let (compressed, inflated) = roundTrip(repeated)
            #expect(inflated == repeated)
            // Within the window the repeat is matched, not written again.
            if distance <= 32_768 { #expect(compressed < distance + distance / 4 + 2_000) }
        }
    }

    /// Symbol counts that grow as Fibonacci numbers make a Huffman tree one level deeper per symbol: over the
    /// limit (15 bits for literals and lengths, 7 for the code lengths' code) the lengths are limited and the code
    /// stays complete. Bytes of a geometric distribution (value k about once in 2^(k+1)) make such a block.
    @Test func skewedCountsAreLimitedToFifteenBits() {
        var state: UInt64 = 3
        let bytes = (0..<300_000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(min(UInt32(truncatingIfNeeded: state >> 32).trailingZeroBitCount, 31))
        }
        #expect(roundTrip(bytes).inflated == bytes)

        var a = 1, b = 1
        var fibonacci: [UInt32] = []
        for _ in 0..<30 {
            fibonacci.append(UInt32(a))
            (a, b) = (b, a + b)
        }
        for limit in [7, 15] {
            let lengths = Huffman.lengths(fibonacci, limit: limit)
            #expect(lengths.allSatisfy { $0 >= 1 && $0 <= limit })
            // Complete: the code's lengths fill the tree exactly (Kraft's sum is 1).
            let kraft = lengths.reduce(0) { $0 + (1 << (limit - Int($1))) }
            #expect(kraft == 1 << limit)
        }
    }

    /// Canonical codes of RFC 1951's example (lengths 3, 3, 3, 3, 3, 2, 4, 4: codes 010, 011, 100, 101, 110, 00,
    /// 1110, 1111), bit-reversed as deflate writes them.
    @Test func canonicalCodesAreRFC1951s() {
        let codes = Huffman.codes([3, 3, 3, 3, 3, 2, 4, 4])
        #expect(codes == [0b010, 0b110, 0b001, 0b101, 0b011, 0b00, 0b0111, 0b1111])
    }

    /// Asked before each block whether to stop, the compressor writes nothing more once told to: noise of 100,000
    /// bytes in blocks of 1,000 tokens asks 100 times (a literal a token), and told to stop at the third question
    /// it returns no stream and asks nothing more.
    @Test func aStoppedCompressionStopsBetweenBlocks() {
        let bytes = noise(100_000)
        func compress(stopAt: Int?) -> (length: Int?, asked: Int) {
            var asked = 0
            var output = [UInt8](repeating: 0, count: Deflate.bound(bytes.count, blockTokens: 1_000))
            let length = bytes.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    Deflate.compress(
                        input.baseAddress!, count: input.count, into: output.baseAddress!, blockTokens: 1_000,
                        stop: {
                            asked += 1
                            return asked == stopAt
                        })
                }
            }
            return (length, asked)
        }
        let whole = compress(stopAt: nil)
        #expect(whole.length != nil && whole.asked == 100)
        let stopped = compress(stopAt: 3)
        #expect(stopped.length == nil && stopped.asked == 3)
    }
}
