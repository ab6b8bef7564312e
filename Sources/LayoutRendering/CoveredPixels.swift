import TextureLayout
import TextureLayoutPaint

/// The pixels of a picture that a later opaque fill paints over whole, so that nothing drawn under them before it
/// can show: a share card's white panel hides most of the gradient and the shadow under it. The PNG back end clips
/// what it draws before such a fill to the pixels outside it (on the share cards, raster 8.4 → 5.7 ms). A pixel the
/// fill covers whole takes the fill's colour whatever was under it; the others are drawn from the same geometry,
/// but a clipped drawing may come out a few levels off where Cairo and pixman compute it another way: pixman steps a
/// gradient's position along a row from where the painted span starts, in floating point, so a gradient pixel right
/// of a cover (whose span now starts at the cover's edge) may land one level off (47 of a share card's 756,000
/// pixels), and translucent pixels may round differently (`Scripts/paint-reference-test.py --chromium --resvg
/// --images`: 6 of its 79 pictures changed, at most 30 pixels of one, by at most 3 levels; its comparisons with
/// Chromium and resvg gave the same figures).
///
/// A cover is a ``DisplayCommand/fill(_:_:)`` of an opaque colour outside every clip, group and shadowed part (so
/// that nothing cuts it or blends it), at least ``minimumShare`` of the canvas; the pixels it covers whole are those
/// of the cross its rounded box holds (the rectangle less its corners' radii in one direction, then in the other),
/// in whole pixels inside it.
struct CoveredPixels {
    /// Columns `x0..<x1` and rows `y0..<y1` of the canvas.
    struct Box: Equatable {
        var x0: Int, y0: Int, x1: Int, y1: Int
    }

    /// The smallest share of the canvas a cover takes: a clip costs Cairo work for every command drawn under it,
    /// which a small cover does not pay back.
    static let minimumShare = 1.0 / 8

    /// Each cover's command index and the pixels it covers whole, in drawing order.
    let covers: [(index: Int, boxes: [Box])]
    /// The canvas's size in pixels.
    let width: Int, height: Int

    /// The covers of `commands` drawn at `pixelScale` on a `width × height` canvas; `nil` when there are none, when
    /// the list's pushes and pops do not pair up, or when a command is left out for a coordinate that is not finite
    /// (a push left out would leave its pop unpaired): then where a command stands is not known.
    init?(_ commands: [DisplayCommand], pixelScale: Double, width: Int, height: Int) {
        var covers: [(index: Int, boxes: [Box])] = []
        var depth = 0
        let least = Int((Double(width) * Double(height) * Self.minimumShare).rounded(.up))
        for (index, command) in commands.enumerated() {
            guard command.hasFiniteGeometry else { return nil }
            switch command {
            case .pushClip, .pushClipPath, .pushGroup, .pushShadow: depth += 1
            case .popClip, .popGroup, .popShadow:
                depth -= 1
                if depth < 0 { return nil }
            case let .fill(box, color) where depth == 0 && color.alpha == 255:
                let boxes = Self.covered(by: box, pixelScale: pixelScale, width: width, height: height)
                // The larger box's pixels (the two overlap).
                if boxes.map({ ($0.x1 - $0.x0) * ($0.y1 - $0.y0) }).max() ?? 0 >= least {
                    covers.append((index, boxes))
                }
            default: break
            }
        }
        guard depth == 0, !covers.isEmpty else { return nil }
        self.covers = covers
        self.width = width
        self.height = height
    }

    /// The pixels `box`, filled at `pixelScale`, covers whole: the rectangle without its corners' radii across,
    /// then along, each cut to whole pixels inside it and to the canvas (empty boxes left out).
    static func covered(by box: RoundedBox, pixelScale s: Double, width: Int, height: Int) -> [Box] {
        let r = box.rect
        guard r.width > 0, r.height > 0 else { return [] }
        func inside(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Box? {
            func whole(_ value: Double, _ limit: Int) -> Int { Int(min(max(value, 0), Double(limit))) }
            let b = Box(
                x0: whole((x0 * s).rounded(.up), width), y0: whole((y0 * s).rounded(.up), height),
                x1: whole((x1 * s).rounded(.down), width), y1: whole((y1 * s).rounded(.down), height))
            return b.x0 < b.x1 && b.y0 < b.y1 ? b : nil
        }
        let across = inside(
            r.minX, r.minY + max(box.topLeft, box.topRight), r.maxX, r.maxY - max(box.bottomLeft, box.bottomRight))
        let along = inside(
            r.minX + max(box.topLeft, box.bottomLeft), r.minY, r.maxX - max(box.topRight, box.bottomRight), r.maxY)
        guard let across, let along, across != along else { return [across ?? along].compactMap { $0 } }
        return [across, along]
    }

    /// The canvas less `boxes`, as boxes that do not overlap: band by band between the rows where a box starts or
    /// ends, the gaps between the boxes crossing the band.
    func uncovered(_ boxes: [Box]) -> [Box] {
        let rows = Set([0, height] + boxes.flatMap { [$0.y0, $0.y1] }).sorted()
        var result: [Box] = []
        for (y0, y1) in zip(rows, rows.dropFirst()) {
            let crossing = boxes.filter { $0.y0 <= y0 && $0.y1 >= y1 }.sorted { $0.x0 < $1.x0 }
            var x = 0
            for b in crossing {
                if b.x0 > x { result.append(Box(x0: x, y0: y0, x1: b.x0, y1: y1)) }
                x = max(x, b.x1)
            }
            if x < width { result.append(Box(x0: x, y0: y0, x1: width, y1: y1)) }
        }
        return result
    }
}
