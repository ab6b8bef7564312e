import Testing
import TextureLayout
import TextureLayoutPaint
import TextureLayoutText
@testable import LayoutDocument

// A text's decorations and shadow in documents. Geometry by hand from DejaVu Sans Mono (found on the system, never
// committed): 2048 units per em, hhea 1901 / -483, every glyph 1233 units wide. At size 20.48 a character is
// 12.33 pt, a line 23.84 pt tall with its baseline 19.01 below its top.

/// A document whose root is `text` (an element's JSON, "mono" naming DejaVu Sans Mono) within `range`.
private func layOut(_ text: String, range: String = #"{"max": [90, "inf"]}"#) throws -> DocumentLayout {
    let mono = try Font(family: "DejaVu Sans Mono").path
    return try LayoutDocument(
        json: #"{"fonts": {"mono": {"file": "\#(mono)"}}, "sizeRange": \#(range), "root": \#(text)}"#
    )
    .layout()
}

/// The frames of the root and its lines, as the document's output gives them.
private func frames(_ result: DocumentLayout) -> (size: Size, lines: [TextLine]) {
    (result.size, result.namedTextLines.first?.lines ?? [])
}

@Suite struct TextShadowMeasurementTests {
    /// Texture's padding rule (ASTextKitShadower) for radius 3 and offset [2, 5]: top min(0, 5 − 3) = 0, left
    /// min(0, 2 − 3) = −1, bottom min(0, −5 − 3) = −8, right min(0, −2 − 3) = −5; the renderer lays the text out in
    /// the constrained size less 1 + 5 and 0 + 8 and returns the text's size plus them.
    static let shadow = #""shadowOpacity": 1, "shadowRadius": 3, "shadowOffset": [2, 5]"#

