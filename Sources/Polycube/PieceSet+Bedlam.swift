extension PieceSet {
    /// The thirteen pieces of the Bedlam cube (Bruce Bedlam, 2004): twelve pentacubes and one
    /// tetracube, 64 cubes that fill a 4x4x4 cube. They have no traditional names, so they are
    /// lettered A to M here; D is the tetracube, F, J and M are the flat X, F and W pentominoes.
    /// Pieces may only be rotated: several are chiral and the set has no mirror partners for them,
    /// so its solutions are counted up to the 24 rotations of the cube (19186 distinct).
    public static let bedlam = PieceSet(
        name: "bedlam",
        pieces: bedlamCells.enumerated().map { i, cells in
            let letter = Character(UnicodeScalar(UInt8(ascii: "A") + UInt8(i)))
            return Piece(name: String(letter), letter: letter,
                         shape: Shape(cells.map { Cell($0.0, $0.1, $0.2) }))
        },
        orientationGroup: Isometry.rotations,
        isFlat: false)

    /// The cubes of each Bedlam piece as (x, y, z) triples.
    static let bedlamCells: [[(Int, Int, Int)]] = [
        [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 1, 0), (1, 1, 1)],
        [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 0), (0, 1, 1)],
        [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 1), (0, 0, 1)],
        [(0, 0, 0), (0, 1, 0), (0, 1, 1), (1, 1, 1)],
        [(0, 0, 0), (0, 1, 0), (0, 2, 0), (0, 0, 1), (1, 0, 0)],
        [(0, 1, 0), (1, 0, 0), (1, 1, 0), (1, 2, 0), (2, 1, 0)],
        [(0, 0, 0), (0, 1, 0), (0, 1, 1), (1, 1, 1), (1, 2, 1)],
        [(0, 0, 0), (0, 1, 0), (0, 1, 1), (0, 2, 1), (1, 1, 1)],
        [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 1, 0), (0, 1, 1)],
        [(0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
        [(0, 0, 0), (0, 1, 0), (1, 0, 0), (0, 1, 1), (0, 2, 1)],
        [(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 0), (0, 2, 1)],
        [(0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 1, 0), (2, 0, 0)],
    ]
}
