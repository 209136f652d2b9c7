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
    /// The event changed nothing on screen: the loop need not make the picture again for it.
    /// A frame is the whole scene rendered again (a million instructions and more), and the
    /// terminal's answer to the background query, which nearly always picks the theme already
    /// shown, came right after every login's first frame (issue 35).
    case unchanged
}

extension ProgramEffect {
    /// Whether this is `.unchanged`.
    var isUnchanged: Bool {
        if case .unchanged = self { return true }
        return false
    }
}
