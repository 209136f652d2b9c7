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
        var blocked = Set<Cell>()
        for c in flatFootprint { blocked.formUnion(c.ring) }
        var offsets: [Cell] = []
        let reach = Int(max(rx, ry)) + 3 * largest + 4
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
            for y in (Int(cy) - reach)...(Int(cy) + reach) {
                for x in (Int(cx) - reach)...(Int(cx) + reach) {
                    let dx = Double(x) + halfX - px
                    let dy = Double(y) + halfY - py
                    let score = dx * dx + dy * dy
                    if let b = best, b.score <= score { continue }
                    let o = Cell(x, y, 0)
                    if flatCells.contains(where: { blocked.contains($0 + o) }) { continue }
                    best = (score, o)
                }
            }
            let o = best?.offset ?? Cell(maxX + 2 + 6 * i, minY, 0)
            offsets.append(o)
            for c in flatCells { blocked.formUnion((c + o).ring) }
        }
        return offsets
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
