import Polycube

/// The smallest box around a set of cells.
struct Bounds {
    var lo: Cell
    var hi: Cell

    init(_ cells: [Cell]) {
        lo = cells.first ?? .origin
        hi = lo
        for c in cells {
            lo = Cell(min(lo.x, c.x), min(lo.y, c.y), min(lo.z, c.z))
            hi = Cell(max(hi.x, c.x), max(hi.y, c.y), max(hi.z, c.z))
        }
    }
}
