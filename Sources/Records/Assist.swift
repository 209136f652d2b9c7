/// How much the game helps a piece in hand find its place (`assist` in config.toml, `--assist`,
/// and `j` in the game for judging):
///
/// - `off`: the piece is steered a lattice step at a time, as before;
/// - `fits` (the default): the piece snaps to the placements the geometry allows now (`Fits`),
///   drawn as a ghost; the keys and the pointer move the ghost from fit to fit and Space or a
///   release puts the piece there; a click on a plan cell puts it on a fit covering that cell.
///   Nothing here says whether a fit can still lead to a solution: that is the player's puzzle;
/// - `solvable`: help that knows, which the player asks for: as `fits`, with the fits that keep
///   the figure solvable first wherever fits are cycled, and a fit that leaves no way to finish
///   called a dead end. A solve that used it, or took a hint, is recorded under it (`Solved`),
///   ranked apart from the plain ones.
public enum Assist: String, CaseIterable, Sendable, Hashable, Codable {
    case off, fits, solvable

    /// Its place in `allCases`: from the least help to the most.
    public var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
