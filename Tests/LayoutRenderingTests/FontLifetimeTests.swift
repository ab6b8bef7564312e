import CCairo
import Foundation
import LayoutDocument
import Testing
import TextureLayoutPaint
import TextureLayoutText

@testable import LayoutRendering

// A document's fonts live as long as the document: a batch or a server loads them again for every document and
// frees them after it. Cairo keeps what it made from a font's FreeType face (its font face, the scaled fonts over
// it and their glyphs) past the picture, and finds it again by the face's address: a face closed while Cairo still
// held it, and a new face that malloc put at the same address, was drawn with the old font's glyphs (with Cairo's
// default font options; with the renderers' own options Cairo 1.16 loaded the glyphs from the new face, by luck).
// Three files of DejaVu (found on the system, never committed), whose glyph ids for the same letters coincide but
// whose shapes differ.

/// Pictures of fonts loaded and freed one after the other draw each font's own glyphs.
@Suite struct FontLifetimeTests {
    /// A folder with links `fonts/a.ttf` (DejaVu Sans Mono), `fonts/b.ttf` (DejaVu Serif) and `fonts/c.ttf` (DejaVu
    /// Sans).
    func fontFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-life-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        for (name, family) in [("a", "DejaVu Sans Mono"), ("b", "DejaVu Serif"), ("c", "DejaVu Sans")] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent("fonts/\(name).ttf").path,
                withDestinationPath: try Font(family: family).path)
        }
        return folder
    }

    /// A document of one line in font file `fonts/NAME.ttf`, loaded for this document alone and freed with it.
    func document(font name: String, in folder: URL) throws -> LayoutDocument {
        let json = """
            {"root": {"type": "text", "text": "Hamburgefonstiv 0123", "font": "f", "size": 23},
             "fonts": {"f": {"file": "fonts/\(name).ttf"}}}
            """
        return try LayoutDocument(json: json, baseFolder: folder.path)
    }

    /// The document's PNG on white.
    func png(_ document: LayoutDocument) throws -> [UInt8] {
        PictureFormat.png.render(try document.layout(), options: .init(background: RGBA(255, 255, 255)))
    }

    @Test func eachFontIsDrawnWithItsOwnGlyphsAfterOthersAreFreed() throws {
        let folder = try fontFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["a", "b", "c"]
        // Each drawn while all are loaded, so that no face can sit where another one was.
        let expected = try {
            let documents = try names.map { try document(font: $0, in: folder) }
            return try documents.map(png)
        }()
        #expect(Set(expected).count == names.count)
        // Loaded, drawn and freed in turn: malloc hands a freed face's memory to a later face of that size (with
        // three fonts in turn, a picture's face lands where another font's picture face was).
        for round in 0..<60 {
            let same = try png(document(font: names[round % 3], in: folder)) == expected[round % 3]
            #expect(same, "round \(round): font \(names[round % 3]) drawn with another font's glyphs")
            if !same { break }
        }
    }

    /// Glyphs 36-51 of the font file at `path` (loaded here and freed on return) drawn through Cairo's font face over
    /// the face the font lends a picture, with Cairo's default font options (the renderers set their own, with
    /// which Cairo 1.16 happened to load the glyphs again from a new face at an old address).
    func cairoPixels(_ path: String) throws -> [UInt8] {
        let font = try Font(file: path)
        let faces = PictureFaces()
        let lent = try #require(faces.face(for: font))
        let face = try #require(faces.cairoFace(for: lent))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 200, 40)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, 23)
        var glyphs = (36..<52).enumerated().map { cairo_glyph_t(index: UInt($1), x: Double($0) * 12, y: 30) }
        cairo_glyph_path(cr, &glyphs, Int32(glyphs.count))
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        return Array(UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * 40))
    }

    @Test func cairoNeverTakesANewFaceForAFreedOne() throws {
        let paths = try ["DejaVu Sans Mono", "DejaVu Serif", "DejaVu Sans"].map { try Font(family: $0).path }
        // The same glyph ids in each file, different shapes.
        let expected = try {
            let fonts = try paths.map { try Font(file: $0) }
            return try withExtendedLifetime(fonts) { try paths.map(cairoPixels) }
        }()
        #expect(Set(expected).count == paths.count)
        #expect(expected.allSatisfy { $0.contains { $0 > 0 } })
        for round in 0..<30 {
            let same = try cairoPixels(paths[round % 3]) == expected[round % 3]
            #expect(same, "round \(round): \(paths[round % 3]) drawn with another font's glyphs")
            if !same { break }
        }
    }
}
