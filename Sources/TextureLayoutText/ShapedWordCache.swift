// Unsafe room: HarfBuzz.
// Invariants: the font check's HarfBuzz shape plan, sets and blobs are destroyed by the call that made them, and a
// table's bytes are read through its blob while the check holds it, each read within the blob's length; a word's
// characters are compared within the table's array, inside the range its entry records.

import CHarfBuzz
import Synchronization

/// Words shaped once for all the texts of a document: their glyphs and the widths shaping measures, by font, size,
/// letter spacing, script and the word's characters.
///
/// Most of a text's first layout is shaping, and a document's texts repeat their words: the text feed's 218,543
/// characters are about 40,000 words from a vocabulary of 118. ``TextShaping`` puts an item together from its words
/// (each with the spaces that follow it, cut where a grapheme cluster starts) copied from the cache; an item with a
/// word the cache lacks is shaped whole, as before, and its new words are kept as they came out of it. Both give
/// exactly the glyphs and widths of shaping the whole item when nothing HarfBuzz does reaches across a space, for
/// then a word shapes the same in any item and alone: the item runs left to right in a script of HarfBuzz's
/// default shaper (Latin, Greek, Cyrillic, Common), which reads no text around the item, and its font has no
/// lookup, `kern` pair or AAT table that could look at the space glyph (``separates(_:script:)``). Any other item
/// is shaped whole, and a word longer than ``longestWord`` is not kept.
///
/// HarfBuzz's own answer, its unsafe-to-concatenate glyph flags on words shaped apart, cannot serve here: it marks
/// the glyphs a lookup looked at without applying (a space after a letter that kerns with others, a letter that
/// starts a kerning pair), so most words of a Latin text carry it, and it has no place for the end of a text.
///
/// `ShapedWordCacheTests` shapes texts both ways and compares every glyph and width. The cache belongs to a
/// ``TextStore``, so its words go with the document; it keeps at most ``capacity`` words (then starts again), and a
/// lookup looks at no more than ``probeLimit`` slots (past them the word is not kept), so that no document makes
/// lookups slow.
final class ShapedWordCache: Sendable {
    /// The most words kept: a document edited for long does not grow the cache without end.
    static let capacity = 8192
    /// The longest word kept, in UTF-16 units.
    static let longestWord = 64
    /// How many slots a lookup looks at.
    static let probeLimit = 16

    private let table = Mutex(WordTable())

    /// An empty cache.
    init() {}

    /// Runs `body` with the cache's words, under its lock.
    func withWords<R>(_ body: (inout WordTable) -> R) -> R {
        table.withLock { body(&$0) }
    }

    /// Whether an item of `script` can be put together from its words: a script of HarfBuzz's default shaper.
    @inline(__always)
    static func shapesByWords(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_LATIN || script == HB_SCRIPT_COMMON || script == HB_SCRIPT_GREEK
            || script == HB_SCRIPT_CYRILLIC
    }

