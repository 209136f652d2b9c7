/// What a screen (the Soma game, the pentomino game, the designer) asks of the midend after an
/// event, and what the midend passes on to the loop: the things a pure value cannot do itself.
/// One type from the screen to the loop: the midend handles the cases that are its own (help,
/// menu, hall of fame, solves, the next figure) and the host carries out the rest (quit, saves,
/// background work, the bell) whatever is being played.
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
    /// The figure was just completed: record it in `Progress` (and tell the screen
    /// `.solveRecorded`).
    case solved(figure: String, Solved)
    /// Play the next figure of the menu the player has not solved (Enter after a solve).
    case playNext
    /// The work changed: save now, so a dropped connection loses nothing.
    case autosave
    /// Count the solutions in the background and hand the result back; a newer request
    /// supersedes (and may cancel) this one.
    case countSolutions(SolutionCountRequest)
    /// Write a figure file and report the outcome back.
    case write(DesignFile)
    /// Let others watch this game (`ssh HOST watch NAME` on a `soma serve` server), or stop
    /// letting them: the host keeps the permission and says it on the bottom line.
    case toggleWatching
}
