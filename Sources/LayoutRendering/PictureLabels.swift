import LayoutDocument
import TextureLayoutPaint
import TextureLayout

/// What label placement needs to know of the font labels are written in: swapping the font changes nothing else.
package protocol LabelFont {
    /// The advance width of `text` on one line, in points.
    func width(of text: String) -> Double
    /// Points from the top of a line to its baseline.
    var ascent: Double { get }
    /// Points from the baseline to the bottom of a line.
    var descent: Double { get }
}

/// A label placed on a picture (see ``LayoutPicture/labels(mode:font:)`` for the rules), in points.
package struct PlacedLabel: Sendable {
    /// The index of the named item in ``LayoutPicture/items``.
    package var item: Int
    /// The item's name, as written.
    package var text: String
    /// The box of the text's line: its advance width, ascent plus descent tall; inside the item's frame (for a
    /// zero-size item, beside its mark) and inside the canvas.
    package var box: Rect
    /// The y of the text's baseline.
    package var baseline: Double
    /// The colour of the text: dark or light, whichever contrasts more with what is drawn behind it.
    package var color: RGBA
}

extension LayoutPicture {
    /// The labels of this picture's named items that `mode` asks for and that fit, written in `font`.
    ///
    /// Every label sits inside its own element, on a part of it that no element drawn later covers, so that it is
    /// never read as a child's; elements with the same frame drawn one after another share that part. So labels
    /// of different elements cannot collide, and those sharing a part (or lying near text) are kept apart: each
    /// placed label and each line of text blocks its cells, with a free cell (a point) all round. A label that
    /// finds no free place is left out. Nodes are placed before specs (a node names what is shown): a node's label
    /// goes as near its top-left corner as it can, a spec's as near its bottom-right corner, a zero-size element's
    /// beside its mark (over anything but text and labels). Each label is dark or light, whichever contrasts more
    /// (WCAG 2) with the fill behind it.
    package func labels(mode: LabelMode, font: some LabelFont) -> [PlacedLabel] {
        let order = LabelGrid.placementOrder(of: items, mode: mode)
        guard !order.isEmpty else { return [] }
        // Cells of one point (coarser on huge canvases, so that the grid stays about a million cells at most).
        let cell = max(1, max(size.width, size.height) / 1024)
        func cells(_ frame: Rect) -> (c0: Int, r0: Int, c1: Int, r1: Int) {
            (
                Int(saturating: frame.minX / cell, .down), Int(saturating: frame.minY / cell, .down),
                Int(saturating: frame.maxX / cell, .up), Int(saturating: frame.maxY / cell, .up)
            )
        }
        let groups = LabelGrid.groups(of: items)
        var areas: [(group: Int32, c0: Int, r0: Int, c1: Int, r1: Int)] = []
        for (index, item) in items.enumerated() where groups[index] >= 0 {
            let (c0, r0, c1, r1) = cells(item.frame)
            areas.append((groups[index], c0, r0, c1, r1))
        }
        var grid = LabelGrid(
            columns: Int(saturating: size.width / cell, .up),
            rows: Int(saturating: size.height / cell, .up), areas: areas,
            blocks: lineBoxes.map(cells))
        let height = font.ascent + font.descent
        var placed: [PlacedLabel] = []
        for index in order {
            let item = items[index]
            guard let text = item.name else { continue }
            // The text's cells plus one free cell all round, so that it keeps clear of edges and other labels.
            let h = Int(saturating: height / cell, .up) + 2
            // Not even a label's height of cells: not worth measuring (deep nestings have thousands of these).
            if !item.isZeroSize && !grid.owns(groups[index], atLeast: h * 3) { continue }
            let width = font.width(of: text)
            let w = Int(saturating: width / cell, .up) + 2
            let spot: (c: Int, r: Int)?
            if item.isZeroSize {
                // Beside the mark's centre, right or else left, over anything but text and labels.
                let f = item.frame
                let cx = (f.minX + f.width / 2) / cell, cy = (f.minY + f.height / 2) / cell
                let r = Int(saturating: cy - Double(h) / 2), right = Int(saturating: cx + 4 / cell)
                let left = Int(saturating: cx - 4 / cell) - w
                spot =
                    grid.firstFree(
                        group: nil, width: w, height: h, c0: right, r0: r, c1: right + w, r1: r + h,
                        fromBottomRight: false)
                    ?? grid.firstFree(
                        group: nil, width: w, height: h, c0: left, r0: r, c1: left + w, r1: r + h,
                        fromBottomRight: false)
            } else {
                let (c0, r0, c1, r1) = cells(item.frame)
                spot = grid.firstFree(
                    group: groups[index], width: w, height: h, c0: c0, r0: r0, c1: c1, r1: r1,
                    fromBottomRight: !item.isNode)
            }
            guard let spot else { continue }
            grid.block(c0: spot.c + 1, r0: spot.r + 1, c1: spot.c + w - 1, r1: spot.r + h - 1)
            // Nodes' text starts after the free cell; specs' ends before it (right-aligned in the block).
            let x = item.isNode || item.isZeroSize ? Double(spot.c + 1) * cell : Double(spot.c + w - 1) * cell - width
            let box = Rect(x: x, y: Double(spot.r + 1) * cell, width: width, height: height)
            let backdrop = item.fill.map { $0.over(Palette.background) } ?? backdrop(at: box, below: index)
            placed.append(
                PlacedLabel(
                    item: index, text: text, box: box, baseline: box.minY + font.ascent,
                    color: Palette.labelColor(on: backdrop, isNode: item.isNode)))
        }
        return placed
    }

    /// The colour drawn behind `box`: the fill of the last node before `index` in drawing order that contains the
    /// box's centre (looking back a bounded number of items), over the canvas.
    func backdrop(at box: Rect, below index: Int) -> RGBA {
        let x = box.minX + box.width / 2, y = box.minY + box.height / 2
        var color = Palette.background
        var candidate = min(index, items.count) - 1
        var looked = 0
        while candidate >= 0 && looked < 10_000 {
            let item = items[candidate]
            let f = item.frame
            if let fill = item.fill, fill.alpha > 0, x >= f.minX, x < f.maxX, y >= f.minY, y < f.maxY {
                color = fill.over(Palette.background)
                break
            }
            candidate -= 1
            looked += 1
        }
        return color
    }
}