    /// Whether left-to-right text of `script` in `font` shapes as its words shaped apart (each with its spaces):
    /// whether no lookup HarfBuzz applies can look at the space glyph, so that none reaches across it.
    /// - The font has no AAT layout tables (`morx`, `mort`, `kerx`, `trak`), which HarfBuzz would apply instead of
    ///   GSUB and GPOS, and its `kern` table (applied when GPOS has no kerning) has no pair starting with the space.
    /// - GDEF does not class the space glyph as a mark, ligature or component, which lookups may skip over.
    /// - In every GSUB and GPOS lookup of HarfBuzz's plan, and every lookup their context rules apply: the space
    ///   glyph is in none of the glyphs the lookup may match, look at or write (HarfBuzz's sets), the lookup does
    ///   not skip base glyphs, and no class-based context rule matches class 0 (every glyph its classes leave out)
    ///   after its first glyph.
    static func separates(_ font: Font, script: hb_script_t) -> Bool {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.hbFont, 0x20, &space) != 0 else { return false }
        let face = hb_font_get_face(font.hbFont)!
        // 'morx', 'mort', 'kerx', 'trak'.
        for tag: hb_tag_t in [0x6D6F_7278, 0x6D6F_7274, 0x6B65_7278, 0x7472_616B] {
            let table = hb_face_reference_table(face, tag)!
            defer { hb_blob_destroy(table) }
            if hb_blob_get_length(table) > 0 { return false }
        }
        let spaceClass = hb_ot_layout_get_glyph_class(face, space)
        guard spaceClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || spaceClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
        else { return false }
        var properties = hb_segment_properties_t()
        properties.direction = HB_DIRECTION_LTR
        properties.script = script
        properties.language = hb_language_get_default()
        let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil)!
        defer { hb_shape_plan_destroy(plan) }
        let lookups = hb_set_create()!
        let glyphs = hb_set_create()!
        defer {
            hb_set_destroy(lookups)
            hb_set_destroy(glyphs)
        }
        for (tag, isPositioning) in [(hb_tag_t(0x4753_5542), false), (hb_tag_t(0x4750_4F53), true)] {  // GSUB, GPOS
            let blob = hb_face_reference_table(face, tag)!
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            let data = hb_blob_get_data(blob, &length)
            let table = LookupTable(
                bytes: UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : Int(length)),
                isPositioning: isPositioning)
            hb_set_clear(lookups)
            hb_ot_shape_plan_collect_lookups(plan, tag, lookups)
            var pending: [Int] = []
            var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: from the first
            while hb_set_next(lookups, &lookup) != 0 { pending.append(Int(lookup)) }
            var seen = Set<Int>()
            while let index = pending.popLast() {
                guard seen.insert(index).inserted else { continue }
                guard let nested = table.nestedLookups(ofSeparating: index) else { return false }
                pending += nested
                hb_set_clear(glyphs)
                // Every glyph the lookup may look at before, at or after its input, or write, into one set.
                hb_ot_layout_lookup_collect_glyphs(face, tag, UInt32(index), glyphs, glyphs, glyphs, glyphs)
                if hb_set_has(glyphs, space) != 0 { return false }
            }
        }
        return !kernTableMayKern(face, after: space)
    }

    /// Whether the face's `kern` table may kern `glyph` with the glyph after it: a pair of a format 0 subtable
    /// starts with it, or the table is one this does not read (another format, Apple's header, or cut short).
    private static func kernTableMayKern(_ face: OpaquePointer, after glyph: hb_codepoint_t) -> Bool {
        let blob = hb_face_reference_table(face, hb_tag_t(0x6B65_726E))!  // 'kern'
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return false }
        let table = BigEndianBytes(bytes: UnsafeRawBufferPointer(start: data, count: Int(length)))
        guard table.u16(0) == 0, let tables = table.u16(2) else { return true }
        var offset = 4
        for _ in 0..<tables {
            // A subtable: version, length, coverage (its format in the high byte), then format 0's pair count,
            // three search values and the pairs (left, right, value).
            guard let coverage = table.u16(offset + 4), coverage >> 8 == 0, let pairs = table.u16(offset + 6),
                offset + 14 + pairs * 6 <= table.bytes.count
            else { return true }
            for pair in 0..<pairs where table.u16(offset + 14 + pair * 6) == Int(glyph) { return true }
            // The pairs say where the subtable ends: its 16-bit length wraps around in a large table.
            offset += 14 + pairs * 6
        }
        return false
    }
}

/// A font table's bytes, read as big-endian numbers: nil past the end.
private struct BigEndianBytes {
    let bytes: UnsafeRawBufferPointer

    func u16(_ at: Int) -> Int? {
        at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil
    }

    func u32(_ at: Int) -> Int? {
        guard let high = u16(at), let low = u16(at + 2) else { return nil }
        return high << 16 | low
    }
}

/// What ``ShapedWordCache/separates(_:script:)`` reads of a GSUB or GPOS table that HarfBuzz does not say: each
/// lookup's flag, the lookups its context rules apply, and the classes its class-based rules match (OpenType's
/// common table formats: lookup list, extension, context and chained context subtables, formats 1 to 3).
private struct LookupTable {
    let table: BigEndianBytes
    /// GPOS (its context, chained context and extension lookups are types 7, 8 and 9; GSUB's 5, 6 and 7).
    let isPositioning: Bool

