import Testing
import TextureLayout
@testable import TextureLayoutText

// Texts shaped into one arena keep their break tables one after another, and break exactly as texts whose tables
// have memory of their own. DejaVu Sans Mono: every character 1233 of 2048 units wide, 12.33 pt at size 20.48.

private func mono() throws -> Font { try Font(family: "DejaVu Sans Mono") }

/// The lines of `shaped` at `width` (word breaking, no line limit): their starts, ends and widths.
private func lines(_ shaped: ShapedText, width: Double) -> [[Double]] {
    let limits = LineBreakLimits(maxWidth: width, maxHeight: .infinity, style: ParagraphStyle())
    var boxes = LineBoxes()
    shaped.breakLines(limits, into: &boxes, tokenWidth: { _, _ in 0 })
    return boxes.all.map { [Double($0.start), Double($0.end), $0.width] }
}

@Test func textsShapedIntoAnArenaKeepTheirTablesOneAfterAnother() throws {
    let font = try mono()
    let arena = BreakTableArena()
    let texts = ["aaa bbb ccc", "dd ee", "f"].map { TextRun($0, font: font, size: 20.48) }
    let shaped = texts.map { ShapedText(runs: [$0], defaultDirection: .leftToRight, breakTables: arena) }
    for (earlier, later) in zip(shaped, shaped.dropFirst()) {
        let end = UnsafeRawPointer(earlier.table.header) + BreakTable.byteCount(points: earlier.breakPoints.count)
        #expect(UnsafeRawPointer(later.table.header) == end)
    }
    // "aaa bbb" is 7 characters, 86.31 wide; "ccc" 36.99.
    let first = lines(shaped[0], width: 90)
    #expect(first.map { [$0[0], $0[1]] } == [[0, 7], [8, 11]])
    #expect(abs(first[0][2] - 7 * 12.33) < 1e-9 && abs(first[1][2] - 3 * 12.33) < 1e-9)
    for (run, text) in zip(texts, shaped) {
        let alone = ShapedText(runs: [run], defaultDirection: .leftToRight)
        for width in [0.0, 20, 40, 90, 500] { #expect(lines(text, width: width) == lines(alone, width: width)) }
    }
}

@Test func aTableLargerThanAChunkGetsOneOfItsOwn() throws {
    // 6,000 words: more points than a 256 KB chunk holds. The text before it and the one after still break as
    // texts of their own.
    let font = try mono()
    let arena = BreakTableArena()
    let long = String(repeating: "ab ", count: 6_000)
    let runs = ["aaa bbb", long, "cc dd"].map { TextRun($0, font: font, size: 20.48) }
    let shaped = runs.map { ShapedText(runs: [$0], defaultDirection: .leftToRight, breakTables: arena) }
    #expect(BreakTable.byteCount(points: shaped[1].breakPoints.count) > 256 * 1024)
    for (run, text) in zip(runs, shaped) {
        let alone = ShapedText(runs: [run], defaultDirection: .leftToRight)
        for width in [30.0, 90, 1000] { #expect(lines(text, width: width) == lines(alone, width: width)) }
    }
}
