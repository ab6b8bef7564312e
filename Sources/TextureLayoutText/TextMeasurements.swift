import TextureLayout

/// The measurements a text node keeps: at most four, the least recently used replaced first.
///
/// One pass measures a text at several sizes (a stack measures its children unconstrained, then at the size they
/// get), and most of them (the unconstrained ones) stay the same when the layout's width changes, so a layout at a
/// new width breaks lines again only for the sizes that did change. What a lookup reads (keys, sizes, baselines)
/// is stored inline in the node rather than behind a pointer: a layout at a new width looks up every text, and one
/// more cache miss per lookup costs as much as breaking a short text.
struct TextMeasurements {
    /// A constrained size as a key: its bit patterns, so that every size (NaN included) equals itself.
    struct Key: Equatable {
        var width: UInt64
        var height: UInt64

        init(_ size: Size) {
            width = size.width.bitPattern
            height = size.height.bitPattern
        }
    }

    /// What a lookup answers with for one measurement; its lines are in ``boxes`` at the same index.
    struct Summary {
        var key: Key
        /// The text's size: its widest line and its lines' heights, insets included, rounded up.
        var textSize: Size
        /// The first line's baseline and the last line's, from the node's top (insets included).
        var firstBaseline: Double
        var lastBaseline: Double
        /// When it was last looked up or made (a count of lookups).
        var lastUse = 0
    }

    static let limit = 4

    private var summaries: (Summary, Summary, Summary, Summary)
    private var count = 0
    private var clock = 0
    /// The lines of each measurement, by the index of its summary. Kept when the text changes, so that their
    /// storage is reused.
    var boxes: [[LineBox]] = []
    /// The index of the measurement the latest lookup found or the latest ``slot(for:)`` made.
    private(set) var current: Int?

    init() {
        let empty = Summary(key: Key(.zero), textSize: .zero, firstBaseline: 0, lastBaseline: 0)
        summaries = (empty, empty, empty, empty)
    }

    /// The latest measurement (of the latest lookup or the one just made), if any.
    var latest: Summary? { current.map { self[$0] } }

    /// The measurement made for `key`, which becomes the latest; `nil` when none is kept.
    mutating func lookUp(_ key: Key) -> Summary? {
        clock &+= 1
        for index in 0..<count where self[index].key == key {
            self[index].lastUse = clock
            current = index
            return self[index]
        }
        return nil
    }

    /// The index where a measurement for `key` goes (a free one, else the least recently used), with its lines'
    /// storage; it becomes the latest once ``store(_:at:)`` fills it.
    mutating func slot() -> Int {
        var index = count
        if count < Self.limit {
            count += 1
            if boxes.count < count { boxes.append([]) }
        } else {
            index = 0
            for other in 1..<count where self[other].lastUse < self[index].lastUse { index = other }
        }
        current = nil
        return index
    }

    /// Keeps `summary` (made from `boxes[index]`) at `index` as the latest measurement.
    mutating func store(_ summary: Summary, at index: Int) {
        self[index] = summary
        self[index].lastUse = clock
        current = index
    }

    /// Forgets every measurement (the text or its style changed).
    mutating func removeAll() {
        count = 0
        current = nil
    }

    private subscript(index: Int) -> Summary {
        get {
            switch index {
            case 0: summaries.0
            case 1: summaries.1
            case 2: summaries.2
            default: summaries.3
            }
        }
        set {
            switch index {
            case 0: summaries.0 = newValue
            case 1: summaries.1 = newValue
            case 2: summaries.2 = newValue
            default: summaries.3 = newValue
            }
        }
    }
}
