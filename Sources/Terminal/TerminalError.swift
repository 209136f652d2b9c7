/// Why the terminal front end cannot start, with a message a user can act on. The executable
/// prints `message` on one line to stderr and exits with status 2.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Standard input or output is a pipe or file, not a terminal.
    case notATerminal
    /// `TERM` is unset, or names a terminal the terminfo database does not know.
    case unknownTerminal(String)
    /// The terminal cannot position the cursor (`TERM=dumb`, an editor's shell buffer).
    case dumbTerminal(String)

    public var message: String {
        switch self {
        case .notATerminal:
            "soma: play needs a terminal: standard input and output must not be redirected (use `soma solve` in scripts)"
        case .unknownTerminal(let term) where term.isEmpty:
            "soma: TERM is not set; set it to your terminal's type, e.g. TERM=xterm-256color"
        case .unknownTerminal(let term):
            "soma: unknown terminal type \"\(term)\" (TERM); install its terminfo entry or use e.g. TERM=xterm-256color"
        case .dumbTerminal(let term):
            "soma: terminal type \"\(term)\" cannot move the cursor; play needs a full-screen terminal (e.g. TERM=xterm-256color)"
        }
    }

    public var description: String { message }
}
