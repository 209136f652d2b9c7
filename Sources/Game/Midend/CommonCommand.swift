/// A command every screen offers the same way, bound once (`CommonKeys`) and carried out by the
/// midend, as `midend.c` keeps the standard keys for all of Simon Tatham's puzzles: the screens'
/// key maps keep only their own keys.
public enum CommonCommand: Hashable, Sendable {
    /// The help overlay (a child screen).
    case help
    /// Leave the program (the loop saves first).
    case quit
    /// Take the last move back, or do it again (the midend's move list).
    case undo, redo
    /// The figure menu (a child screen).
    case menu
    /// The hall of fame of what is played (`naming`: with the name prompt open).
    case fame(naming: Bool)
    /// Everything back to the start for a new attempt: the screen does it (`ScreenEvent.reset`),
    /// as one undoable move.
    case reset
}
