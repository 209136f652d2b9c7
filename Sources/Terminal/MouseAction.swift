/// What happened with the mouse.
public enum MouseAction: Hashable, Sendable {
    case press, drag, release
    /// Motion with no button held (only in mode 1003, which soma turns on only while a program
    /// asks: `TerminalProgram.tracksPointerMotion`).
    case move
    case wheelUp, wheelDown, wheelLeft, wheelRight
}
