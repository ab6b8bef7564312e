import TextureLayout

/// Which element names a picture writes (`texture-layout render --labels`).
public enum LabelMode: String, CaseIterable, Sendable {
    /// No names: the picture shows only the layout (and its text).
    case none
    /// The names of display nodes (text elements included) and of zero-size elements: what a screen shows.
    case nodes
    /// Also the names of layout specs, at the bottom right inside their outlines: how a screen is built. The
    /// default, as documents name specs to see them.
    case all

    /// What `render` writes when not told otherwise.
    public static let `default` = LabelMode.all

    /// Whether an item's name is written in this mode.
    func includes(_ item: LayoutPicture.Item) -> Bool {
        switch self {
        case .none: false
        case .nodes: item.isNode
        case .all: true
        }
    }
}

/// Where labels go, on a grid of cells (a picture's squares of about a point, or an ASCII picture's characters):
/// each cell is owned by the element drawn last over it (elements with the same frame drawn one after another
/// share ownership), so that a label on cells its element owns is inside it and on no other element; cells of
/// text, marks and placed labels are blocked. The rules are those of ``LayoutPicture/labels(mode:font:)``.
struct LabelGrid {
    /// A cell's owner: an item's area (the index of the first item of its group), or one of these.
    static let nobody: Int32 = -1
    static let blocked: Int32 = -2

    let columns: Int
    let rows: Int
    private(set) var owners: [Int32]
    /// How many cells each group owns (by group index), so that a label larger than its whole area is dismissed
    /// without a search.
    private var owned: [Int]
    /// How many cell checks placement may still make: bounds the work for pictures of many thousands of elements
    /// (the rest of their labels are left out).
    private var budget = 1_000_000

