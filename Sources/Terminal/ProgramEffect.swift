/// What a program asks the loop to do.
public enum ProgramEffect<Message: Sendable>: Sendable {
    /// Save (through the loop's save hook) and exit.
    case quit
    /// Save progress now (through the loop's save hook).
    case save
    /// Run `work` off the input thread and deliver its result as `.message`, so long solver
    /// searches never freeze the screen.
    case perform(@Sendable () -> Message)
    /// Ring the terminal bell.
    case bell
    /// Give the terminal back to the shell (Ctrl-Z): the loop stops the process until it is
    /// continued, then redraws.
    case suspend
}
