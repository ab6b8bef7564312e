import Foundation
import LayoutDocument
import LayoutRendering
import Testing
import TextureLayout
import TextureLayoutPaint

/// Our PDFs drawn by a rasterizer we did not write, Poppler's `pdftoppm` at 72 × scale dots per inch (a point
/// per 1 / scale inch, so one of its pixels is one of our PNG's), against our PNG of the same document, both on
/// white: at most 0.5% of the pixels may differ by more than 40 in a channel, and the mean difference of all
/// channels is at most 1.5. `Scripts/setup` installs `pdftoppm` (poppler-utils).
///
/// Documents with text are compared by `Scripts/pdf-text-test.py` (`PDFTextReferenceTests`), 8 times finer: at
/// this resolution pdftoppm puts each glyph on the pixel row at or above its origin (its FreeType back end drops
/// the vertical fraction) and pdftocairo on the nearest whole pixel, where our PNG fills the outlines at their
/// fractional positions. The documents here and the examples compared have no text.
@Suite struct PDFPixelTests {
    static let pdftoppm = ["/usr/bin/pdftoppm", "/opt/homebrew/bin/pdftoppm", "/usr/local/bin/pdftoppm"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Documents with shadows (blurred, spread by corners, with alpha),
    /// gradients (axial and radial, with transparent stops), borders, clips and group opacity.
    static let documents: [String: String] = [
        "shadows": ##"""
            {"scale": 2, "root": {"type": "node", "backgroundColor": "#f0f0f0", "layout": {"type": "inset",
              "insets": {"top": 20, "left": 20, "bottom": 20, "right": 20}, "child": {"type": "stack", "direction": "horizontal", "spacing": 30,
              "children": [
                {"type": "node", "size": [80, 60], "backgroundColor": "white", "cornerRadius": 12,
                 "shadowColor": "black", "shadowOpacity": 0.4, "shadowRadius": 8, "shadowOffset": [0, 4]},
                {"type": "node", "size": [60, 60], "backgroundColor": "#ffd000", "cornerRadius": 30,
                 "shadowColor": "#2040ff", "shadowOpacity": 0.8, "shadowRadius": 3, "shadowOffset": [5, 5]}]}}}}
            """##,
        "gradients": ##"""
            {"scale": 3, "root": {"type": "stack", "direction": "vertical", "spacing": 4, "children": [
              {"type": "node", "size": [150, 30], "cornerRadius": 6,
               "backgroundGradient": {"colors": ["red", "blue"], "startPoint": [0, 0], "endPoint": [1, 1]}},
              {"type": "node", "size": [150, 40], "backgroundGradient": {"type": "radial",
               "colors": ["#ffff00", "rgba(0, 128, 0, 0)"], "startPoint": [0.5, 0.5], "endPoint": [1, 1]}},
              {"type": "node", "alpha": 0.5, "borderWidth": 3, "borderColor": "#004080",
               "backgroundColor": "#80c0ff", "cornerRadius": 8, "clipsToBounds": true,
               "layout": {"type": "node", "size": [170, 30], "backgroundColor": "#ff8000"}}]}}
            """##,
    ]

    @Test(.enabled(if: pdftoppm != nil, "needs Poppler's pdftoppm (Scripts/setup installs poppler-utils)"),
          arguments: documents.keys.sorted() + exampleNames.filter { name in
              let json = try? String(contentsOf: examplesDirectory.appendingPathComponent(name + ".json"), encoding: .utf8)
              return json?.contains(#""type": "text""#) == false
          })
    func pdftoppmDrawsThePDFAsThePNG(_ name: String) throws {
        let result = try Self.documents[name].map { try layOut($0) } ?? layOutExample(name)
        let options = PictureFormat.Options(background: RGBA(255, 255, 255))
        let png = try DecodedPNG(PictureFormat.png.render(result, options: options))
        let drawn = try DecodedPNG(try Self.rasterize(PictureFormat.pdf.render(result, options: options),
                                                      scale: result.document.scale))
        // pdftoppm rounds the page up to whole pixels, our PNG to the nearest: the sizes may differ by one.
        #expect(abs(drawn.width - png.width) <= 1 && abs(drawn.height - png.height) <= 1,
                "\(name): pdftoppm \(drawn.width)×\(drawn.height), PNG \(png.width)×\(png.height)")
        let width = min(drawn.width, png.width), height = min(drawn.height, png.height)
        var off = 0, total = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = png.pixel(x, y), b = drawn.pixel(x, y)
                let d = [abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                         abs(Int(a.blue) - Int(b.blue))]
                if d.max()! > 40 { off += 1 }
                total += d.reduce(0, +)
            }
        }
        let offShare = Double(off) / Double(width * height), mean = Double(total) / Double(width * height * 3)
        #expect(offShare <= 0.005 && mean <= 1.5,
                "\(name): \(off) of \(width * height) pixels off by more than 40, mean difference \(mean)")
    }

    /// The first page of `pdf` as a PNG file, drawn by pdftoppm at 72 × `scale` dots per inch.
    static func rasterize(_ pdf: [UInt8], scale: Double) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("page.pdf")
        try Data(pdf).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pdftoppm!)
        process.arguments = ["-r", String(72 * scale), "-png", "-singlefile", input.path,
                             folder.appendingPathComponent("page").path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try [UInt8](Data(contentsOf: folder.appendingPathComponent("page.png")))
    }
}
