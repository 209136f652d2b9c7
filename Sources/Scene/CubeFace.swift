import Polycube

/// The geometry of the six faces of a unit cube, in the order of `Face` (+x, -x, +y, -y, +z, -z),
/// each as a corner and two edge vectors spanning the face, in lattice units from the cube's
/// minimum corner.
struct CubeFace: Sendable {
    let normal: Cell
    let corner: Cell
    let a: Cell
    let b: Cell

    static let all: [CubeFace] = [
        CubeFace(normal: Cell(1, 0, 0), corner: Cell(1, 0, 0), a: Cell(0, 1, 0), b: Cell(0, 0, 1)),
        CubeFace(normal: Cell(-1, 0, 0), corner: Cell(0, 0, 0), a: Cell(0, 1, 0), b: Cell(0, 0, 1)),
        CubeFace(normal: Cell(0, 1, 0), corner: Cell(0, 1, 0), a: Cell(1, 0, 0), b: Cell(0, 0, 1)),
        CubeFace(normal: Cell(0, -1, 0), corner: Cell(0, 0, 0), a: Cell(1, 0, 0), b: Cell(0, 0, 1)),
        CubeFace(normal: Cell(0, 0, 1), corner: Cell(0, 0, 1), a: Cell(1, 0, 0), b: Cell(0, 1, 0)),
        CubeFace(normal: Cell(0, 0, -1), corner: Cell(0, 0, 0), a: Cell(1, 0, 0), b: Cell(0, 1, 0)),
    ]

    /// Which of the face's four edges are drawn, for a face of `cell` in a body of cells (a
    /// piece, or the ghost figure). Where the surface carries straight on across an edge within
    /// the same body (the neighbour in the face's plane belongs to the body and its face is not
    /// covered) the edge is a `seam` between two cubes of one body: drawn fainter than the
    /// outline, so the cubes can be counted while the piece still reads as one piece; the
    /// creases and the borders with anything else are outline.
    ///
    /// `wide` marks the drawn edges whose face on the other side is turned away from the camera
    /// (`visible` says which normals face it): there this face is alone to draw the line, so it
    /// draws it twice as wide as on an edge two visible faces share.
    /// Bits: 0 = edge at b = 0, 1 = at b = 1, 2 = at a = 0, 3 = at a = 1; `seam` is a subset of
    /// `mask`.
    ///
    /// Inlined into the renderer's loop over faces, so that `body` and `visible` are its own
    /// closures called directly: called through a closure context each, 88 faces of a first
    /// frame took 67,000 instructions (issue 35).
    @inline(__always)
    func edges(of cell: Cell, in body: (Cell) -> Bool, visible: (Cell) -> Bool) -> Rasterizer.Edges {
        var mask: UInt8 = 0, wide: UInt8 = 0, seam: UInt8 = 0
        let zero = Cell.origin
        // The edge with bit `bit` lies toward `t` (one of -b, b, -a, a) from the face's middle.
        func edge(_ bit: UInt8, _ t: Cell) {
            let across = body(cell + t)
            let folded = body(cell + t + normal)
            mask |= bit
            if across && !folded { seam |= bit; return }
            // Convex edge: the cube's own face with normal t; concave: the folded cube's, -t.
            if !visible(folded ? zero - t : t) { wide |= bit }
        }
        // Four calls rather than a loop over an array: this runs for every face of every frame.
        edge(1, zero - b)
        edge(2, b)
        edge(4, zero - a)
        edge(8, a)
        return Rasterizer.Edges(mask: mask, wide: wide, seam: seam)
    }
}
