import Polycube

/// Where a piece touches something else: another piece or the floor (issue 25). Those borders
/// are drawn as contact lines, darker than the piece's own outline (`LookTable.contactSlot`), so
/// pieces that touch read as two things pressed together, a piece on the floor as standing on
/// it, and a piece lying behind the figure never melts into the pieces in front of it.
struct Contact {
    /// The cells of the pieces drawn where they lie, hints left out (they are a suggestion,
    /// not a thing that touches).
    let solid: CellGrid
    /// The floor's level, or nil without a floor.
    let floor: Int?

    init(model: SceneModel) {
        solid = CellGrid(model.pieces.filter { $0.displacement == .zero && !$0.marks.contains(.hint) }.flatMap(\.cells))
        floor = model.floor?.level
    }

    /// The borders (bits as in `CubeFace.edges`) of `face` of `cell`, a cube of a piece whose
    /// cells `own` answers, where it touches another piece (the neighbour across the border, or
    /// the one folded up against it, is another piece's) or the floor (the lower border of a
    /// side face on the floor).
    /// Inlined into the renderer's loop over faces, as `CubeFace.edges` is.
    @inline(__always)
    func edges(of cell: Cell, face: CubeFace, own: (Cell) -> Bool) -> UInt8 {
        var bits: UInt8 = 0
        let zero = Cell.origin
        func other(_ c: Cell) -> Bool { solid.contains(c) && !own(c) }
        func edge(_ bit: UInt8, _ t: Cell) {
            if other(cell + t) || other(cell + t + face.normal) || (t == Cell(0, 0, -1) && cell.z == floor) { bits |= bit }
        }
        edge(1, zero - face.b)
        edge(2, face.b)
        edge(4, zero - face.a)
        edge(8, face.a)
        return bits
    }
}
