/// What a screen (the Soma game, the pentomino game, the designer) asks of the midend after an
/// event, and what the midend passes on to the loop: the things a pure value cannot do itself.
/// One type from the screen to the loop: the midend handles the cases that are its own (help,
/// menu, hall of fame, the move list, ticks asked for) and the host carries out the rest
/// (quit, saves, background work, the bell) whatever is being played.
public enum GameEffect: Hashable, Sendable {
    /// Leave the screen (the host saves first).
    case quit
    /// Ring the terminal bell: the key has no use here.
    case bell
    /// Show the help: the screen's keys as bound (`ScreenFacts.help`).
    case openHelp
    /// Show the figure (or board) menu.
    case openMenu
    /// Show the hall of fame of the figure being played; `naming`: with the prompt for the
    /// player's display name open.
    case openHallOfFame(naming: Bool)
    /// Run `request.run()` off the input path and hand the result back as a hint answer.
    case computeHint(HintRequest)
    /// Send the screen a `.tick` at time `at` (or soon after), as Bubble Tea's `tea.Tick`: the
    /// next tile of a solution being shown. A later `wake` replaces an earlier one.
    case wake(at: Double)
    /// Ask for a name (the designer's save and export): the midend opens the name prompt as a
    /// child screen, and hands the screen `ScreenAnswer.named` when it closes. `replacing`: the
    /// name whose file Enter replaces; `problem`: what to say above the field as it opens.
    case askName(NamePrompt, replacing: String?, problem: String?)
    /// The event made a move: the position before it (`GameScreen.position`) is a step of the
    /// midend's move list, which undo goes back to. A screen says it where a step begins; the
    /// steps of one drag or stroke say it once, so they are undone at once.
    case moved
    /// Take back the last move (the midend answers with `ScreenEvent.undone`).
    case undo
    /// Do the move taken back again (the midend answers with `ScreenEvent.redone`).
    case redo
    /// Forget every move (a new attempt after a solve: undo never goes back into the solve).
    case forgetMoves
    /// The work changed: save now, so a dropped connection loses nothing.
    case autosave
    /// Count the solutions in the background and hand the result back; a newer request
    /// supersedes (and may cancel) this one.
    case countSolutions(SolutionCountRequest)
    /// Write a figure file and report the outcome back.
    case write(DesignFile)
    /// Make a figure off the input path (the menu's "Today's figure", "A new figure") and
    /// hand it back as `ScreenAnswer.made`.
    case makeFigure(FigureRequest)
    /// Read the hall of fame of `figure` (every assist's tables, the player's name) off the
    /// input path and hand it back as `ScreenAnswer.fame`: the store may take seconds.
    case readFame(figure: String)
    /// Keep `name` as the player's display name, then read `figure`'s tables again, off the
    /// input path; the answer is `ScreenAnswer.fameNamed`.
    case chooseName(String, figure: String)
    /// Let others watch this game (`ssh HOST watch NAME` on a `soma serve` server), or stop
    /// letting them: the host keeps the permission and says it on the bottom line.
    case toggleWatching
}
