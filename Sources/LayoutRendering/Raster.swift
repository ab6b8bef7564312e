import LayoutDocument

/// An RGB image in memory with the few drawing operations pictures need: axis-aligned rectangles with
/// anti-aliased (area-coverage) edges, blended over what is there, and glyphs rasterized by FreeType.
package struct Raster {
    /// Columns of pixels; the PNG's width.
    package let width: Int
    /// Rows of pixels; the PNG's height.
    package let height: Int
    /// Row-major RGB bytes, three per pixel.
    package private(set) var pixels: [UInt8]

    /// An image filled with `background` (pictures draw over an opaque canvas, so the raster has no alpha).
    package init(width: Int, height: Int, background: RGBA) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        self.width = width
        self.height = height
        var row: [UInt8] = []
        row.reserveCapacity(width * 3)
        for _ in 0..<width { row += [background.red, background.green, background.blue] }
        pixels = []
        pixels.reserveCapacity(width * height * 3)
        for _ in 0..<height { pixels += row }
    }

    /// The colour of a pixel.
    package func pixel(x: Int, y: Int) -> RGBA {
        let offset = (y * width + x) * 3
        return RGBA(pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }

    /// Fills the rectangle from (`x0`, `y0`) to (`x1`, `y1`) in pixel coordinates (fractions allowed): a pixel
    /// partly covered takes the colour in proportion to the area covered.
    package mutating func fill(x0: Double, y0: Double, x1: Double, y1: Double, color: RGBA) {
        let left = max(x0, 0), right = min(x1, Double(width))
        let top = max(y0, 0), bottom = min(y1, Double(height))
        guard left < right, top < bottom, color.alpha > 0 else { return }
        let alpha = color.opacity
        let firstColumn = Int(saturating: left, .down), lastColumn = Int(saturating: right, .up) - 1
        let firstRow = Int(saturating: top, .down), lastRow = Int(saturating: bottom, .up) - 1
        // Coverage of each column, computed once.
        var columnCoverage = [Double](repeating: 1, count: lastColumn - firstColumn + 1)
        for column in firstColumn...lastColumn {
            let c = Double(column)
            columnCoverage[column - firstColumn] = min(right, c + 1) - max(left, c)
        }
        let source = (Double(color.red), Double(color.green), Double(color.blue))
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in firstRow...lastRow {
                let r = Double(row)
                let rowCoverage = min(bottom, r + 1) - max(top, r)
                var offset = (row * width + firstColumn) * 3
                for coverage in columnCoverage {
                    let a = alpha * rowCoverage * coverage
                    if a >= 1 {
                        buffer[offset] = color.red
                        buffer[offset + 1] = color.green
                        buffer[offset + 2] = color.blue
                    } else if a > 0 {
                        buffer[offset] = Raster.blend(buffer[offset], source.0, a)
                        buffer[offset + 1] = Raster.blend(buffer[offset + 1], source.1, a)
                        buffer[offset + 2] = Raster.blend(buffer[offset + 2], source.2, a)
                    }
                    offset += 3
                }
            }
        }
    }

    @inline(__always)
    static func blend(_ destination: UInt8, _ source: Double, _ alpha: Double) -> UInt8 {
        UInt8((Double(destination) * (1 - alpha) + source * alpha).rounded())
    }

    /// Draws the outline of a rectangle with a line `lineWidth` wide just inside its edges (so that edges on
    /// the pixel grid stay sharp); dashed when `dash` is given (on, off lengths, following the outline clockwise
    /// from the top-left corner). Dashes shorter than two pixels a period would only blur into a lighter line, so
    /// such an outline is drawn solid. Only the parts of the outline on the raster are visited: an outline many
    /// times the raster's size costs no more than one around it.
    package mutating func stroke(x0 left: Double, y0 top: Double, x1 right: Double, y1 bottom: Double,
                                lineWidth: Double, color: RGBA, dash: (on: Double, off: Double)? = nil) {
        guard [left, top, right, bottom, lineWidth].allSatisfy(\.isFinite) else { return }
        let half = lineWidth / 2
        // The line's centre runs half its width inside the edges (along the middle of a thinner rectangle).
        let insetX = min(half, (right - left) / 2), insetY = min(half, (bottom - top) / 2)
        let x0 = left + insetX, x1 = right - insetX, y0 = top + insetY, y1 = bottom - insetY
        // The four sides as (start, end) along the outline, clockwise.
        let sides: [((Double, Double), (Double, Double))] = [
            ((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0)),
        ]
        let pattern = dash.flatMap { $0.on > 0 && $0.on + $0.off >= 2 ? $0 : nil }
        var travelled = 0.0
        for (start, end) in sides {
            let length = abs(end.0 - start.0) + abs(end.1 - start.1)
            defer { travelled += length }
            let dx = end.0 > start.0 ? 1.0 : end.0 < start.0 ? -1.0 : 0
            let dy = end.1 > start.1 ? 1.0 : end.1 < start.1 ? -1.0 : 0
            // The distances along this side whose squares can reach the raster.
            var from = 0.0, to = length
            for (origin, direction, limit) in [(start.0, dx, Double(width)), (start.1, dy, Double(height))] {
                if direction == 0 {
                    guard origin > -half && origin < limit + half else { from = 1; to = 0; break }
                } else if direction > 0 {
                    from = max(from, -half - origin)
                    to = min(to, limit + half - origin)
                } else {
                    from = max(from, origin - limit - half)
                    to = min(to, origin + half)
                }
            }
            guard from <= to else { continue }
            var pieces: [(Double, Double)] = []
            if let pattern {
                let period = pattern.on + pattern.off
                // The first dash that may reach into the visible part of this side.
                var dashStart = ((travelled + from) / period).rounded(.down) * period
                while dashStart < travelled + to {
                    let pieceFrom = max(dashStart, travelled + from) - travelled
                    let pieceTo = min(dashStart + pattern.on, travelled + to) - travelled
                    if pieceTo > pieceFrom { pieces.append((pieceFrom, pieceTo)) }
                    dashStart += period
                }
            } else {
                pieces = [(from, to)]
            }
            for (from, to) in pieces {
                let ax = start.0 + dx * from, ay = start.1 + dy * from
                let bx = start.0 + dx * to, by = start.1 + dy * to
                fill(x0: min(ax, bx) - half, y0: min(ay, by) - half, x1: max(ax, bx) + half, y1: max(ay, by) + half,
                     color: color)
            }
        }
    }

    /// Draws a line from (`x0`, `y0`) to (`x1`, `y1`) as a square `lineWidth` wide swept along it, row by row
    /// (one rectangle when the line is horizontal or vertical). The work is proportional to the pixels covered on
    /// the raster, however far outside it the line starts or ends and however wide it is.
    package mutating func line(x0: Double, y0: Double, x1: Double, y1: Double, lineWidth: Double, color: RGBA) {
        guard [x0, y0, x1, y1, lineWidth].allSatisfy(\.isFinite) else { return }
        let half = lineWidth / 2
        if x0 == x1 || y0 == y1 {
            fill(x0: min(x0, x1) - half, y0: min(y0, y1) - half, x1: max(x0, x1) + half, y1: max(y0, y1) + half,
                 color: color)
            return
        }
        // Each row of pixels the band crosses gets one span: the horizontal extent of the swept square at the
        // middle of the part of the row the band covers.
        let top = min(y0, y1) - half, bottom = max(y0, y1) + half
        let firstRow = max(0, Int(saturating: top, .down)), lastRow = min(height - 1, Int(saturating: bottom, .up) - 1)
        guard firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            let rowTop = max(top, Double(row)), rowBottom = min(bottom, Double(row + 1))
            guard rowTop < rowBottom else { continue }
            let middle = (rowTop + rowBottom) / 2
            // The part of the line whose square reaches this height, as fractions of the line.
            let ta = (middle - half - y0) / (y1 - y0), tb = (middle + half - y0) / (y1 - y0)
            let t0 = max(0, min(ta, tb)), t1 = min(1, max(ta, tb))
            guard t0 <= t1 else { continue }
            let xa = x0 + (x1 - x0) * t0, xb = x0 + (x1 - x0) * t1
            fill(x0: min(xa, xb) - half, y0: rowTop, x1: max(xa, xb) + half, y1: rowBottom, color: color)
        }
    }

    /// Draws glyphs rasterized by FreeType at `pixelScale` pixels per point, anti-aliased: each pixel takes the
    /// glyphs' colour in proportion to how much of it they cover.
    mutating func draw(_ glyphs: PlacedGlyphs, pixelScale: Double) {
        for (glyph, origin) in zip(glyphs.glyphs, glyphs.positions) {
            guard let coverage = glyphs.face.coverage(of: glyph, pixelsPerEm: glyphs.size * pixelScale,
                                                      x: origin.x * pixelScale, y: origin.y * pixelScale) else {
                continue
            }
            composite(coverage, color: glyphs.color)
        }
    }

    /// Blends `color` over the pixels under `coverage`, each by its coverage (and the colour's alpha).
    mutating func composite(_ coverage: GlyphCoverage, color: RGBA) {
        let source = (Double(color.red), Double(color.green), Double(color.blue))
        let firstRow = max(0, coverage.top), lastRow = min(height, coverage.top + coverage.rows)
        let firstColumn = max(0, coverage.left), lastColumn = min(width, coverage.left + coverage.width)
        guard firstRow < lastRow, firstColumn < lastColumn else { return }
        for row in firstRow..<lastRow {
            for column in firstColumn..<lastColumn {
                let value = coverage.values[(row - coverage.top) * coverage.width + column - coverage.left]
                guard value > 0 else { continue }
                let a = Double(value) / 255 * color.opacity
                let offset = (row * width + column) * 3
                pixels[offset] = Raster.blend(pixels[offset], source.0, a)
                pixels[offset + 1] = Raster.blend(pixels[offset + 1], source.1, a)
                pixels[offset + 2] = Raster.blend(pixels[offset + 2], source.2, a)
            }
        }
    }
}
