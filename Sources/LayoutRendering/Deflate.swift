// Unsafe room: deflate.
// Invariants: `compress(_:count:into:blockTokens:stop:)` reads only the `count` bytes at `input` (a load of 4 or 8 bytes
// starts at least that many bytes before `count`; a match's source lies before its position) and writes only the
// first `bound(count)` bytes at `output`, which the caller provides (the bit writer stores 4 bytes once it holds 32
// bits, so it never writes past the bits it was given, and `bound` counts the most bits a block can take). Its
// tables (the hash heads, the tokens, the symbol counts) are made and freed by the one call, and every index into
// them is below their sizes: a hash below `hashSize`, a token below the block's `blockTokens`, a symbol below 316.

import TextureLayout

/// A deflate compressor (RFC 1951, raw, without zlib's wrapper) made for filtered PNG rows, which are mostly
/// long runs of one byte (`Up`-filtered rows over a flat colour are zeros): a run is one match at distance 1
/// whatever its length, found by comparing eight bytes at a time and never hashed, so a flat picture costs
/// next to nothing (libdeflate hashes every byte of a run: 5.8 ms for the 2.3 MB of a blank 1200 × 630 card). Other
/// bytes go through a greedy matcher with one candidate per hash of four bytes, and the tokens are written in
/// blocks of their own Huffman codes (dynamic blocks, their code lengths limited to 15 bits by flattening the
/// counts until they fit).
enum Deflate {
    /// Tokens per block: small enough for a block's codes to follow a picture's parts (a gradient, a flat panel),
    /// large enough that the block's code tables (about 100 bytes) do not count.
    static let blockTokens = 16_384
    /// Four-byte hashes kept (their latest position each).
    static let hashBits = 15
    static let hashSize = 1 << hashBits
    /// The longest match and the farthest distance deflate allows.
    static let longest = 258, farthest = 32_768

    /// The most bytes ``compress(_:count:into:blockTokens:stop:)`` writes for `count` bytes in blocks of
    /// `blockTokens`: two for each byte (a literal's code is at most 15 bits, a match's length and distance at most
    /// 48 bits for 3 bytes or more), and for each block (one per `blockTokens` bytes at most, as a token takes a
    /// byte at least) its header (at most 3 + 14 + 19 · 3 bits and 316 code lengths of at most 7 + 7 bits) and end
    /// (15 bits); then the last byte.
    static func bound(_ count: Int, blockTokens: Int = Deflate.blockTokens) -> Int {
        2 * count + (count / blockTokens + 1) * ((3 + 14 + 19 * 3 + 316 * 14 + 15) / 8 + 1) + 1
    }

