// ASTextNode measures characters its UIFont stand-in lacks with the system's fallback fonts, as a document's text
// does. Expected sizes come from the fonts' tables (Scripts/setup installs them): Noto Sans CJK has 1000 units per
// em, hhea ascender 1160 and descender -288, and ideographs 1000 units wide; Noto Color Emoji has 2048 units per
// em, hhea 1900 / -500 and every emoji 2550 units wide; DejaVu Sans is 1901 / -483 of 2048.

import Foundation
import Testing
import TextureLayoutCompat
import TextureLayoutText

private let fallbackFontsInstalled =
    FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
    && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

@Suite("ASTextNode font fallback")
struct ASTextNodeFallbackTests {
    @Test(.enabled(if: fallbackFontsInstalled)) func chineseTakesTheCJKFontsMetrics() {
        let node = textNode(attributed("山田太郎", size: 17))
        let size = node.layoutThatFits(range(0, 0, .infinity, .infinity)).size
        // 4 × 17 = 68 wide; one line (1.160 + 0.288) × 17 = 24.616 tall, rounded up.
        #expect(size == CGSize(width: 68, height: 25))
    }

    @Test(.enabled(if: fallbackFontsInstalled)) func emojiBesideLatinTakesBothFontsMetrics() {
        let node = textNode(attributed("👩‍💻", size: 20.48))
        let size = node.layoutThatFits(range(0, 0, .infinity, .infinity)).size
        // 2550 / 2048 × 20.48 = 25.5 wide; (1900 + 500) / 2048 × 20.48 = 24 tall.
        #expect(size == CGSize(width: 26, height: 24))
        let mixed = textNode(attributed("a👩‍💻", size: 20.48))
        // The tallest ascent (DejaVu's 19.01) and deepest descent (the emoji font's 5.0): 24.01, rounded up.
        #expect(mixed.layoutThatFits(range(0, 0, .infinity, .infinity)).size.height == 25)
    }
}
