/// What a screen (the Soma game, the pentomino game, the designer) asks of whoever hosts it after
/// an event: the things a pure value cannot do itself. One type for every screen, so a host (the
/// terminal, `soma serve`) carries out the same list whatever is being played.
public enum GameEffect: Hashable, Sendable {
    /// Leave the screen (the host saves first).
    case quit
    /// Show the figure (or board) menu.
    case openMenu
    /// Show the hall of fame of the figure being played; `naming`: with the prompt for the
    /// player's display name open.
    case openHallOfFame(naming: Bool)
    /// Run `request.run()` off the input path and hand the result back as a hint answer.
    case computeHint(HintRequest)
    /// The figure was just completed: record it in `Progress` (and tell the screen
    /// `solveRecorded`).
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
}