    /// Compresses the `count` bytes at `input` into `output` (``bound(_:blockTokens:)`` bytes) as one raw deflate
    /// stream in blocks of at most `blockTokens` tokens and returns how many bytes it wrote; `nil` when `stop`,
    /// asked before each block is written, answers `true` (then it asks nothing more).
    static func compress(
        _ input: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>,
        blockTokens: Int = Deflate.blockTokens, stop: () -> Bool = { false }
    ) -> Int? {
        let heads = UnsafeMutablePointer<Int32>.allocate(capacity: hashSize)
        heads.initialize(repeating: 0, count: hashSize)
        let tokens = UnsafeMutablePointer<UInt32>.allocate(capacity: blockTokens)
        let block = Block()
        defer {
            heads.deallocate()
            tokens.deallocate()
            block.counts.deallocate()
        }
        var writer = BitWriter(output)
        var at = 0, held = 0
        let finished = DeflateTables.lengthSymbol.withUnsafeBufferPointer { lengthSymbol in
            DeflateTables.distanceSymbols.withUnsafeBufferPointer { distanceSymbols in
                let literals = block.counts, distances = block.counts + 286
                @inline(__always) func match(_ length: Int, _ distance: Int) {
                    tokens[held] = 0x8000_0000 | UInt32(length) << 16 | UInt32(distance - 1)
                    held += 1
                    literals[257 + Int(lengthSymbol[length])] += 1
                    let d = distance <= 256 ? Int(distance - 1) : 256 + (distance - 1) >> 7
                    distances[Int(distanceSymbols[d])] += 1
                    at += length
                }
                while at < count {
                    if held == blockTokens {
                        if stop() { return false }
                        block.write(tokens, count: held, last: false, to: &writer)
                        held = 0
                    }
                    let byte = input[at]
                    let left = min(longest, count - at)
                    if at > 0, input[at - 1] == byte {
                        let run = Self.run(of: byte, at: input + at, upTo: left)
                        if run >= 3 {
                            match(run, 1)
                            continue
                        }
                    }
                    if left >= 4 {
                        let word = UnsafeRawPointer(input + at).loadUnaligned(as: UInt32.self)
                        let hash = Int((word &* 0x9E37_79B1) >> UInt32(32 - hashBits))
                        let candidate = Int(heads[hash])
                        heads[hash] = Int32(at)
                        if candidate < at, at - candidate <= farthest,
                            UnsafeRawPointer(input + candidate).loadUnaligned(as: UInt32.self) == word
                        {
                            let length = 4 + same(input + candidate + 4, input + at + 4, upTo: left - 4)
                            let from = at
                            match(length, at - candidate)
                            var p = from + 1
                            while p < at && p + 4 <= count {
                                let w = UnsafeRawPointer(input + p).loadUnaligned(as: UInt32.self)
                                heads[Int((w &* 0x9E37_79B1) >> UInt32(32 - hashBits))] = Int32(p)
                                p += 1
                            }
                            continue
                        }
                    }
                    tokens[held] = UInt32(byte)
                    held += 1
                    literals[Int(byte)] += 1
                    at += 1
                }
                return true
            }
        }
        guard finished, !stop() else { return nil }
        block.write(tokens, count: held, last: true, to: &writer)
        writer.finish()
        return writer.at
    }

    /// How many of the `limit` bytes at `p` equal `byte`: eight at a time while eight are left.
    @inline(__always)
    static func run(of byte: UInt8, at p: UnsafePointer<UInt8>, upTo limit: Int) -> Int {
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        var n = 0
        while n + 8 <= limit {
            let difference = UnsafeRawPointer(p + n).loadUnaligned(as: UInt64.self) ^ pattern
            if difference != 0 { return n + difference.littleEndian.trailingZeroBitCount / 8 }
            n += 8
        }
        while n < limit, p[n] == byte { n += 1 }
        return n
    }

    /// How many of the `limit` bytes at `a` and `b` are the same, from the start: eight at a time while eight are
    /// left.
    @inline(__always)
    static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, upTo limit: Int) -> Int {
        var n = 0
        while n + 8 <= limit {
            let difference =
                UnsafeRawPointer(a + n).loadUnaligned(as: UInt64.self)
                ^ UnsafeRawPointer(b + n).loadUnaligned(as: UInt64.self)
            if difference != 0 { return n + difference.littleEndian.trailingZeroBitCount / 8 }
            n += 8
        }
        while n < limit, a[n] == b[n] { n += 1 }
        return n
    }
}

/// Bits written least significant first, as deflate packs them, into the output eight bytes at a time.
struct BitWriter {
    let output: UnsafeMutablePointer<UInt8>
    /// Bytes written.
    private(set) var at = 0
    /// Bits not yet written, from the lowest, and how many.
    private var bits: UInt64 = 0, held = 0

    init(_ output: UnsafeMutablePointer<UInt8>) { self.output = output }

