import Records

/// The assist as the game names it (`Assist` is a record below the game, in `Records`).
extension Assist {
    /// How the status line names it.
    var label: String {
        switch self {
        case .off: "free steering"
        case .fits: "assist: fits"
        case .solvable: "assist: solvable"
        }
    }
}