    init(bytes: UnsafeRawBufferPointer, isPositioning: Bool) {
        table = BigEndianBytes(bytes: bytes)
        self.isPositioning = isPositioning
    }

    /// The lookups that lookup `index`'s context rules apply, when nothing in it may reach across a space by
    /// itself: it does not skip base glyphs (lookup flag 2), and its class-based rules match no class 0 after
    /// their first glyph. Nil when it might, or when the table cannot be read.
    func nestedLookups(ofSeparating index: Int) -> [Int]? {
        guard let list = table.u16(8), let count = table.u16(list), index < count,
            let offset = table.u16(list + 2 + 2 * index)
        else { return nil }
        let lookup = list + offset
        guard let type = table.u16(lookup), let flag = table.u16(lookup + 2), flag & 0x0002 == 0,
            let subtables = table.u16(lookup + 4)
        else { return nil }
        let (context, chained, extensionType) = isPositioning ? (7, 8, 9) : (5, 6, 7)
        var nested: [Int] = []
        for s in 0..<subtables {
            guard var subtable = table.u16(lookup + 6 + 2 * s).map({ lookup + $0 }) else { return nil }
            var kind = type
            if kind == extensionType {
                guard let inner = table.u16(subtable + 2), let offset = table.u32(subtable + 4) else { return nil }
                kind = inner
                subtable += offset
            }
            guard kind == context || kind == chained else { continue }
            guard let format = table.u16(subtable),
                appendNested(subtable, format: format, chained: kind == chained, to: &nested)
            else { return nil }
        }
        return nested
    }

    /// Appends the lookups a context subtable's rules apply; false when a class-based rule matches class 0 after
    /// its first glyph, or the subtable cannot be read.
    private func appendNested(_ subtable: Int, format: Int, chained: Bool, to nested: inout [Int]) -> Bool {
        switch format {
        case 1, 2:
            // Rule sets: after the format, coverage and (format 2) class definitions (one, or three chained).
            let setsAt = subtable + 4 + (format == 2 ? (chained ? 6 : 2) : 0)
            guard let sets = table.u16(setsAt) else { return false }
            for set in 0..<sets {
                guard let setOffset = table.u16(setsAt + 2 + 2 * set) else { return false }
                if setOffset == 0 { continue }
                let ruleSet = subtable + setOffset
                guard let rules = table.u16(ruleSet) else { return false }
                for rule in 0..<rules {
                    guard let ruleOffset = table.u16(ruleSet + 2 + 2 * rule),
                        appendRule(ruleSet + ruleOffset, chained: chained, classes: format == 2, to: &nested)
                    else { return false }
                }
            }
            return true
        case 3:
            // Coverages: the input's (counted with the lookup records), or backtrack, input and lookahead's.
            var at = subtable + 2
            if chained {
                for _ in 0..<3 {
                    guard let count = table.u16(at) else { return false }
                    at += 2 + 2 * count
                }
                return appendRecords(at, to: &nested)
            }
            guard let glyphs = table.u16(at), let records = table.u16(at + 2) else { return false }
            return appendRecords(at + 4 + 2 * glyphs, count: records, to: &nested)
        default:
            return false
        }
    }

    /// Appends the lookups of a rule (of a format 1 or 2 subtable); false when `classes` and it matches class 0
    /// anywhere but at its first glyph, or it cannot be read.
    private func appendRule(_ rule: Int, chained: Bool, classes: Bool, to nested: inout [Int]) -> Bool {
        var at = rule
        func sequence(_ length: Int) -> Bool {
            for i in 0..<length {
                guard let value = table.u16(at + 2 * i), !(classes && value == 0) else { return false }
            }
            at += 2 * length
            return true
        }
        if chained {
            // Backtrack, input (less its first glyph) and lookahead, each after its count, then the records.
            guard let backtrack = table.u16(at) else { return false }
            at += 2
            guard sequence(backtrack), let input = table.u16(at), input >= 1 else { return false }
            at += 2
            guard sequence(input - 1), let lookahead = table.u16(at) else { return false }
            at += 2
            guard sequence(lookahead) else { return false }
            return appendRecords(at, to: &nested)
        }
        // The input's count and the records' count, the input less its first glyph, then the records.
        guard let input = table.u16(at), input >= 1, let records = table.u16(at + 2) else { return false }
        at += 4
        guard sequence(input - 1) else { return false }
        return appendRecords(at, count: records, to: &nested)
    }

