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
    /// Tell the host the program runs under (`soma serve`) `text`, as `ESC ] 5379 ; TEXT BEL`
    /// on the terminal (`HostNote`); a terminal ignores it.
    case tellHost(String)
    /// Paint the whole screen again at the next frame (someone began watching it).
    case repaint
}