    @Test func theShadowsPaddingShrinksTheWidthTheTextWrapsInAndGrowsItsSize() throws {
        // "mmm mmm" is 7 × 12.33 = 86.31 wide: it fits 90 on one line, but not 90 − 6 = 84.
        let plain = frames(
            try layOut(#"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "text": "mmm mmm"}"#))
        #expect(plain.lines.count == 1)
        #expect(plain.size == Size(87, 24))  // ⌈86.31⌉ × ⌈23.84⌉

        let shadowed = frames(
            try layOut(
                #"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "text": "mmm mmm", \#(Self.shadow)}"#))
        #expect(shadowed.lines.map(\.text) == ["mmm", "mmm"])
        // ⌈36.99 + 1 + 5⌉ × ⌈2 × 23.84 + 0 + 8⌉
        #expect(shadowed.size == Size(43, 56))
        // The lines move right by the left padding (1) and down by the top one (0).
        let first = try #require(shadowed.lines.first), second = try #require(shadowed.lines.last)
        #expect(abs(first.frame.minX - 1) < 1e-9 && abs(first.frame.minY) < 1e-9)
        #expect(abs(first.frame.width - 36.99) < 1e-9)
        #expect(abs(second.frame.minY - 23.84) < 1e-9 && abs(second.baseline - (23.84 + 19.01)) < 1e-9)
    }

    @Test func aShadowUpAndLeftMovesTheGlyphsDownAndRight() throws {
        // Radius 2, offset [−6, −4]: top 2 + 4 = 6, left 2 + 6 = 8, bottom max(0, 2 − 4) = 0, right 0.
        let result = try layOut(
            #"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "text": "mm", "shadowOpacity": 0.5, "shadowRadius": 2, "shadowOffset": [-6, -4]}"#
        )
        let (size, lines) = frames(result)
        #expect(size == Size(33, 30))  // ⌈24.66 + 8⌉ × ⌈23.84 + 6⌉
        let line = try #require(lines.first)
        #expect(abs(line.frame.minX - 8) < 1e-9 && abs(line.frame.minY - 6) < 1e-9)
        #expect(abs(line.baseline - (6 + 19.01)) < 1e-9)
        // The first baseline is the ascender stacks align by: 6 + 19.01 below the top.
        let text = try #require(result.layout.allLayouts.lazy.compactMap { $0.element as? TextNode }.first)
        #expect(abs(text.layoutAscender - (6 + 19.01)) < 1e-9)
    }

    @Test(arguments: [
        #""shadowOpacity": 0, "shadowRadius": 3, "shadowOffset": [2, 5]"#,  // no opacity
        #""shadowOpacity": 1, "shadowColor": "transparent""#,  // a transparent colour
        #""shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 0]"#,  // right under the glyphs, unblurred
        #""shadowRadius": 8, "shadowOffset": [4, 4]"#,  // Core Animation's opacity: 0
    ])
    func aShadowThatDoesNotDrawMeasuresAsNone(_ keys: String) throws {
        let result = frames(
            try layOut(#"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "text": "mmm", \#(keys)}"#))
        #expect(result.size == Size(37, 24))  // ⌈36.99⌉ × ⌈23.84⌉
        #expect(result.lines.first?.frame.origin == Point(0, 0))
    }

    @Test func shadowOpacityAloneCastsCoreAnimationsDefaultShadow() throws {
        // Radius 3, offset [0, −3]: top 6, left 3, bottom 0, right 3.
        let result = frames(
            try layOut(
                #"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "text": "mmm", "shadowOpacity": 1}"#))
        #expect(result.size == Size(43, 30))  // ⌈36.99 + 6⌉ × ⌈23.84 + 6⌉
        #expect(result.lines.first?.frame.origin == Point(3, 6))
    }

    @Test func theSizeIsStillLimitedToTheRange() throws {
        // One line 23.84 tall plus 8 below is 32 points; the range allows 30 (Texture takes the smaller).
        let result = frames(
            try layOut(
                #"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "text": "mmm", \#(Self.shadow)}"#,
                range: #"{"max": [90, 30]}"#))
        #expect(result.size == Size(43, 30))
    }
}

@Suite struct TextDecorationDocumentTests {
    @Test func decorationsChangeNeitherSizeNorLines() throws {
        let plain = try layOut(
            #"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "runs": [{"text": "mmm "}, {"text": "mmm mmm"}]}"#
        )
        let decorated = try layOut(
            #"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "underline": "double", "strikethroughColor": "red", "runs": [{"text": "mmm ", "strikethrough": "thick", "backgroundColor": "yellow"}, {"text": "mmm mmm", "underline": "none"}]}"#
        )
        #expect(plain.size == decorated.size)
        let a = frames(plain).lines, b = frames(decorated).lines
        #expect(
            a.map(\.text) == b.map(\.text) && a.map(\.frame) == b.map(\.frame) && a.map(\.baseline) == b.map(\.baseline)
        )
        #expect(a.allSatisfy(\.decorations.isEmpty) && !b[0].decorations.isEmpty)
    }

    @Test func theRunsDecorationsAreTheFontsTablesAtItsSize() throws {
        // post: underline top −40, 90 thick; OS/2: strikeout top 530, 102 thick; at 20.48 points a unit is 0.01.
        // "mm" then "mm ": the line ends at the last "m" (its space is not decorated), 4 × 12.33 = 49.32 wide.
        let result = try layOut(
            #"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "color": "blue", "runs": [{"text": "mm", "underline": "single", "strikethrough": "double", "strikethroughColor": "red", "backgroundColor": "yellow"}, {"text": "mm ", "underline": "thick"}]}"#
        )
        let line = try #require(frames(result).lines.first)
        let baseline = 19.01
        let expected: [TextDecoration] = [
            TextDecoration(
                kind: .background, rect: Rect(x: 0, y: 0, width: 24.66, height: 23.84),
                color: RGBA(255, 255, 0)),
            TextDecoration(
                kind: .line, rect: Rect(x: 0, y: baseline + 0.4, width: 24.66, height: 0.9),
                color: RGBA(0, 0, 255)),
            // Double: two 1.02 strokes one thickness apart, centred on the strikeout line (5.3 − 0.51 above).
            TextDecoration(
                kind: .line, rect: Rect(x: 0, y: baseline - 5.3 - 1.02, width: 24.66, height: 1.02),
                color: RGBA(255, 0, 0)),
            TextDecoration(
                kind: .line, rect: Rect(x: 0, y: baseline - 5.3 + 1.02, width: 24.66, height: 1.02),
                color: RGBA(255, 0, 0)),
            // Thick: twice the thickness, from the same top.
            TextDecoration(
                kind: .line, rect: Rect(x: 24.66, y: baseline + 0.4, width: 24.66, height: 1.8),
                color: RGBA(0, 0, 255)),
        ]
        #expect(line.decorations.count == expected.count)
        for (got, want) in zip(line.decorations, expected) {
            #expect(got.kind == want.kind && got.color == want.color)
            for (a, b) in [
                (got.rect.minX, want.rect.minX), (got.rect.minY, want.rect.minY),
                (got.rect.width, want.rect.width), (got.rect.height, want.rect.height),
            ] {
                #expect(abs(a - b) < 1e-9, "\(got.rect) against \(want.rect)")
            }
        }
    }

    @Test func piecesThatContinueEachOtherAreOneRectangle() throws {
        // Two runs differing only in colour: their underlines share a colour and position, so the line has one.
        let result = try layOut(
            #"{"type": "text", "name": "t", "font": "mono", "size": 20.48, "underline": "single", "underlineColor": "black", "runs": [{"text": "mm", "color": "red"}, {"text": "mm", "color": "blue"}]}"#
        )
        let line = try #require(frames(result).lines.first)
        #expect(line.decorations.count == 1)
        #expect(abs((line.decorations.first?.rect.width ?? 0) - 49.32) < 1e-9)
    }

    @Test(arguments: [
        (
            #"{"type": "text", "text": "a", "underline": "wavy"}"#,
            #"root.underline: expected one of "none", "single", "thick", "double", got "wavy""#
        ),
        (
            #"{"type": "text", "runs": [{"text": "a"}, {"text": "b", "strikethrough": true}]}"#,
            #"root.runs[1].strikethrough: expected one of "none", "single", "thick", "double", got true"#
        ),
        (
            #"{"type": "text", "runs": [{"text": "a", "underlineColor": "reddish"}]}"#,
            #"root.runs[0].underlineColor: expected a CSS colour"#
        ),
        (
            ##"{"type": "text", "runs": [{"text": "a", "backgroundColor": "#12345"}]}"##,
            #"root.runs[0].backgroundColor: expected a CSS colour"#
        ),
        (#"{"type": "text", "text": "a", "strikethroughColor": 3}"#, #"root.strikethroughColor: expected a string"#),
        (#"{"type": "text", "text": "a", "shadowOpacity": 2}"#, #"root.shadowOpacity:"#),
    ])
    func badDecorationsAreOneLineWithTheirPath(json: String, message: String) {
        do {
            _ = try LayoutDocument(json: #"{"root": \#(json)}"#).layout()
            Issue.record("expected an error for \(json)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }
}
