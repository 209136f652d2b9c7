/// What a pentomino sitting asks of the terminal loop after handling input: the things a pure
/// value cannot do itself. The pentomino counterpart of `SessionEffect`, with the one request
/// the Soma game has no use for (a whole solution to play back).
public enum PentominoEffect: Hashable, Sendable {
    /// Leave the game (the loop saves progress first).
    case quit
    /// Show the board menu.
    case openMenu
    /// Run `request.run()` off the input path and hand the result back with
    /// `PentominoSession.hintArrived(_:now:)`.
    case computeHint(HintRequest)
    /// Run `request.run()` off the input path and hand the result back with
    /// `PentominoSession.solutionArrived(_:now:)`.
    case findSolution(PentominoSolutionRequest)
    /// The board was just completed by the player: record it in `Progress`.
    case solved(board: String, Solved)
}
