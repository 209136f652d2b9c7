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
        let lows = (0..<3).map { a in cells.map { coordinate($0, a) }.min()! }
        let sizes = (0..<3).map { a in cells.map { coordinate($0, a) }.max()! - lows[a] + 1 }
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
        var slots: [Cell] = []
        for s in 0..<sizes[order[0]] {
            for m in 0..<sizes[order[1]] {
                for f in 0..<sizes[order[2]] {
                    var v = [0, 0, 0]
                    v[order[0]] = lows[order[0]] + s
                    v[order[1]] = lows[order[1]] + m
                    v[order[2]] = lows[order[2]] + f
                    slots.append(Cell(v[0], v[1], v[2]))
                }
            }
        }
        self.slots = slots
        low = Cell(lows[0], lows[1], lows[2])
        size = Cell(sizes[0], sizes[1], sizes[2])
        var strides = [0, 0, 0]
        strides[order[2]] = 1
        strides[order[1]] = sizes[order[2]]
        strides[order[0]] = sizes[order[2]] * sizes[order[1]]
        stride = Cell(strides[0], strides[1], strides[2])
        compactIndex = [:]
        isSolid = sizes.allSatisfy { $0 >= 3 }
        let members = Set(cells)
        figureMask = CellMask(indices: slots.indices.filter { members.contains(slots[$0]) })
        var directions: [Direction] = []
        var step = 1
        for axis in order.reversed() {
            let size = sizes[axis]
            defer { step *= size }
            guard size > 1 else { continue }
            let position = { (i: Int) in (i / step) % size }
            directions.append(Direction(
                step: step,
                canStepUp: CellMask(indices: slots.indices.filter { position($0) < size - 1 }),
                canStepDown: CellMask(indices: slots.indices.filter { position($0) > 0 })))
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