    /// Appends the lookup indices of `count` lookup records (sequence index, lookup index) at `at`, or, without
    /// `count`, of the records after their count at `at`.
    private func appendRecords(_ at: Int, count: Int? = nil, to nested: inout [Int]) -> Bool {
        var start = at
        var records = count
        if records == nil {
            records = table.u16(at)
            start += 2
        }
        guard let records else { return false }
        for r in 0..<records {
            guard let lookup = table.u16(start + 4 * r + 2) else { return false }
            nested.append(lookup)
        }
        return true
    }
}

/// One word of an item being put together: its offsets in the text, its hash and its index in the table (-1 when
/// the table lacks it).
struct WordSpan {
    var start: Int
    var end: Int
    var hash: UInt64
    var word: Int
}

/// A shaped word's place in the ``WordTable``'s arrays and what it was shaped with.
struct ShapedWord {
    var hash: UInt64
    var font: Int32
    var script: UInt32
    var size: UInt64
    var letterSpacing: UInt64
    /// Where its characters are in ``WordTable/units`` and how many.
    var unitStart: Int32
    var unitCount: Int32
    /// Where its glyphs are in ``WordTable/glyphs`` and how many.
    var glyphStart: Int32
    var glyphCount: Int32
    /// Where its measures are in ``WordTable/advances``, ``WordTable/endAdjust`` and ``WordTable/startAdjust``
    /// (`unitCount` values each).
    var measureStart: Int32
}

/// The cache's contents: the words (each a ``ShapedWord``) with their characters, glyphs (clusters from the word's
/// start) and measures in shared arrays, an open-addressing index over them, and the fonts seen (few per document)
/// with whether each separates words per script.
struct WordTable: ~Copyable {
    private(set) var words: [ShapedWord] = []
    /// Word indices by hash, -1 where empty: at most half full, doubled as words come (a document with a few
    /// texts clears few), up to twice ``ShapedWordCache/capacity``.
    private var slots = [Int32](repeating: -1, count: 64)
    private var units: [UInt16] = []
    private(set) var glyphs: [ShapedGlyph] = []
    /// Per unit of each word: the width of the cluster it starts (see ``TextShaping/prefix``) and the correction
    /// ``TextShaping/startAdjust`` there, and ``TextShaping/endAdjust`` at the offset after it (at the word's end:
    /// for a line that ends after the word when more of its item follows).
    private(set) var advances: [Double] = []
    private(set) var endAdjust: [Double] = []
    private(set) var startAdjust: [Double] = []
    private var fonts: [Font] = []
    private var separable: [(font: Int32, script: UInt32, separates: Bool)] = []
    /// The words of the item being put together, kept between items for their storage.
    private var spans: [WordSpan] = []

    /// An empty array of word spans with the storage of the last item's (given back by ``returnSpans(_:)``).
    mutating func takeSpans() -> [WordSpan] {
        var taken: [WordSpan] = []
        swap(&taken, &spans)
        taken.removeAll(keepingCapacity: true)
        return taken
    }

    /// Keeps `spans`' storage for the next item.
    mutating func returnSpans(_ given: [WordSpan]) {
        spans = given
    }

    /// The index of `font` among the fonts seen.
    mutating func fontIndex(_ font: Font) -> Int32 {
        if let index = fonts.lastIndex(where: { $0 == font }) { return Int32(index) }
        fonts.append(font)
        return Int32(fonts.count - 1)
    }

    /// Whether the font at `index` separates words in `script` (``Font/separatesWords(script:)``, asked once per
    /// pair and document).
    mutating func separates(font index: Int32, script: hb_script_t) -> Bool {
        for entry in separable where entry.font == index && entry.script == script.rawValue {
            return entry.separates
        }
        let answer = fonts[Int(index)].separatesWords(script: script)
        separable.append((index, script.rawValue, answer))
        return answer
    }

