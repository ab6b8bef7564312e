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
///
/// Images are compared in every content mode, with `imageScale`, rounded clips, transparency, group opacity and an
/// unclipped image, as the smooth test pictures (`smooth-…` from `Scripts/make-test-images.py`): Poppler filters an
/// image it enlarges or draws one to one (`/Interpolate`, which Cairo writes) with a wider kernel than Cairo's
/// bilinear one, so on the quadrant pictures' hard edges 7.3% of the pixels of the same modes differ by more than
/// 40, however right the placement.
@Suite struct PDFPixelTests {
    static let pdftoppm = ["/usr/bin/pdftoppm", "/opt/homebrew/bin/pdftoppm", "/usr/local/bin/pdftoppm"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Documents with shadows (blurred, spread by corners, with alpha), gradients (axial and radial, with
    /// transparent stops), borders, clips and group opacity, and images (their files in the test images' folder).
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
        "images": ##"""
        {"scale": 2, "root": {"type": "node", "backgroundColor": "#e0e0e0", "layout": {"type": "inset",
          "insets": {"top": 6, "left": 6, "bottom": 6, "right": 6}, "child": {"type": "stack", "direction": "vertical",
          "spacing": 6, "children": [
          {"type": "stack", "direction": "horizontal", "spacing": 6, "children": [
            {"type": "image", "src": "smooth-rgb-8.png", "contentMode": "scaleToFill", "style": {"width": 50, "height": 30}},
            {"type": "image", "src": "smooth-rgba-8.png", "contentMode": "scaleAspectFit", "backgroundColor": "#203040",
             "style": {"width": 40, "height": 40}},
            {"type": "image", "src": "smooth-baseline.jpg", "cornerRadius": 12, "style": {"width": 40, "height": 40}},
            {"type": "image", "src": "smooth-rgb-16-interlaced.png", "imageScale": 3, "contentMode": "center",
             "cornerRadius": 6, "style": {"width": 20, "height": 20}},
            {"type": "image", "src": "smooth-grey-alpha-16.png", "imageScale": 4, "contentMode": "top", "style": {"width": 20, "height": 20}},
            {"type": "image", "src": "smooth-progressive.jpg", "imageScale": 4, "contentMode": "bottom", "style": {"width": 20, "height": 20}},
            {"type": "image", "src": "smooth-rgb-8.png", "contentMode": "scaleAspectFill", "clipsToBounds": false,
             "alpha": 0.6, "style": {"width": 30, "height": 12}}]},
          {"type": "stack", "direction": "horizontal", "spacing": 6, "children": [
            {"type": "image", "src": "smooth-palette-8.png", "imageScale": 4, "contentMode": "left", "style": {"width": 20, "height": 20}},
            {"type": "image", "src": "smooth-grey.jpg", "imageScale": 4, "contentMode": "right", "style": {"width": 20, "height": 20}},
            {"type": "image", "src": "smooth-rgb-8.png", "contentMode": "topLeft", "cornerRadius": 8,
             "borderWidth": 2, "borderColor": "#ffffff", "style": {"width": 20, "height": 20}},
            {"type": "image", "src": "smooth-rgba-8.png", "imageScale": 3, "contentMode": "topRight",
             "backgroundColor": "#203040", "style": {"width": 20, "height": 20}},
            {"type": "image", "src": "smooth-orientation-6.jpg", "imageScale": 3, "contentMode": "bottomLeft",
             "style": {"width": 20, "height": 20}},
            {"type": "image", "src": "smooth-cmyk.jpg", "imageScale": 3, "contentMode": "bottomRight", "style": {"width": 20, "height": 20}},
            {"type": "image", "src": "smooth-palette-trns.png", "imageScale": 2.5, "contentMode": "center",
             "style": {"width": 20, "height": 20}}]}]}}}}
        """##,
    ]

    /// The test images' folder, which the documents' images are named in.
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextureLayoutImagesTests/Images").path

    @Test(
        .enabled(if: pdftoppm != nil, "needs Poppler's pdftoppm (Scripts/setup installs poppler-utils)"),
        arguments: documents.keys.sorted()
            + exampleNames.filter { name in
                let json = try? String(
                    contentsOf: examplesDirectory.appendingPathComponent(name + ".json"), encoding: .utf8)
                return json?.contains(#""type": "text""#) == false
            })
    func pdftoppmDrawsThePDFAsThePNG(_ name: String) throws {
        let result = try Self.documents[name].map { try layOut($0, baseFolder: Self.images) } ?? layOutExample(name)
        let options = PictureFormat.Options(background: RGBA(255, 255, 255))
        let png = try DecodedPNG(PictureFormat.png.render(result, options: options))
        let drawn = try DecodedPNG(
            try Self.rasterize(
                PictureFormat.pdf.render(result, options: options),
                scale: result.document.scale))
        // pdftoppm rounds the page up to whole pixels, our PNG to the nearest: the sizes may differ by one.
        #expect(
            abs(drawn.width - png.width) <= 1 && abs(drawn.height - png.height) <= 1,
            "\(name): pdftoppm \(drawn.width)×\(drawn.height), PNG \(png.width)×\(png.height)")
        let width = min(drawn.width, png.width), height = min(drawn.height, png.height)
        var off = 0, total = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = png.pixel(x, y), b = drawn.pixel(x, y)
                let d = [
                    abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                    abs(Int(a.blue) - Int(b.blue)),
                ]
                if d.max()! > 40 { off += 1 }
                total += d.reduce(0, +)
            }
        }
        let offShare = Double(off) / Double(width * height), mean = Double(total) / Double(width * height * 3)
        #expect(
            offShare <= 0.005 && mean <= 1.5,
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
        process.arguments = [
            "-r", String(72 * scale), "-png", "-singlefile", input.path,
            folder.appendingPathComponent("page").path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try [UInt8](Data(contentsOf: folder.appendingPathComponent("page.png")))
    }
}
