import Polycube

/// A game's `FitOptions`, worked out the first time they are asked for: a game that is only
/// looked at (a login's first frame, a resumed position) never sets up the solver. Always equal
/// to another: the options are the figure's, and the game compares its figures.
struct LazyFitOptions: Equatable, Sendable {
    private var options: FitOptions?

    /// The options of `figure` (the game's own, always the same one).
    mutating func value(for figure: Figure) -> FitOptions {
        if let options { return options }
        let made = FitOptions(figure: figure)
        options = made
        return made
    }

    static func == (a: LazyFitOptions, b: LazyFitOptions) -> Bool { true }
}
