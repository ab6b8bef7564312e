import Foundation
import Testing

/// PDFs with text against our PNG of the same documents, through `Scripts/pdf-text-test.py` (its doc comment says
/// why Poppler at 72 × scale dots per inch cannot draw text as the PNG does: pdftoppm puts each glyph on the pixel
/// row at or above its origin, pdftocairo on the nearest whole pixel): the examples with text, an image, shadows and
/// gradients, and a text in fallback fonts with colour emoji, drawn by `pdftoppm` and by `pdftocairo` 8 times finer
/// and averaged down, each within 0.5% of the pixels off by more than 40 and a mean difference of at most 1.5.
/// `Scripts/setup` installs poppler-utils and Pillow.
@Suite struct PDFTextReferenceTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/pdf-text-test.py")

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftoppm")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftocairo"),
            "needs Poppler's pdftoppm and pdftocairo (Scripts/setup installs poppler-utils)"))
    func pdfTextMatchesThePNG() throws {
        let (status, report) = try runPythonScript(Self.script, ["--tool", executable.path, "--check"])
        #expect(status == 0, "\(report)")
        #expect(report.contains(#""rasterizer": "pdftocairo/8""#), "\(report)")
    }
}
