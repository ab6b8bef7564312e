// Times a layout of each cell: the cell's layout is invalidated, so each pass calls layoutSpecThatFits again (the
// DSL or Texture's classes build the spec tree anew) and lays the tree out; the text nodes keep their shaped text.
// Rounds alternate between the two cells; the minimum and median per layout of each are printed.

import Cells
import Dispatch
import TextureLayoutCompat

let range = ASSizeRangeMake(CGSize(width: 375, height: 0), CGSize(width: 375, height: CGFloat.infinity))
let cells: [(String, PostParts)] = [("DSL", DSLPostCell()), ("plain", PlainPostCell())]
var times: [String: [Double]] = [:]
let iterations = 2_000
for _ in 0..<10 {
    for (name, cell) in cells {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations {
            cell.invalidateCalculatedLayout()
            _ = cell.layoutThatFits(range)
        }
        let perLayout = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations) / 1000
        times[name, default: []].append(perLayout)
    }
}
for (name, _) in cells {
    let sorted = times[name]!.sorted()
    print("\(name) cell: min \(sorted[0]) us, median \(sorted[sorted.count / 2]) us per layout",
          "(10 rounds of \(iterations))")
}
