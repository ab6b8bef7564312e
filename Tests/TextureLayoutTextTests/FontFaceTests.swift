import CHarfBuzz
import Testing
@testable import TextureLayoutText

/// What renderers draw glyphs with, checked against HarfBuzz, which reads the same tables on its own: FreeType's
/// outline of a glyph spans the glyph's bounding box as HarfBuzz reports it, and FreeType's character map and
/// advances are HarfBuzz's; a face the font lends is its own face, for one holder at a time.
private func font() throws -> Font { try Font.defaultFont() }

@Test func outlineSpansTheGlyphsBoundingBox() throws {
    let font = try font()
    // Straight-edged letters: every outline point is on the box, none is a curve's control point outside it.
    for character in ["H", "E", "T", "L"] {
        let scalar = character.unicodeScalars.first!
        var nominal: hb_codepoint_t = 0
        #expect(hb_font_get_nominal_glyph(font.hbFont, scalar.value, &nominal) != 0)
        let glyph = font.glyph(for: scalar)
        #expect(glyph == nominal)
        var extents = hb_glyph_extents_t()
        #expect(hb_font_get_glyph_extents(font.hbFont, glyph, &extents) != 0)
        var xs: [Double] = [], ys: [Double] = []
        for segment in font.outline(of: glyph) {
            switch segment {
            case let .move(x, y), let .line(x, y): xs.append(x); ys.append(y)
            case let .quadratic(_, _, x, y), let .cubic(_, _, _, _, x, y): xs.append(x); ys.append(y)
            }
        }
        #expect(xs.min() == Double(extents.x_bearing), "\(character)")
        #expect(xs.max() == Double(extents.x_bearing + extents.width), "\(character)")
        #expect(ys.max() == Double(extents.y_bearing), "\(character)")
        #expect(ys.min() == Double(extents.y_bearing + extents.height), "\(character)")
        #expect(font.advance(of: glyph) == Double(hb_font_get_glyph_h_advance(font.hbFont, glyph)))
    }
    // A space has an advance and no outline.
    let space = font.glyph(for: " ")
    #expect(font.outline(of: space).isEmpty)
    #expect(font.advance(of: space) > 0)
}

@Test func aLentFaceIsTheFontsFaceForOneHolderAtATime() throws {
    let font = try Font(file: try font().path)
    let face = try #require(font.borrowFace())
    #expect(Int(face.freeTypeFace.pointee.units_per_EM) == font.unitsPerEm)
    #expect(Int(face.freeTypeFace.pointee.num_glyphs) == font.glyphCount)
    // A second holder meanwhile gets a face of its own; a face given back is the next one lent.
    let other = try #require(font.borrowFace())
    #expect(other !== face)
    #expect(other.freeTypeFace != face.freeTypeFace)
    font.giveBack(face)
    #expect(font.borrowFace() === face)
    let glyphs = (0..<200).map { UInt32($0) }
    #expect(glyphs.map { face.outline(of: $0) } == glyphs.map { font.outline(of: $0) })
    #expect(glyphs.map { other.advance(of: $0) } == glyphs.map { font.advance(of: $0) })
}

@Test func outlinesReadFromManyThreadsAreTheOnesReadFromOne() async throws {
    let font = try font()
    let glyphs = (0..<400).map { UInt32($0 % font.glyphCount) }
    let expected = glyphs.map { font.outline(of: $0) }
    #expect(expected.contains { !$0.isEmpty })
    let fresh = try Font(file: font.path, faceIndex: font.faceIndex)
    // Half the readers share the font's own face, the others each read from a face lent to them.
    let results = await withTaskGroup(of: [[GlyphOutlineSegment]].self) { group in
        for reader in 0..<8 {
            group.addTask {
                guard reader % 2 == 1 else { return glyphs.map { fresh.outline(of: $0) } }
                guard let face = fresh.borrowFace() else { return [] }
                defer { fresh.giveBack(face) }
                return glyphs.map { face.outline(of: $0) }
            }
        }
        var all: [[[GlyphOutlineSegment]]] = []
        for await result in group { all.append(result) }
        return all
    }
    for result in results { #expect(result == expected) }
}
