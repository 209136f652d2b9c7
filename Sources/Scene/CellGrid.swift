import Polycube

/// A set of lattice cells kept as one flag per cell of their bounding box. The renderer asks
/// "is this cell taken?" a few hundred times a frame (which faces touch, which are buried, where
/// the shadows fall), and hashing cells cost more than an indexed flag.
///
/// Cells spread far apart would make a huge box; beyond `maxVolume` cells the grid keeps a plain
/// `Set` instead, so the answer never depends on the layout.
struct CellGrid {
    static let maxVolume = 1 << 14

    private var lo = Cell.origin
    private var size = (x: 0, y: 0, z: 0)
    private var flags: [Bool] = []
    private var spread: Set<Cell>?

    init(_ cells: [Cell]) {
        guard !cells.isEmpty else { return }
        let box = Bounds(cells)
        let low = box.lo, high = box.hi
        let (x, y, z) = (high.x - low.x + 1, high.y - low.y + 1, high.z - low.z + 1)
        guard x <= CellGrid.maxVolume, y <= CellGrid.maxVolume, z <= CellGrid.maxVolume,
              x * y * z <= CellGrid.maxVolume else {
            spread = Set(cells)
            return
        }
        lo = low
        size = (x, y, z)
        flags = Array(repeating: false, count: x * y * z)
        for c in cells { flags[index(c)!] = true }
    }

    /// The flag index of `c`, nil outside the box.
    @inline(__always)
    private func index(_ c: Cell) -> Int? {
        let x = c.x &- lo.x, y = c.y &- lo.y, z = c.z &- lo.z
        guard x >= 0, y >= 0, z >= 0, x < size.x, y < size.y, z < size.z else { return nil }
        return (z * size.y + y) * size.x + x
    }

    @inline(__always)
    func contains(_ c: Cell) -> Bool {
        if let spread { return spread.contains(c) }
        guard let i = index(c) else { return false }
        return flags[i]
    }
}