    /// Starts again when full (called before an item's words are looked up, so that the words found for one item
    /// stay while it is put together).
    mutating func makeRoom() {
        guard words.count >= ShapedWordCache.capacity else { return }
        words.removeAll(keepingCapacity: true)
        units.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
        advances.removeAll(keepingCapacity: true)
        endAdjust.removeAll(keepingCapacity: true)
        startAdjust.removeAll(keepingCapacity: true)
        for i in slots.indices { slots[i] = -1 }
    }

    /// What a word is looked up by besides its characters.
    struct Key {
        var font: Int32
        var script: UInt32
        var size: UInt64
        var letterSpacing: UInt64
    }

    /// The hash of a word: FNV-1a over its key and characters (a poor spread only costs lookups that stop at the
    /// probe limit).
    static func hash(_ text: UnsafeBufferPointer<UInt16>, _ key: Key) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        h = (h ^ (UInt64(UInt32(bitPattern: key.font)) << 32 | UInt64(key.script))) &* prime
        h = (h ^ key.size) &* prime
        h = (h ^ key.letterSpacing) &* prime
        for unit in text { h = (h ^ UInt64(unit)) &* prime }
        return h ^ (h >> 29)
    }

    /// Where a word is: ``found(_:)`` (its index in ``words``), ``empty(_:)`` (the slot it may be added at), or
    /// ``full`` when the probe limit was reached first.
    enum Lookup {
        case found(Int)
        case empty(Int)
        case full
    }

    /// Looks `text` up with `key` (`hash` from ``hash(_:_:)``).
    func find(_ text: UnsafeBufferPointer<UInt16>, _ key: Key, hash: UInt64) -> Lookup {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<ShapedWordCache.probeLimit {
            let index = Int(slots[slot])
            if index < 0 { return .empty(slot) }
            let word = words[index]
            if word.hash == hash && word.font == key.font && word.script == key.script && word.size == key.size
                && word.letterSpacing == key.letterSpacing && Int(word.unitCount) == text.count
                && units.withUnsafeBufferPointer({
                    $0[Int(word.unitStart)..<Int(word.unitStart) + text.count].elementsEqual(text)
                })
            {
                return .found(index)
            }
            slot = (slot + 1) & mask
        }
        return .full
    }

    /// Adds a word at `slot` (from ``find(_:_:hash:)``): its characters, glyphs (clusters from the word's start)
    /// and measures (`text.count` each: the advances and start corrections from the word's start, the end
    /// corrections from the offset after it to its end).
    mutating func add(
        _ text: UnsafeBufferPointer<UInt16>, _ key: Key, hash: UInt64, at slot: Int,
        glyphs newGlyphs: ArraySlice<ShapedGlyph>, advances newAdvances: ArraySlice<Double>,
        endAdjust newEnds: ArraySlice<Double>, startAdjust newStarts: ArraySlice<Double>
    ) {
        words.append(
            ShapedWord(
                hash: hash, font: key.font, script: key.script, size: key.size, letterSpacing: key.letterSpacing,
                unitStart: Int32(units.count), unitCount: Int32(text.count), glyphStart: Int32(glyphs.count),
                glyphCount: Int32(newGlyphs.count), measureStart: Int32(advances.count)))
        units.append(contentsOf: text)
        glyphs.append(contentsOf: newGlyphs)
        advances.append(contentsOf: newAdvances)
        endAdjust.append(contentsOf: newEnds)
        startAdjust.append(contentsOf: newStarts)
        slots[slot] = Int32(words.count - 1)
        if words.count * 2 > slots.count && slots.count < 2 * ShapedWordCache.capacity { grow() }
    }

    /// Doubles the slots and places every word again (one that finds no slot within the probe limit is no longer
    /// found, and is shaped again when met).
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, word) in words.enumerated() {
            var slot = Int(truncatingIfNeeded: word.hash) & mask
            for _ in 0..<ShapedWordCache.probeLimit {
                if slots[slot] < 0 {
                    slots[slot] = Int32(index)
                    break
                }
                slot = (slot + 1) & mask
            }
        }
    }
}