    /// Writes the low `count` bits of `value` (at most 32; the bits above them are zero).
    @inline(__always)
    mutating func put(_ value: UInt32, _ count: Int) {
        bits |= UInt64(value) << UInt64(held)
        held += count
        if held >= 32 {
            UnsafeMutableRawPointer(output + at).storeBytes(
                of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            at += 4
            bits >>= 32
            held -= 32
        }
    }

    /// Writes the bits held, the last byte padded with zeros.
    mutating func finish() {
        while held > 0 {
            output[at] = UInt8(truncatingIfNeeded: bits)
            at += 1
            bits >>= 8
            held = max(0, held - 8)
        }
    }
}

/// One block's counts of symbols, and its writing with the Huffman codes they make.
struct Block {
    /// Literal and length symbols (0–285; 256 ends the block), then distance symbols (0–29): 316 counts, zero
    /// again once the block is written.
    let counts: UnsafeMutablePointer<UInt32> = {
        let counts = UnsafeMutablePointer<UInt32>.allocate(capacity: 316)
        counts.initialize(repeating: 0, count: 316)
        return counts
    }()

    /// Writes a dynamic block of `tokens` (a literal byte, or `1 << 31 | length << 16 | distance − 1`), marked last
    /// when `last`.
    func write(_ tokens: UnsafePointer<UInt32>, count: Int, last: Bool, to writer: inout BitWriter) {
        var literals = Array(UnsafeBufferPointer(start: counts, count: 286))
        var distances = Array(UnsafeBufferPointer(start: counts + 286, count: 30))
        counts.update(repeating: 0, count: 316)
        literals[256] = 1
        // Every code has two symbols at least, so that each is complete (a lone code would need special cases).
        if literals.lazy.filter({ $0 > 0 }).count < 2 { literals[0] = max(literals[0], 1) }
        for symbol in 0..<2 where distances.lazy.filter({ $0 > 0 }).count < 2 {
            distances[symbol] = max(distances[symbol], 1)
        }
        let literalLengths = Huffman.lengths(literals, limit: 15)
        let distanceLengths = Huffman.lengths(distances, limit: 15)
        let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        // The code lengths, run-length coded with the code-length alphabet: 16 repeats the previous length 3–6
        // times, 17 and 18 write 3–10 and 11–138 zeros.
        let sequence = Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount])
        var items: [(symbol: Int, extra: UInt32)] = []
        var i = 0
        while i < sequence.count {
            let length = sequence[i]
            var run = 1
            while i + run < sequence.count, sequence[i + run] == length { run += 1 }
            i += run
            if length == 0 {
                while run >= 11 {
                    let n = min(run, 138)
                    items.append((18, UInt32(n - 11)))
                    run -= n
                }
                if run >= 3 {
                    items.append((17, UInt32(run - 3)))
                    run = 0
                }
            } else {
                items.append((Int(length), 0))
                run -= 1
                while run >= 3 {
                    let n = min(run, 6)
                    items.append((16, UInt32(n - 3)))
                    run -= n
                }
            }
            for _ in 0..<run { items.append((Int(length), 0)) }
        }
        var lengthCounts = [UInt32](repeating: 0, count: 19)
        for item in items { lengthCounts[item.symbol] += 1 }
        if lengthCounts.lazy.filter({ $0 > 0 }).count < 2 {
            lengthCounts[items[0].symbol == 0 ? 1 : 0] += 1
        }
        let lengthLengths = Huffman.lengths(lengthCounts, limit: 7)
        let lengthCodes = Huffman.codes(lengthLengths)
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        let orderCount = max(4, (order.lastIndex { lengthLengths[$0] > 0 } ?? 0) + 1)

        writer.put(last ? 1 : 0, 1)
        writer.put(2, 2)
        writer.put(UInt32(literalCount - 257), 5)
        writer.put(UInt32(distanceCount - 1), 5)
        writer.put(UInt32(orderCount - 4), 4)
        for symbol in order[..<orderCount] { writer.put(UInt32(lengthLengths[symbol]), 3) }
        for item in items {
            writer.put(lengthCodes[item.symbol], Int(lengthLengths[item.symbol]))
            switch item.symbol {
            case 16: writer.put(item.extra, 2)
            case 17: writer.put(item.extra, 3)
            case 18: writer.put(item.extra, 7)
            default: break
            }
        }

