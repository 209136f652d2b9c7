import Gestures
import Polycube

/// Lays pieces out on the floor around a footprint (the figure's or the board's), the way the
/// pentomino app spreads its tiles evenly around the board: each piece gets a point on an ellipse
/// around the footprint, at equal angles, and goes to the free spot nearest that point. A gap of
/// one cell is kept around the footprint and between pieces, so no two start touching and every
/// piece can be picked out by eye (and by a hit test on its own cells).
///
/// Works in the plane: shapes are given as their projections onto z = 0.
enum TrayLayout {
    /// Offsets (z = 0) for `shapes`, in order, around `footprint`. `startAngle` turns the ring.
    /// `flat` squeezes the ring's height to `lift` beyond the footprint's edge (2.5 leaves room
    /// for a tile three squares high and a gap) and changes its width by `widen` times the
    /// largest piece: a ring wider than tall suits a terminal, where more squares fit across
    /// than down (see `PentominoGame.trayOffsets`).
    static func arrange(_ shapes: [Shape], around footprint: [Cell], startAngle: Double = .pi / 2,
                        flat: Bool = false, widen: Double = 0, lift: Double = 2.5) -> [Cell] {
        let flatFootprint = footprint.map { Cell($0.x, $0.y, 0) }
        let xs = flatFootprint.map(\.x), ys = flatFootprint.map(\.y)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        let cx = Double(minX + maxX + 1) / 2, cy = Double(minY + maxY + 1) / 2
        let largest = shapes.map { max($0.size.x, $0.size.y) }.max() ?? 1
        var rx = Double(maxX - minX + 1) / 2 + Double(largest) / 2 + 2
        var ry = Double(maxY - minY + 1) / 2 + Double(largest) / 2 + 2
        if flat {
            ry = Double(maxY - minY + 1) / 2 + lift
            rx += Double(largest) * widen
        }
        var offsets: [Cell] = []
        let reach = Int(max(rx, ry)) + 3 * largest + 4
        // The cells kept free, on a grid over everything the search below can ask about (the
        // spots tried with the largest piece on them, the footprint's gap): a look-up is an
        // index, not a hash (issue 35: hashing was nine tenths of a login's start layout).
        var blocked = BlockedGrid(columns: min(minX - 1, Int(cx) - reach)...max(maxX + 1, Int(cx) + reach + largest),
                                  rows: min(minY - 1, Int(cy) - reach)...max(maxY + 1, Int(cy) + reach + largest))
        for c in flatFootprint { blocked.insertRing(around: c) }
        for (i, shape) in shapes.enumerated() {
            let angle = startAngle - 2 * .pi * Double(i) / Double(max(shapes.count, 1))
            let (s, c) = Trigonometry.sinCos(angle)
            let px = cx + rx * c, py = cy + ry * s
            // Worked out once per shape, not once per spot tried: the search below visits a few
            // hundred spots per piece (`size` walks every cell each time it is asked).
            let size = shape.size
            let halfX = Double(size.x) / 2, halfY = Double(size.y) / 2
            let flatCells = shape.cells.map { Cell($0.x, $0.y, 0) }
            var best: (score: Double, offset: Cell)?
            let left = Int(cx) - reach, right = Int(cx) + reach, top = Int(cy) - reach, bottom = Int(cy) + reach
            func fits(_ x: Int, _ y: Int) -> Bool { !flatCells.contains(where: { blocked.contains(x: $0.x + x, y: $0.y + y) }) }
            func score(x: Int, y: Int) -> Double {
                let dx = Double(x) + halfX - px, dy = Double(y) + halfY - py
                return dx * dx + dy * dy
            }
            // The spots tried are those that can score at most `bound`, in the same order as
            // when every spot of the square was tried, so the same spot wins (the first of the
            // best score). The bound starts at the score of the spot nearest the point when the
            // piece fits there (most pieces do), else at infinity, and falls to each better
            // spot's score: a row is tried only where dx * dx <= bound - dy * dy. Trying every
            // spot was 260,000 instructions of a login's start-up (issue 35).
            var bound = Double.infinity
            let nearX = Int((px - halfX).rounded()), nearY = Int((py - halfY).rounded())
            if (left...right).contains(nearX), (top...bottom).contains(nearY), fits(nearX, nearY) {
                bound = score(x: nearX, y: nearY)
            }
            for y in top...bottom {
                let dy = Double(y) + halfY - py
                var first = left, last = right
                if bound < .infinity {
                    let room = bound - dy * dy
                    guard room >= 0 else { continue }
                    let reachX = room.squareRoot()
                    first = max(left, Int((px - halfX - reachX).rounded(.down)))
                    last = min(right, Int((px - halfX + reachX).rounded(.up)))
                    guard first <= last else { continue }
                }
                for x in first...last {
                    let dx = Double(x) + halfX - px
                    let score = dx * dx + dy * dy
                    if let b = best, b.score <= score { continue }
                    if score > bound || !fits(x, y) { continue }
                    best = (score, Cell(x, y, 0))
                    bound = score
                }
            }
            let o = best?.offset ?? Cell(maxX + 2 + 6 * i, minY, 0)
            offsets.append(o)
            for c in flatCells { blocked.insertRing(around: c + o) }
        }
        return offsets
    }
}

/// The cells of one layer kept free while pieces are laid out, on a grid over the columns and
/// rows the layout can ask about; cells outside it are never asked about, and are not kept.
private struct BlockedGrid {
    let columns: ClosedRange<Int>
    let rows: ClosedRange<Int>
    private var cells: [Bool]

    init(columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: false, count: columns.count * rows.count)
    }

    func contains(x: Int, y: Int) -> Bool {
        guard columns.contains(x), rows.contains(y) else { return false }
        return cells[(y - rows.lowerBound) * columns.count + (x - columns.lowerBound)]
    }

    /// Keeps `cell` and its eight neighbours (`Cell.ring`) free.
    mutating func insertRing(around cell: Cell) {
        for y in (cell.y - 1)...(cell.y + 1) where rows.contains(y) {
            for x in (cell.x - 1)...(cell.x + 1) where columns.contains(x) {
                cells[(y - rows.lowerBound) * columns.count + (x - columns.lowerBound)] = true
            }
        }
    }
}

extension Cell {
    /// The cell and its eight neighbours in the same layer: what a one-cell gap keeps free.
    var ring: [Cell] {
        var r: [Cell] = []
        for dy in -1...1 { for dx in -1...1 { r.append(Cell(x + dx, y + dy, z)) } }
        return r
    }
}
