/// A signal the app loop reacts to. Handlers only raise a flag (see `CNcurses/terminal_state.c`); the loop
/// polls the flags between reads, where it is safe to save, restore the terminal and exit.
public enum TerminalSignal: Hashable, Sendable, CaseIterable {
    /// SIGINT (from `kill`; Ctrl-C itself arrives as a key in raw mode).
    case interrupt
    case terminate
    /// SIGHUP: the terminal or SSH connection is gone.
    case hangUp
    case quit
    /// SIGTSTP from outside (Ctrl-Z itself arrives as a key in raw mode).
    case stop
    /// SIGCONT: resumed after being stopped; modes must be sent again and the screen redrawn.
    case `continue`

    /// Whether the signal ends the program.
    var terminates: Bool {
        switch self {
        case .interrupt, .terminate, .hangUp, .quit: true
        case .stop, .continue: false
        }
    }
}
