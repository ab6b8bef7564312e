import CICUShim
import Testing

/// ICU links and answers: a build without it would fail here rather than in a layout test.
@Test func librariesLinkAndAnswer() {
    // "ab cd": UAX #14 allows a break after the space (offset 3) and at the end (5).
    let text: [UInt16] = Array("ab cd".utf16)
    var positions = [Int32](repeating: 0, count: text.count)
    var mandatory = [UInt8](repeating: 0, count: text.count)
    let count = tl_line_breaks(text, Int32(text.count), &positions, &mandatory, Int32(text.count))
    #expect(Array(positions.prefix(Int(count))) == [3, 5])
}