    /// A grid whose cells are owned by the items' areas, given in drawing order as cell rectangles
    /// (`c0..<c1`, `r0..<r1`, clamped here) with the group each belongs to, and with `blocks` (cells of text)
    /// over everything.
    init(
        columns: Int, rows: Int, areas: [(group: Int32, c0: Int, r0: Int, c1: Int, r1: Int)],
        blocks: [(c0: Int, r0: Int, c1: Int, r1: Int)]
    ) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        owners = [Int32](repeating: LabelGrid.nobody, count: self.columns * self.rows)
        // The painter's algorithm backwards: each cell takes the last area drawn over it, so every cell is written
        // once. Per row, `next[c]` leads to the first unpainted cell at or after `c` (path-halving union-find), and
        // `nextRow` skips rows already full: nested areas cost their rows, not their cells.
        let width = self.columns, height = self.rows
        var next = [Int32](repeating: 0, count: (width + 1) * height)
        for r in 0..<height { for c in 0...width { next[r * (width + 1) + c] = Int32(c) } }
        var nextRow = [Int32](0...Int32(height))
        var left = [Int](repeating: width, count: height)
        func find(_ array: inout [Int32], _ base: Int, _ start: Int) -> Int {
            var x = start
            while Int(array[base + x]) != x {
                let parent = Int(array[base + x])
                array[base + x] = array[base + parent]
                x = parent
            }
            return x
        }
        let painted: [(group: Int32, c0: Int, r0: Int, c1: Int, r1: Int)] =
            blocks.map { (LabelGrid.blocked, $0.c0, $0.r0, $0.c1, $0.r1) } + areas.reversed()
        owned = [Int](repeating: 0, count: Int(areas.map(\.group).max() ?? 0) + 1)
        var previous: (group: Int32, c0: Int, r0: Int, c1: Int, r1: Int)?
        for (group, c0, r0, c1, r1) in painted {
            let c0 = max(c0, 0), c1 = min(c1, width), r0 = max(r0, 0), r1 = min(r1, height)
            guard c0 < c1, r0 < r1 else { continue }
            // A chain of elements with one frame (a deep nesting) paints its cells once.
            if let previous, previous == (group, c0, r0, c1, r1) { continue }
            previous = (group, c0, r0, c1, r1)
            var r = find(&nextRow, 0, r0)
            while r < r1 {
                let base = r * (width + 1)
                var c = find(&next, base, c0)
                while c < c1 {
                    owners[r * width + c] = group
                    if group >= 0 { owned[Int(group)] += 1 }
                    next[base + c] = Int32(c + 1)
                    left[r] -= 1
                    c = find(&next, base, c + 1)
                }
                if left[r] == 0 { nextRow[r] = Int32(r + 1) }
                r = find(&nextRow, 0, r + 1)
            }
        }
    }

    /// Whether every cell of the block is owned by `group` (by anyone but ``blocked`` when `group` is `nil`) and
    /// on the grid; if not, a column holding a cell that is not: the block's columns are checked whole, from the
    /// right (or from the left when `leftFirst`), so that the caller can skip every block containing that column
    /// (scanning rightwards, the rightmost bad column skips furthest; leftwards, the leftmost).
    private mutating func isFree(
        c: Int, r: Int, width: Int, height: Int, group: Int32?,
        leftFirst: Bool
    ) -> (Bool, badColumn: Int) {
        guard c >= 0, r >= 0, c + width <= columns, r + height <= rows else { return (false, c) }
        for step in 0..<width {
            let column = leftFirst ? c + step : c + width - 1 - step
            var row = r
            while row < r + height {
                budget -= 1
                let owner = owners[row * columns + column]
                if let group, owner != group { return (false, column) }
                if group == nil, owner == LabelGrid.blocked { return (false, column) }
                row += 1
            }
        }
        return (true, c)
    }

    /// The first block of `width` × `height` cells owned by `group` (see ``isFree``) within `c0..<c1`,
    /// `r0..<r1`, scanning rows from the top (or from the bottom) and columns from the left (or the right); `nil`
    /// if there is none or the budget is spent.
    mutating func firstFree(
        group: Int32?, width: Int, height: Int, c0: Int, r0: Int, c1: Int, r1: Int,
        fromBottomRight: Bool
    ) -> (c: Int, r: Int)? {
        let c0 = max(c0, 0), r0 = max(r0, 0), c1 = min(c1, columns), r1 = min(r1, rows)
        guard width > 0, height > 0, c1 - c0 >= width, r1 - r0 >= height,
            group.map({ owns($0, atLeast: width * height) }) ?? true
        else { return nil }
        for step in 0...(r1 - height - r0) {
            let r = fromBottomRight ? r1 - height - step : r0 + step
            if fromBottomRight {
                var c = c1 - width
                while c >= c0 {
                    guard budget > 0 else { return nil }
                    let (free, bad) = isFree(
                        c: c, r: r, width: width, height: height, group: group,
                        leftFirst: true)
                    if free { return (c, r) }
                    // Every block that starts after `bad − width` contains the bad column.
                    c = min(c - 1, bad - width)
                }
            } else {
                var c = c0
                while c + width <= c1 {
                    guard budget > 0 else { return nil }
                    let (free, bad) = isFree(
                        c: c, r: r, width: width, height: height, group: group,
                        leftFirst: false)
                    if free { return (c, r) }
                    c = max(c + 1, bad + 1)
                }
            }
        }
        return nil
    }

    /// Whether `group` owns at least `count` cells (labels placed in its area count as still owned).
    func owns(_ group: Int32, atLeast count: Int) -> Bool {
        group >= 0 && Int(group) < owned.count && owned[Int(group)] >= count
    }

    /// The owner of a cell (``nobody`` off the grid).
    func owner(c: Int, r: Int) -> Int32 {
        guard c >= 0, r >= 0, c < columns, r < rows else { return LabelGrid.nobody }
        return owners[r * columns + c]
    }

    /// Marks cells as taken, so that no later label covers them.
    mutating func block(c0: Int, r0: Int, c1: Int, r1: Int) {
        for r in max(r0, 0)..<min(r1, rows) {
            for c in max(c0, 0)..<min(c1, columns) { owners[r * columns + c] = LabelGrid.blocked }
        }
    }

    /// The groups of `items`: consecutive items (in drawing order) with the same frame share the first one's
    /// index; `-1` for an item without area.
    static func groups(of items: [LayoutPicture.Item]) -> [Int32] {
        var groups: [Int32] = []
        groups.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if item.isZeroSize {
                groups.append(nobody)
            } else if index > 0, !items[index - 1].isZeroSize, items[index - 1].frame == item.frame {
                groups.append(groups[index - 1])
            } else {
                groups.append(Int32(index))
            }
        }
        return groups
    }

    /// The order labels are placed in: named nodes, then named specs (as `mode` allows), then zero-size elements,
    /// each in drawing order.
    static func placementOrder(of items: [LayoutPicture.Item], mode: LabelMode) -> [Int] {
        let named = items.indices.filter { items[$0].name.map { !$0.isEmpty } ?? false && mode.includes(items[$0]) }
        return named.filter { items[$0].isNode && !items[$0].isZeroSize }
            + named.filter { !items[$0].isNode && !items[$0].isZeroSize }
            + named.filter { items[$0].isZeroSize }
    }
}
