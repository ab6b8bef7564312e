import Testing
@testable import TextureLayoutText

/// Every unit that skips ICU's grapheme iterator, in order.
private let loneGraphemeUnits = (UInt16(0)...UInt16(0xFFFF)).filter(TextAnalysis.isLoneGrapheme)

@Test func graphemesOfLoneGraphemeUnitsAreICUs() {
    // Every ordered pair of the units (u v u w u ... puts each unit before and after every other), CR LF among
    // them: the boundaries found without ICU must be the ones ICU's character iterator finds.
    #expect(loneGraphemeUnits.count == 0x300 + 24 + 47)
    var text: [UInt16] = []
    for u in loneGraphemeUnits {
        for v in loneGraphemeUnits { text += [u, v] }
    }
    var positions = [Int32](repeating: 0, count: text.count)
    let fast = TextAnalysis.graphemeBoundaries(text, &positions)
    let icu = TextAnalysis.icuGraphemeBoundaries(text, &positions)
    #expect(fast == icu)
    // CR LF is one cluster; the fast answer is not every offset.
    #expect(fast.contains(false))
}

@Test func aUnitOutsideTheSetTakesICU() {
    // "e" and a combining acute are one cluster; "ℌ" (U+210C, letterlike symbols) is outside the set too.
    let text = Array("e\u{301}ℌ.".utf16)
    var positions = [Int32](repeating: 0, count: text.count)
    #expect(TextAnalysis.graphemeBoundaries(text, &positions) == [true, false, true, true, true])
}
