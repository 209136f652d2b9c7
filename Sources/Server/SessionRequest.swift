import NIOSSH

/// One SSH channel request a session is sent (RFC 4254 §6), as a value, and what the session
/// does with it: decided from the request and the session's state alone (`decide`), so every
/// request in every state is unit-tested (`SessionRequestTests`), and `GameSession` only
/// carries the decision out: the reply, then the action.
///
/// The rules, in order:
/// - Nothing starts twice, nor on a connection being closed (a limit, the server's shutdown):
///   a second `shell`, `exec` or `pty-req` after a start is refused, and so is a start while
///   closing.
/// - A connection let in past `--max-sessions` is let in only to be told the server is full:
///   whatever it asks to start, the answer is that line and exit 1.
/// - `shell` needs a terminal (`pty-req` first): without one the client is told to use `ssh -t`.
/// - `exec` runs what the executable allows (`ServeConfiguration.execArguments`), counted
///   against the command limits first (`admitted`); a refused command line says why, exit 2.
/// - `env` and `subsystem` (sftp...) are refused; `window-change` never has a reply (RFC 4254
///   §6.7); signals and flow control are passed on, unanswered (none of them wants a reply).
enum SessionRequest: Equatable, Sendable {
    /// `pty-req`: the client's terminal type and size in characters.
    case terminal(term: String, columns: Int, rows: Int)
    /// `window-change`: the new size in characters.
    case windowChange(columns: Int, rows: Int)
    case shell
    /// `exec`, its command line as the executable reads it.
    case exec(ExecDecision)
    /// `env`: no variable of the client's reaches the game.
    case environment
    /// `subsystem`: there is none (no sftp, no file transfer).
    case subsystem
    /// `signal`, `xon-xoff`: nothing the session acts on.
    case unanswered

    /// The request an event carries and whether the client wants a reply; nil for an event that
    /// is no channel request. `exec` reads an `exec` request's command line.
    static func read(_ event: Any, exec: (String) -> ExecDecision) -> (request: SessionRequest, wantReply: Bool)? {
        let request: SessionRequest
        let wantReply: Bool
        switch event {
        case let pty as SSHChannelRequestEvent.PseudoTerminalRequest:
            request = .terminal(term: pty.term, columns: pty.terminalCharacterWidth, rows: pty.terminalRowHeight)
            wantReply = pty.wantReply
        case let change as SSHChannelRequestEvent.WindowChangeRequest:
            request = .windowChange(columns: change.terminalCharacterWidth, rows: change.terminalRowHeight)
            wantReply = change.wantReply
        case let shell as SSHChannelRequestEvent.ShellRequest:
            request = .shell
            wantReply = shell.wantReply
        case let command as SSHChannelRequestEvent.ExecRequest:
            request = .exec(exec(command.command))
            wantReply = command.wantReply
        case let variable as SSHChannelRequestEvent.EnvironmentRequest:
            request = .environment
            wantReply = variable.wantReply
        case let subsystem as SSHChannelRequestEvent.SubsystemRequest:
            request = .subsystem
            wantReply = subsystem.wantReply
        case let signal as SSHChannelRequestEvent.SignalRequest:
            request = .unanswered
            wantReply = signal.wantReply
        case let flow as SSHChannelRequestEvent.LocalFlowControlRequest:
            request = .unanswered
            wantReply = flow.wantReply
        default:
            return nil
        }
        return (request, wantReply)
    }

    /// What the decision reads of the session.
    struct State: Equatable, Sendable {
        /// A game, command or watch started, or the session ended at once: nothing starts again.
        var started = false
        /// `pty-req` was accepted: the game has a terminal to draw on.
        var hasTerminal = false
        /// A child runs on the session's pseudo-terminal (a window change resizes it).
        var hasChild = false
        /// The connection is being closed (a limit, the server's shutdown).
        var isClosing = false
        /// The connection came past `--max-sessions`: it is let in only to be told so.
        var isOverflow = false
        /// The terminal's size so far (`pty-req`, then each `window-change`).
        var size = TerminalSize.standard
        /// `--max-sessions`, which the full server's line names.
        var maxSessions: Int
    }

