import Foundation
import Testing

/// Font fallback against Pango, through `Scripts/pango-fallback-test.py` (its doc comment says how both sides are
/// restricted to the same font files and which known differences the cases avoid): generated texts in DejaVu Sans
/// with emoji (single, ZWJ sequences, flags, skin tones, keycaps), Chinese, Japanese, Korean, Hebrew, Arabic, Thai,
/// Devanagari and combining marks from Noto fonts, laid out by `texture-layout layout` and by pango-view at the same
/// widths: the same line breaks, widths within 0.5 pt, and each line as tall as the contract's rule gives for the
/// fonts Pango used on it; at least 200 cases compared. `Scripts/setup` installs pango-view and the fonts.
@Suite struct FallbackPangoReferenceTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/pango-fallback-test.py")

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pango-view")
                && FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
            "needs pango-view and the Noto fonts (Scripts/setup installs them)"))
    func fallbackMatchesPango() throws {
        let (status, report) = try runPythonScript(Self.script, ["--tool", executable.path])
        #expect(status == 0, "\(report)")
        #expect(report.contains(" cases compared ("), "\(report)")
    }
}
