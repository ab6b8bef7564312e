/// An RGB image in memory with the few drawing operations pictures need: axis-aligned rectangles with
/// anti-aliased (area-coverage) edges, blended over what is there, and bitmap text.
public struct Raster {
    public let width: Int
    public let height: Int
    /// Row-major RGB bytes, three per pixel.
    public private(set) var pixels: [UInt8]

    public init(width: Int, height: Int, background: RGBA) {
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
    public func pixel(x: Int, y: Int) -> RGBA {
        let offset = (y * width + x) * 3
        return RGBA(pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }

    /// Fills the rectangle from (`x0`, `y0`) to (`x1`, `y1`) in pixel coordinates (fractions allowed): a pixel
    /// partly covered takes the colour in proportion to the area covered.
    public mutating func fill(x0: Double, y0: Double, x1: Double, y1: Double, color: RGBA) {
        let left = max(x0, 0), right = min(x1, Double(width))
        let top = max(y0, 0), bottom = min(y1, Double(height))
        guard left < right, top < bottom, color.alpha > 0 else { return }
        let alpha = color.opacity
        let firstColumn = Int(left.rounded(.down)), lastColumn = Int(right.rounded(.up)) - 1
        let firstRow = Int(top.rounded(.down)), lastRow = Int(bottom.rounded(.up)) - 1
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
    /// from the top-left corner).
    public mutating func stroke(x0 left: Double, y0 top: Double, x1 right: Double, y1 bottom: Double,
                                lineWidth: Double, color: RGBA, dash: (on: Double, off: Double)? = nil) {
        let half = lineWidth / 2
        // The line's centre runs half its width inside the edges (along the middle of a thinner rectangle).
        let insetX = min(half, (right - left) / 2), insetY = min(half, (bottom - top) / 2)
        let x0 = left + insetX, x1 = right - insetX, y0 = top + insetY, y1 = bottom - insetY
        // The four sides as (start, end) along the outline, clockwise.
        let sides: [((Double, Double), (Double, Double))] = [
            ((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)), ((x0, y1), (x0, y0)),
        ]
        var travelled = 0.0
        for (start, end) in sides {
            let length = abs(end.0 - start.0) + abs(end.1 - start.1)
            var pieces: [(Double, Double)] = []  // distances along this side
            if let dash, dash.on > 0 {
                let period = dash.on + dash.off
                // The first dash that may reach into this side.
                var dashStart = (travelled / period).rounded(.down) * period
                while dashStart < travelled + length {
                    let from = max(dashStart, travelled) - travelled
                    let to = min(dashStart + dash.on, travelled + length) - travelled
                    if to > from { pieces.append((from, to)) }
                    dashStart += period
                }
            } else {
                pieces = [(0, length)]
            }
            for (from, to) in pieces {
                let dx = end.0 > start.0 ? 1.0 : end.0 < start.0 ? -1.0 : 0
                let dy = end.1 > start.1 ? 1.0 : end.1 < start.1 ? -1.0 : 0
                let ax = start.0 + dx * from, ay = start.1 + dy * from
                let bx = start.0 + dx * to, by = start.1 + dy * to
                fill(x0: min(ax, bx) - half, y0: min(ay, by) - half, x1: max(ax, bx) + half, y1: max(ay, by) + half,
                     color: color)
            }
            travelled += length
        }
    }

    /// Draws a line from (`x0`, `y0`) to (`x1`, `y1`) as a row of small squares.
    public mutating func line(x0: Double, y0: Double, x1: Double, y1: Double, lineWidth: Double, color: RGBA) {
        let length = max(abs(x1 - x0), abs(y1 - y0))
        let steps = max(1, Int((length * 2).rounded(.up)))
        let half = lineWidth / 2
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let x = x0 + (x1 - x0) * t, y = y0 + (y1 - y0) * t
            fill(x0: x - half, y0: y - half, x1: x + half, y1: y + half, color: color)
        }
    }

    /// The size in pixels of `text` drawn with ``BitmapFont`` at `pixelSize` pixels per font pixel.
    public static func textSize(_ text: String, pixelSize: Int) -> (width: Int, height: Int) {
        let count = text.unicodeScalars.count
        return (count == 0 ? 0 : (count * (BitmapFont.width + 1) - 1) * pixelSize, BitmapFont.height * pixelSize)
    }

    /// Writes `text` with its top-left corner at (`x`, `y`), each font pixel `pixelSize` pixels square.
    public mutating func text(_ text: String, x: Int, y: Int, pixelSize: Int, color: RGBA) {
        var left = x
        for scalar in text.unicodeScalars {
            let rows = BitmapFont.glyph(scalar)
            for (rowIndex, bits) in rows.enumerated() where bits != 0 {
                for column in 0..<BitmapFont.width where bits & (1 << (BitmapFont.width - 1 - column)) != 0 {
                    let px = Double(left + column * pixelSize), py = Double(y + rowIndex * pixelSize)
                    fill(x0: px, y0: py, x1: px + Double(pixelSize), y1: py + Double(pixelSize), color: color)
                }
            }
            left += (BitmapFont.width + 1) * pixelSize
            if left >= width { break }
        }
    }
}