    /// What the session does: its reply to the request, then its action.
    struct Decision: Equatable, Sendable {
        /// The reply (none when the client wants none). A start's success is sent once the
        /// child runs or could not start (it then says so and ends); a command's once the
        /// limits have answered (`admitted`), which is a success either way.
        enum Reply: Equatable, Sendable { case none, success, failure }

        enum Action: Equatable, Sendable {
            case nothing
            /// Keep `term` (cleaned, `GameSession.clean(term:)`) and `size` for the child.
            case useTerminal(term: String, size: TerminalSize)
            /// Keep `size`; `child`: resize the child's terminal too.
            case resize(TerminalSize, child: Bool)
            /// Run the game (`ServeConfiguration.gameArguments`).
            case startGame
            /// Ask the command limits (`ServerState.startCommand`), then decide with `admitted`.
            case admitCommand([String])
            /// Run a command that the limits let in.
            case startCommand([String])
            /// Watch the game of the player of this name (`SessionWatcher`).
            case watch(String)
            /// Say one line (`asError`: on stderr) and close with `status`, running nothing.
            case endAtOnce(line: String, status: Int, asError: Bool)
            /// Not the session's: on down the pipeline.
            case passOn
        }

        var reply: Reply
        var action: Action

        /// The same action, the reply dropped unless `wanted`.
        func replying(if wanted: Bool) -> Decision {
            wanted ? self : Decision(reply: .none, action: action)
        }
    }

    /// What a session in `state` does with this request.
    func decide(wantReply: Bool, in state: State) -> Decision {
        decide(in: state).replying(if: wantReply)
    }

    private func decide(in state: State) -> Decision {
        let refused = Decision(reply: .failure, action: .nothing)
        let full = Decision(reply: .success, action: .endAtOnce(line: Admission.Refusal.serverFull(state.maxSessions).message,
                                                               status: 1, asError: true))
        let startsNothingNew = state.started || state.isClosing
        switch self {
        case .terminal(let term, let columns, let rows):
            guard !state.started else { return refused }
            return Decision(reply: .success, action: .useTerminal(term: GameSession.clean(term: term),
                                                                  size: state.size.changed(columns: columns, rows: rows)))
        case .windowChange(let columns, let rows):
            return Decision(reply: .none, action: .resize(state.size.changed(columns: columns, rows: rows),
                                                          child: state.hasChild && state.hasTerminal))
        case .shell:
            if startsNothingNew { return refused }
            guard state.hasTerminal else {
                return Decision(reply: .success, action: .endAtOnce(line: GameSession.noTerminalLine, status: 1, asError: false))
            }
            return state.isOverflow ? full : Decision(reply: .success, action: .startGame)
        case .exec(let command):
            if startsNothingNew { return refused }
            switch command {
            case .refuse(let why):
                return Decision(reply: .success, action: .endAtOnce(line: "soma: \(why)", status: 2, asError: true))
            case .run(let arguments):
                return state.isOverflow ? full : Decision(reply: .success, action: .admitCommand(arguments))
            case .watch(let name):
                return state.isOverflow ? full : Decision(reply: .success, action: .watch(name))
            }
        case .environment, .subsystem:
            return refused
        case .unanswered:
            return Decision(reply: .none, action: .passOn)
        }
    }

    /// After `admitCommand`: the command runs, or the limits' `refusal` is said (exit 1).
    static func admitted(_ arguments: [String], refusal: String?, wantReply: Bool) -> Decision {
        let decision = refusal.map { Decision(reply: .success, action: .endAtOnce(line: $0, status: 1, asError: true)) }
            ?? Decision(reply: .success, action: .startCommand(arguments))
        return decision.replying(if: wantReply)
    }
}
