/// What a play session asks of the terminal loop after handling input: the things a pure value
/// cannot do itself.
public enum SessionEffect: Hashable, Sendable {
    /// Leave the game (the loop saves progress first).
    case quit
    /// Show the figure (or board) menu.
    case openMenu
    /// Run `request.run()` off the input path and hand the result back with
    /// `SomaSession.apply(.hintArrived(result), now:)`.
    case computeHint(HintRequest)
    /// The figure was just completed: record it in `Progress`.
    case solved(figure: String, Solved)
}