        let literalCodes = Huffman.codes(literalLengths), distanceCodes = Huffman.codes(distanceLengths)
        // Each length's code and extra bits as one value and its width, and each distance symbol's code, base and
        // widths, so that a token takes two lookups.
        var lengthValue = [UInt32](repeating: 0, count: 259), lengthWidth = [Int](repeating: 0, count: 259)
        for length in 3...258 {
            let l = Int(DeflateTables.lengthSymbol[length]), bits = Int(literalLengths[257 + l])
            lengthValue[length] = literalCodes[257 + l] | UInt32(length - Int(DeflateTables.lengthBase[l])) << bits
            lengthWidth[length] = bits + Int(DeflateTables.lengthExtra[l])
        }
        let distanceWidths = (0..<30).map { Int(distanceLengths[$0]) }
        let distanceTotal = (0..<30).map { distanceWidths[$0] + Int(DeflateTables.distanceExtra[$0]) }
        let distanceBase = DeflateTables.distanceBase.map { Int($0) }
        let literalWidths = literalLengths.map { Int($0) }
        withUnsafePointers(
            literalCodes, literalWidths, lengthValue, lengthWidth, distanceCodes, distanceWidths, distanceTotal,
            distanceBase, DeflateTables.distanceSymbols
        ) {
            literalCodes, literalWidths, lengthValue, lengthWidth, distanceCodes, distanceWidths, distanceTotal,
            distanceBase, distanceSymbols in
            for index in 0..<count {
                let token = tokens[index]
                if token < 0x8000_0000 {
                    writer.put(literalCodes[Int(token)], literalWidths[Int(token)])
                    continue
                }
                let length = Int(token >> 16 & 0x1FF), distance = Int(token & 0xFFFF) + 1
                writer.put(lengthValue[length], lengthWidth[length])
                let d = Int(distanceSymbols[distance <= 256 ? distance - 1 : 256 + (distance - 1) >> 7])
                writer.put(distanceCodes[d] | UInt32(distance - distanceBase[d]) << distanceWidths[d], distanceTotal[d])
            }
        }
        writer.put(literalCodes[256], Int(literalLengths[256]))
    }
}

