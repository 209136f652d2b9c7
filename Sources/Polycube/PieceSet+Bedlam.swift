extension PieceSet {
    /// The thirteen pieces of the Bedlam cube (Bruce Bedlam): twelve pentacubes and one
    /// tetracube, 64 cubes that fill a 4x4x4 cube, lettered A to M. They are defined by the
    /// catalog's piece-set file `Resources/Pieces/bedlam.pieces` (see there for the letters), so
    /// the file format users write their own sets in is the one the built-in set is read from.
    public static var bedlam: PieceSet { bedlamFromCatalog }
}
