import Records

/// The assist as the game names it (`Assist` is a record below the game, in `Records`).
extension Assist {
    /// How the top line names it: only help the player asked for is said (fits, the default,
    /// are the game's way of placing, not help that knows).
    var label: String? {
        switch self {
        case .off: "free steering"
        case .fits: nil
        case .solvable: "judging on"
        }
    }
}
