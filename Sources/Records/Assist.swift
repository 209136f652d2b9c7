/// How much the game helps a piece in hand find its place (`assist` in config.toml, `--assist`):
///
/// - `off`: the piece is steered a lattice step at a time, as before;
/// - `fits`: the piece snaps to the placements that fit the empty cells now (`Fits`), drawn as
///   a ghost; the keys and the pointer move the ghost from fit to fit and Space or a release
///   puts the piece there; a click on a plan cell puts it on a fit covering that cell;
/// - `solvable`: as `fits`, with the fits that keep the figure solvable first wherever fits are
///   cycled, and a fit that leaves no way to finish called a dead end when chosen.
public enum Assist: String, CaseIterable, Sendable, Hashable, Codable {
    case off, fits, solvable

    /// Its place in `allCases`: from the least help to the most.
    public var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
