import Polycube

/// How the solver numbers a figure's cells: the bit each cell gets in a `CellMask`.
///
/// When the figure's bounding box has at most 128 cells, every box position gets a bit (the ones
/// outside the figure start out filled), numbered along the shortest axis first. Then a face
/// neighbour is a fixed bit distance away along each axis, so the search can find empty cells
/// walled in by filled ones with a few shifts of the whole mask instead of a walk over cells.
/// The scan along the shortest axis keeps the frontier of the "first empty cell" search short,
/// so dead ends show early (a 6x10 board is filled column by column of 6, not row by row of 10).
///
/// A figure whose box is larger falls back to numbering only its own cells, in the same order,
/// without the neighbour shifts.
struct CellLayout: Sendable {
    /// One step along an axis: `step` bits further, allowed from the cells in `canStepUp` (not on
    /// the box's upper face in that axis) and back from the cells in `canStepDown`.
    struct Direction: Sendable {
        var step: Int
        var canStepUp: CellMask
        var canStepDown: CellMask
    }

    /// The cell of each bit (box positions outside the figure included).
    let slots: [Cell]
    /// The bits of the figure's own cells.
    let figureMask: CellMask
    /// Neighbour steps for the box numbering; empty for the fallback numbering.
    let directions: [Direction]
    /// True for a box numbering at least 3 cells long along every axis.
    let isSolid: Bool
    /// Box numbering: the box's lowest corner, its size and each axis's bit stride (x, y, z).
    private let low: Cell
    private let size: Cell
    private let stride: Cell
    /// Fallback numbering: the bit of each cell.
    private let compactIndex: [Cell: Int]

    /// The bit of a figure cell, or nil for a cell outside the figure.
    @inline(__always)
    func index(of c: Cell) -> Int? {
        guard compactIndex.isEmpty else { return compactIndex[c] }
        let x = c.x - low.x, y = c.y - low.y, z = c.z - low.z
        guard x >= 0, y >= 0, z >= 0, x < size.x, y < size.y, z < size.z else { return nil }
        let i = x * stride.x + y * stride.y + z * stride.z
        return figureMask.contains(i) ? i : nil
    }

    init(_ cells: [Cell]) {
        func coordinate(_ c: Cell, _ axis: Int) -> Int { axis == 0 ? c.x : axis == 1 ? c.y : c.z }
        var lowest = cells[0], highest = cells[0]
        for c in cells {
            lowest = Cell(min(lowest.x, c.x), min(lowest.y, c.y), min(lowest.z, c.z))
            highest = Cell(max(highest.x, c.x), max(highest.y, c.y), max(highest.z, c.z))
        }
        let lows = [lowest.x, lowest.y, lowest.z]
        let sizes = [highest.x - lowest.x + 1, highest.y - lowest.y + 1, highest.z - lowest.z + 1]
        // Slowest-varying axis first: the largest extent; ties keep z, y, x.
        let order = [2, 1, 0].sorted { a, b in sizes[a] != sizes[b] ? sizes[a] > sizes[b] : a > b }
        let volume = sizes.reduce(1, *)
        guard volume <= CellMask.capacity else {
            slots = cells.sorted { a, b in
                for axis in order where coordinate(a, axis) != coordinate(b, axis) {
                    return coordinate(a, axis) < coordinate(b, axis)
                }
                return false
            }
            figureMask = CellMask.first(slots.count)
            directions = []
            isSolid = false
            low = .origin
            size = .origin
            stride = .origin
            var index: [Cell: Int] = [:]
            for (i, c) in slots.enumerated() { index[c] = i }
            compactIndex = index
            return
        }
        // Built with plain loops and no per-cell arrays or hashing: for a small figure this is a
        // fair part of setting the solver up (a 3x20 board: 131k instructions -> 40k).
        var strides = [0, 0, 0]
        strides[order[2]] = 1
        strides[order[1]] = sizes[order[2]]
        strides[order[0]] = sizes[order[2]] * sizes[order[1]]
        let low = Cell(lows[0], lows[1], lows[2])
        let stride = Cell(strides[0], strides[1], strides[2])
        func unit(_ axis: Int) -> Cell { Cell(axis == 0 ? 1 : 0, axis == 1 ? 1 : 0, axis == 2 ? 1 : 0) }
        let (u0, u1, u2) = (unit(order[0]), unit(order[1]), unit(order[2]))
        var slots: [Cell] = []
        slots.reserveCapacity(volume)
        for s in 0..<sizes[order[0]] {
            for m in 0..<sizes[order[1]] {
                for f in 0..<sizes[order[2]] {
                    slots.append(Cell(low.x + u0.x * s + u1.x * m + u2.x * f, low.y + u0.y * s + u1.y * m + u2.y * f,
                                      low.z + u0.z * s + u1.z * m + u2.z * f))
                }
            }
        }
        self.slots = slots
        self.low = low
        size = Cell(sizes[0], sizes[1], sizes[2])
        self.stride = stride
        compactIndex = [:]
        isSolid = sizes.allSatisfy { $0 >= 3 }
        var figureMask = CellMask.empty
        for c in cells { figureMask.insert((c.x - low.x) * stride.x + (c.y - low.y) * stride.y + (c.z - low.z) * stride.z) }
        self.figureMask = figureMask
        var directions: [Direction] = []
        var step = 1
        for axis in order.reversed() {
            let size = sizes[axis]
            defer { step *= size }
            guard size > 1 else { continue }
            var up = CellMask.empty, down = CellMask.empty
            for i in 0..<volume {
                let position = (i / step) % size
                if position < size - 1 { up.insert(i) }
                if position > 0 { down.insert(i) }
            }
            directions.append(Direction(step: step, canStepUp: up, canStepDown: down))
        }
        self.directions = directions
    }

    /// Calls `body` with every translation of `shape` (cells whose smallest coordinates are 0)
    /// that puts all its cells on bits of this numbering, and the mask of those bits. Cells of
    /// the box outside the figure are included: the caller rejects them with the rest of the
    /// filled cells.
    ///
    /// In a box numbering a translation is a shift of the whole mask, so each placement costs
    /// one shift instead of a lookup per cell: this is most of what setting up a small figure
    /// costs.
    func forEachTranslation(of shape: [Cell], _ body: (_ shift: Cell, _ mask: CellMask) -> Void) {
        guard let head = shape.first else { return }
        guard compactIndex.isEmpty else {
            for target in slots {
                let shift = target - head
                var mask = CellMask.empty
                for c in shape {
                    guard let i = compactIndex[c + shift] else { mask = .empty; break }
                    mask.insert(i)
                }
                if !mask.isEmpty { body(shift, mask) }
            }
            return
        }
        var extent = Cell(0, 0, 0)
        var base = CellMask.empty
        for c in shape {
            extent = Cell(max(extent.x, c.x + 1), max(extent.y, c.y + 1), max(extent.z, c.z + 1))
            guard c.x < size.x, c.y < size.y, c.z < size.z else { return }
            base.insert(c.x * stride.x + c.y * stride.y + c.z * stride.z)
        }
        for z in 0...(size.z - extent.z) {
            for y in 0...(size.y - extent.y) {
                for x in 0...(size.x - extent.x) {
                    let bits = x * stride.x + y * stride.y + z * stride.z
                    body(Cell(low.x + x, low.y + y, low.z + z), bits == 0 ? base : base << bits)
                }
            }
        }
    }
}
