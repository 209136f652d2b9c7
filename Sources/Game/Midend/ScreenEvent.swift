/// What the midend tells a game screen, Elm style: one `update` for every kind of event, as
/// Bubble Tea's `Model.Update` takes every message. The screen answers with `GameEffect`s.
/// `Position` is the screen's (`GameScreen.Position`): what undo and redo bring back.
public enum ScreenEvent<Position: Hashable & Sendable>: Hashable, Sendable {
    /// The screen is being shown for the first time (the designer counts an opened complete
    /// figure). Sent once, after the first `resize`.
    case start
    /// A key the midend did not keep for itself (a common key, `CommonKeys`, or a key for a
    /// child screen open over the game); every key while the screen `takesEveryKey`.
    case key(GameKey)
    /// The common reset key (`CommonCommand.reset`): everything back to the start, one move.
    case reset
    /// The terminal's size (at start and on every resize).
    case resize(width: Int, height: Int)
    /// The result of background work the screen asked for with an effect.
    case answer(ScreenAnswer)
    /// The time the screen asked for with `GameEffect.wake(at:)` has come.
    case tick
    /// Undo (`GameEffect.undo`) took the last move back: show this position, the one before it,
    /// and say what moved ("Undone: V moved back"). With nothing to undo the screen hears
    /// nothing: the midend says so itself.
    case undone(Position)
    /// Redo did the move taken back again: show this position.
    case redone(Position)
}

/// What background work hands back to a screen.
public enum ScreenAnswer: Hashable, Sendable {
    case hint(HintResult)
    case count(SolutionCountResult)
    case wrote(DesignFileOutcome)
    /// The name prompt (`GameEffect.askName`) closed: the name Enter took, or nil for Esc.
    case named(String?, DesignFile.Format)
    /// A figure the menu asked to be made (the midend takes it: it plays it).
    case made(MadeFigure)
    /// The hall of fame read (`GameEffect.readFame`): the midend hands it to the open screen.
    case fame(FameRead)
    /// The name chosen (`GameEffect.chooseName`) and the tables read again with it.
    case fameNamed(NameChoice, FameRead)
    /// The player's display name, read for watching (`GameEffect.toggleWatching`): the host's.
    case ownName(String?)
}