/// Runs `body` with the elements of the nine arrays in place.
private func withUnsafePointers<A, B, C, D, E, F, G, H, I>(
    _ a: [A], _ b: [B], _ c: [C], _ d: [D], _ e: [E], _ f: [F], _ g: [G], _ h: [H], _ i: [I],
    _ body: (
        UnsafePointer<A>, UnsafePointer<B>, UnsafePointer<C>, UnsafePointer<D>, UnsafePointer<E>, UnsafePointer<F>,
        UnsafePointer<G>, UnsafePointer<H>, UnsafePointer<I>
    ) -> Void
) {
    a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
            c.withUnsafeBufferPointer { c in
                d.withUnsafeBufferPointer { d in
                    e.withUnsafeBufferPointer { e in
                        f.withUnsafeBufferPointer { f in
                            g.withUnsafeBufferPointer { g in
                                h.withUnsafeBufferPointer { h in
                                    i.withUnsafeBufferPointer { i in
                                        body(
                                            a.baseAddress!, b.baseAddress!, c.baseAddress!, d.baseAddress!,
                                            e.baseAddress!, f.baseAddress!, g.baseAddress!, h.baseAddress!,
                                            i.baseAddress!)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Deflate's length and distance symbols: each covers a base and as many values as its extra bits count.
enum DeflateTables {
    static let lengthExtra: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let lengthBase: [UInt16] = {
        var base: [UInt16] = [], next = 3
        for extra in lengthExtra.dropLast() {
            base.append(UInt16(next))
            next += 1 << Int(extra)
        }
        return base + [258]
    }()
    /// The symbol (less 257) of each length 3–258.
    static let lengthSymbol: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 259)
        for symbol in 0..<29 {
            let end = symbol == 28 ? 259 : min(Int(lengthBase[symbol]) + (1 << Int(lengthExtra[symbol])), 258)
            for length in Int(lengthBase[symbol])..<end { table[length] = UInt8(symbol) }
        }
        return table
    }()
    static let distanceExtra: [UInt8] = (0..<30).map { $0 < 4 ? 0 : UInt8($0 / 2 - 1) }
    static let distanceBase: [UInt16] = {
        var base: [UInt16] = [], next = 1
        for extra in distanceExtra {
            base.append(UInt16(next))
            next += 1 << Int(extra)
        }
        return base
    }()
    /// The symbol of distances 1–256 by `distance − 1`, then of longer ones by `(distance − 1) >> 7` (from 257 on
    /// every symbol covers whole multiples of 128).
    static let distanceSymbols: [UInt8] = {
        func symbol(_ distance: Int) -> UInt8 { UInt8(distanceBase.lastIndex { Int($0) <= distance }!) }
        return (0..<256).map { symbol($0 + 1) } + (0..<256).map { $0 < 2 ? 0 : symbol(($0 << 7) + 1) }
    }()
}

/// Huffman codes as deflate writes them: lengths limited to a number of bits, codes canonical.
enum Huffman {
    /// The code length of each symbol of `counts` (0 for a symbol never used), at most `limit` bits: the
    /// lengths of a Huffman tree, built again from the counts halved (no used symbol going to zero) while its
    /// deepest leaf is deeper than `limit`.
    static func lengths(_ counts: [UInt32], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: counts.count)
        var weights = counts.map(Int.init)
        while true {
            let leaves = weights.indices.filter { weights[$0] > 0 }.sorted {
                (weights[$0], $0) < (weights[$1], $1)
            }
            if leaves.count < 2 {
                for leaf in leaves { lengths[leaf] = 1 }
                return lengths
            }
            // Two queues: the leaves by weight, and the inner nodes, made in order of weight.
            let k = leaves.count
            var weight = leaves.map { weights[$0] } + [Int](repeating: 0, count: k - 1)
            var parent = [Int](repeating: 0, count: 2 * k - 1)
            var nextLeaf = 0, nextNode = k
            func lightest(made: Int) -> Int {
                if nextLeaf < k, nextNode >= made || weight[nextLeaf] <= weight[nextNode] {
                    nextLeaf += 1
                    return nextLeaf - 1
                }
                nextNode += 1
                return nextNode - 1
            }
            for made in k..<(2 * k - 1) {
                let a = lightest(made: made), b = lightest(made: made)
                weight[made] = weight[a] + weight[b]
                parent[a] = made
                parent[b] = made
            }
            var depth = [Int](repeating: 0, count: 2 * k - 1)
            for node in stride(from: 2 * k - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
            if depth[..<k].max()! <= limit {
                for (j, leaf) in leaves.enumerated() { lengths[leaf] = UInt8(depth[j]) }
                return lengths
            }
            weights = weights.map { $0 == 0 ? 0 : ($0 + 1) / 2 }
        }
    }

    /// The canonical codes of `lengths` (RFC 1951, 3.2.2), each bit-reversed, as deflate writes a code's first
    /// bit first.
    static func codes(_ lengths: [UInt8]) -> [UInt32] {
        var perLength = [UInt32](repeating: 0, count: 16)
        for length in lengths where length > 0 { perLength[Int(length)] += 1 }
        var next = [UInt32](repeating: 0, count: 16)
        var code: UInt32 = 0
        for bits in 1..<16 {
            code = (code + perLength[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed: UInt32 = 0
            for bit in 0..<Int(length) where value >> UInt32(bit) & 1 == 1 {
                reversed |= 1 << UInt32(Int(length) - 1 - bit)
            }
            return reversed
        }
    }
}
