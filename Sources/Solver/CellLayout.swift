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
    /// Fallback numbering: the bit of each cell, as a table over the figure's box (`low`,
    /// `size`, `stride` describe that box; -1 for a position outside the figure) when the box
    /// has at most `compactTableLimit` positions, else in `compactIndex`. A hashed look-up cost
    /// about 300 instructions, and a figure of parts set apart makes a few thousand (issue 37).
    private let isCompact: Bool
    private let compactTable: [Int16]
    private let compactIndex: [Cell: Int]
    private static let compactTableLimit = 1 << 16

    /// The bit of a figure cell, or nil for a cell outside the figure.
    @inline(__always)
    func index(of c: Cell) -> Int? {
        let x = c.x &- low.x, y = c.y &- low.y, z = c.z &- low.z
        guard !isCompact else {
            guard !compactTable.isEmpty else { return hashedIndex(of: c) }
            guard x >= 0, y >= 0, z >= 0, x < size.x, y < size.y, z < size.z else { return nil }
            let slot = compactTable[x &* stride.x &+ y &* stride.y &+ z &* stride.z]
            return slot >= 0 ? Int(slot) : nil
        }
        guard x >= 0, y >= 0, z >= 0, x < size.x, y < size.y, z < size.z else { return nil }
        let i = x * stride.x + y * stride.y + z * stride.z
        return figureMask.contains(i) ? i : nil
    }

    /// The bit of `c` in a fallback numbering too spread out for a table.
    @inline(never)
    private func hashedIndex(of c: Cell) -> Int? { compactIndex[c] }

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
            isCompact = true
            low = lowest
            size = Cell(sizes[0], sizes[1], sizes[2])
            stride = Cell(1, sizes[0], sizes[0] * sizes[1])
            if volume <= CellLayout.compactTableLimit {
                var table = [Int16](repeating: -1, count: volume)
                for (i, c) in slots.enumerated() {
                    table[(c.x - lowest.x) + (c.y - lowest.y) * sizes[0] + (c.z - lowest.z) * sizes[0] * sizes[1]] = Int16(i)
                }
                compactTable = table
                compactIndex = [:]
            } else {
                var index: [Cell: Int] = [:]
                for (i, c) in slots.enumerated() { index[c] = i }
                compactTable = []
                compactIndex = index
            }
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
        isCompact = false
        compactTable = []
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

    /// Calls `body` with the mask of every translation of `shape` (cells whose smallest
    /// coordinates are 0) that lies inside `free`, in no particular order.
    ///
    /// In a box numbering the translations that fit are found all at once, with a shift of
    /// `free` per cell of the shape: bit `t` of `free >> offset(c)` is set when the shape moved
    /// by `t` has its cell `c` on a free bit, and masks of the positions from which the shape
    /// does not leave the box along an axis (`canStepUp`, shifted once per step) drop the moves
    /// that would wrap into the next row. A figure's options were a shift and a test per
    /// position of the box per orientation, a fifth of setting up a Soma figure (issue 37).
    func forEachPlacement(of shape: [Cell], inside free: CellMask, _ body: (_ mask: CellMask) -> Void) {
        guard !isCompact else {
            forEachTranslation(of: shape) { _, mask in if (mask & ~free).isEmpty { body(mask) } }
            return
        }
        guard !shape.isEmpty else { return }
        var extent = Cell(0, 0, 0)
        var base = CellMask.empty
        var fits = CellMask.full
        for c in shape {
            extent = Cell(max(extent.x, c.x + 1), max(extent.y, c.y + 1), max(extent.z, c.z + 1))
            guard c.x < size.x, c.y < size.y, c.z < size.z else { return }
            let offset = c.x * stride.x + c.y * stride.y + c.z * stride.z
            base.insert(offset)
            fits = fits & (offset == 0 ? free : free >> offset)
        }
        /// Keeps the moves from which `length` cells along the axis of `step` stay in the box.
        func keep(_ length: Int, _ step: Int) {
            guard length > 1 else { return }
            // The axis has room for the shape, so it has more than one position and a direction.
            guard let up = directions.first(where: { $0.step == step })?.canStepUp else { fits = .empty; return }
            for j in 0..<(length - 1) { fits = fits & (j == 0 ? up : up >> (j * step)) }
        }
        keep(extent.x, stride.x)
        keep(extent.y, stride.y)
        keep(extent.z, stride.z)
        fits.forEachIndex { t in body(t == 0 ? base : base << t) }
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
        guard !isCompact else {
            for target in slots {
                let shift = target - head
                var mask = CellMask.empty
                for c in shape {
                    guard let i = index(of: c + shift) else { mask = .empty; break }
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
