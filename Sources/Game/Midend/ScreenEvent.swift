/// What the midend tells a game screen, Elm style: one `update` for every kind of event, as
/// Bubble Tea's `Model.Update` takes every message. The screen answers with `GameEffect`s.
public enum ScreenEvent: Hashable, Sendable {
    /// The screen is being shown for the first time (the designer counts an opened complete
    /// figure). Sent once, after the first `resize`.
    case start
    /// A key the midend did not keep for itself (or for a child screen open over the game).
    case key(GameKey)
    /// The terminal's size (at start and on every resize).
    case resize(width: Int, height: Int)
    /// The result of background work the screen asked for with an effect.
    case answer(ScreenAnswer)
    /// The time the screen asked for with `nextTick(after:)` has come.
    case tick
    /// Something is open over the screen (true: help, the figure menu, the hall of fame) or was
    /// closed again (false): the play clock stands still meanwhile.
    case paused(Bool)
    /// The midend recorded the solve the screen reported (`GameEffect.solved`): whether it is
    /// a new best, and which figure Enter would open (`GameEffect.playNext`).
    case solveRecorded(SolveNews)
}

/// What background work hands back to a screen.
public enum ScreenAnswer: Hashable, Sendable {
    case hint(HintResult)
    case count(SolutionCountResult)
    case wrote(DesignFileOutcome)
    /// A figure the menu asked to be made (the midend takes it: it plays it).
    case made(MadeFigure)
}
