/// A ``Style`` held by reference, so that any number of elements can share one copy of it.
///
/// Every element holds its style through one of these blocks (``LayoutElement/sharedStyle``) rather than in its own
/// memory: in a big tree most elements have the default style or one of a few, and a 128-byte style in each
/// element's state was more than a quarter of the engine's memory. Every element starts with the one block of the
/// default style; setting ``LayoutElement/style`` gives the element a block of its own, and a builder of many
/// elements gives elements with equal styles one block through a ``StylePool``.
///
/// A block never changes once made, so one block may be held by elements of different trees, laid out on
/// different threads at once (its reference count is atomic, as every Swift object's).
public final class SharedStyle: Sendable {
    /// The style every element holding this block has.
    public let style: Style

    /// A block holding `style`, for one element or many (``LayoutElement/sharedStyle``).
    public init(_ style: Style) {
        self.style = style
    }

    /// The block of the default style, which every new element holds, so that making an element allocates no
    /// style. It lives as long as the process, so elements never count their references to it: threads building
    /// elements at the same time do not contend for its reference count.
    static let `default` = SharedStyle(Style())

    /// `style`'s block: the default block for the default style, else a new one.
    static func holding(_ style: Style) -> SharedStyle {
        style.bits == .zero ? .default : SharedStyle(style)
    }
}

/// Hands out one ``SharedStyle`` per distinct style, so that elements given equal styles share one copy.
///
/// The document reader keeps one while it builds a document's elements: a feed of thousands of cells has a handful
/// of distinct styles. It is a plain value with no lock: keep one per tree being built (or per thread), never one
/// shared by threads building at the same time.
///
/// ```swift
/// var pool = StylePool()
/// for cell in cells {
///     var style = Style()
///     style.flexShrink = 1
///     cell.title.sharedStyle = pool.shared(style)  // one block for every title
/// }
/// ```
public struct StylePool: Sendable {
    /// The blocks made so far, by the bits of their style.
    private var blocks: [Key: SharedStyle] = [:]

    /// A style's bits as a dictionary key. Hashing folds the sixteen words into one and equality compares them
    /// in one loop: `SIMD16`'s own conformance compares lane by lane through masks, and a lookup took about
    /// 400 instructions.
    private struct Key: Hashable {
        let bits: SIMD16<UInt64>

        func hash(into hasher: inout Hasher) {
            var folded: UInt64 = 0
            for index in bits.indices { folded = (folded ^ bits[index]) &* 0x9E37_79B9_7F4A_7C15 }
            hasher.combine(folded)
        }

        static func == (a: Key, b: Key) -> Bool {
            var difference: UInt64 = 0
            for index in a.bits.indices { difference |= a.bits[index] ^ b.bits[index] }
            return difference == 0
        }
    }

    /// An empty pool.
    public init() {}

    /// The pool's block for `style`, made the first time such a style is asked for; the default style gets the
    /// block every new element already holds. Two styles share a block only when every field has the same bits
    /// (`==` is looser: it takes 0 and −0 as equal), so an element given the pooled block lays out exactly as it
    /// would with a block of its own.
    public mutating func shared(_ style: Style) -> SharedStyle {
        let key = Key(bits: style.bits)
        if let block = blocks[key] { return block }
        let block = SharedStyle.holding(style)
        blocks[key] = block
        return block
    }
}
