/// The ids of what a picture draws like a piece but is no piece of the game: the game's own
/// pieces (Soma pieces, pentomino tiles, the designer's cubes) are numbered from 0 in
/// `ScenePiece.id` and come back from hit testing as `HitID.piece(piece:cube:face:)`; these
/// sit below 0, so no piece set or design, however large, can collide with them, and a screen
/// that maps a hit to a piece takes only `0..<count`.
public enum SceneObjectID: Int, CaseIterable, Sendable {
    /// Cubes fixed in the figure before play, drawn grey (a figure's pre-placed pieces; the
    /// figure's uncovered cells in `FigurePicture`).
    case fixedCubes = -1
    /// The hint's suggested placement, drawn as a quiet ghost.
    case hint = -2
    /// The assist's chosen fit: where Space or a release puts the selected piece.
    case fit = -3
    /// The designer's drawing cursor, on an empty cell.
    case cursor = -4

    /// The piece id it is drawn and hit-tested with.
    public var id: Int { rawValue }
}
