import NIOCore
import NIOSSH
import Testing
@testable import Server

/// What a session does with each SSH channel request (`SessionRequest`), in every state the
/// decision reads: the reply (success, failure, none) and the action, exactly.
@Suite struct SessionRequestTests {
    typealias Decision = SessionRequest.Decision

    /// A fresh session on a server of 8 places: nothing started, no terminal yet.
    static let fresh = SessionRequest.State(maxSessions: 8)
    static let withTerminal = SessionRequest.State(hasTerminal: true, maxSessions: 8)
    static let full = Decision(reply: .success, action: .endAtOnce(
        line: "soma: the server is full (8 players); please try again later", status: 1, asError: true))
    static let refused = Decision(reply: .failure, action: .nothing)

    /// Every request kind the session is sent, with each answer of the executable to `exec`.
    static let requests: [SessionRequest] = [
        .terminal(term: "xterm", columns: 100, rows: 30), .windowChange(columns: 90, rows: 20), .shell,
        .exec(.run(["figures"])), .exec(.refuse("no such command")), .exec(.watch("ann")),
        .environment, .subsystem, .unanswered,
    ]

    /// All 32 states of the five flags the decision reads.
    static let states: [SessionRequest.State] = (0..<32).map { bits in
        SessionRequest.State(started: bits & 1 != 0, hasTerminal: bits & 2 != 0, hasChild: bits & 4 != 0,
                             isClosing: bits & 8 != 0, isOverflow: bits & 16 != 0, maxSessions: 8)
    }

    @Test("each NIOSSH event is read as its request with its want-reply; exec's command line goes to the executable's reader; other events are none")
    func readingEvents() {
        struct Read: Equatable {
            var request: SessionRequest
            var wantReply: Bool
            init(_ request: SessionRequest, _ wantReply: Bool) {
                self.request = request
                self.wantReply = wantReply
            }
        }
        var asked: [String] = []
        func read(_ event: Any) -> Read? {
            SessionRequest.read(event) { command in
                asked.append(command)
                return .refuse("not here")
            }.map { Read($0.request, $0.wantReply) }
        }
        let pty = SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: false, term: "vt100", terminalCharacterWidth: 132, terminalRowHeight: 43,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:]))
        #expect(read(pty) == Read(.terminal(term: "vt100", columns: 132, rows: 43), false))
        let change = SSHChannelRequestEvent.WindowChangeRequest(terminalCharacterWidth: 81, terminalRowHeight: 25,
                                                                terminalPixelWidth: 0, terminalPixelHeight: 0)
        #expect(read(change) == Read(.windowChange(columns: 81, rows: 25), false))
        #expect(read(SSHChannelRequestEvent.ShellRequest(wantReply: true)) == Read(.shell, true))
        #expect(read(SSHChannelRequestEvent.ExecRequest(command: "rm -rf /", wantReply: true)) == Read(.exec(.refuse("not here")), true))
        #expect(asked == ["rm -rf /"])
        #expect(read(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LD_PRELOAD", value: "x")) == Read(.environment, true))
        #expect(read(SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: false)) == Read(.subsystem, false))
        #expect(read(SSHChannelRequestEvent.SignalRequest(signal: "INT")) == Read(.unanswered, false))
        #expect(read(SSHChannelRequestEvent.LocalFlowControlRequest(clientCanDo: true)) == Read(.unanswered, false))
        #expect(read(ChannelSuccessEvent()) == nil)
        #expect(read("pty-req") == nil)
        #expect(asked == ["rm -rf /"])
    }

    @Test("a fresh session with a terminal: each request's reply and action")
    func freshWithTerminal() {
        let state = Self.withTerminal
        #expect(SessionRequest.terminal(term: "screen-256color", columns: 100, rows: 30).decide(wantReply: true, in: state)
                == Decision(reply: .success, action: .useTerminal(term: "screen-256color", size: TerminalSize(columns: 100, rows: 30))))
        #expect(SessionRequest.windowChange(columns: 90, rows: 20).decide(wantReply: false, in: state)
                == Decision(reply: .none, action: .resize(TerminalSize(columns: 90, rows: 20), child: false)))
        #expect(SessionRequest.shell.decide(wantReply: true, in: state) == Decision(reply: .success, action: .startGame))
        #expect(SessionRequest.exec(.run(["show", "cube"])).decide(wantReply: true, in: state)
                == Decision(reply: .success, action: .admitCommand(["show", "cube"])))
        #expect(SessionRequest.exec(.refuse("no such command: ls")).decide(wantReply: true, in: state)
                == Decision(reply: .success, action: .endAtOnce(line: "soma: no such command: ls", status: 2, asError: true)))
        #expect(SessionRequest.exec(.watch("Ann")).decide(wantReply: true, in: state) == Decision(reply: .success, action: .watch("Ann")))
        #expect(SessionRequest.environment.decide(wantReply: true, in: state) == Self.refused)
        #expect(SessionRequest.subsystem.decide(wantReply: true, in: state) == Self.refused)
        #expect(SessionRequest.unanswered.decide(wantReply: false, in: state) == Decision(reply: .none, action: .passOn))
    }

    @Test("a shell with no terminal is told to use ssh -t on stdout, exit 1; a command or a watch needs none")
    func noTerminal() {
        #expect(SessionRequest.shell.decide(wantReply: true, in: Self.fresh)
                == Decision(reply: .success, action: .endAtOnce(line: GameSession.noTerminalLine, status: 1, asError: false)))
        #expect(SessionRequest.exec(.run(["figures"])).decide(wantReply: true, in: Self.fresh)
                == Decision(reply: .success, action: .admitCommand(["figures"])))
        #expect(SessionRequest.exec(.watch("bo")).decide(wantReply: true, in: Self.fresh) == Decision(reply: .success, action: .watch("bo")))
    }

    @Test("pty-req: the type cleaned, the size kept within bounds (0 keeps the last, past 500x200 is cut); refused once started, not while closing")
    func terminalRequest() {
        var state = Self.fresh
        state.size = TerminalSize(columns: 120, rows: 40)
        #expect(SessionRequest.terminal(term: "xterm;rm -rf /", columns: 0, rows: 100000).decide(wantReply: true, in: state)
                == Decision(reply: .success, action: .useTerminal(term: "xterm-256color", size: TerminalSize(columns: 120, rows: 200))))
        #expect(SessionRequest.terminal(term: "", columns: 10000, rows: 0).decide(wantReply: true, in: state)
                == Decision(reply: .success, action: .useTerminal(term: "xterm-256color", size: TerminalSize(columns: 500, rows: 40))))
        state.isClosing = true
        #expect(SessionRequest.terminal(term: "vt220", columns: 80, rows: 24).decide(wantReply: true, in: state)
                == Decision(reply: .success, action: .useTerminal(term: "vt220", size: .standard)))
        state.started = true
        #expect(SessionRequest.terminal(term: "vt220", columns: 80, rows: 24).decide(wantReply: true, in: state) == Self.refused)
    }

    @Test("window-change: never replied; the child's terminal resized only when there is a child on a terminal", arguments: SessionRequestTests.states)
    func windowChange(state: SessionRequest.State) {
        let decision = SessionRequest.windowChange(columns: 0, rows: 999).decide(wantReply: true, in: state)
        #expect(decision == Decision(reply: .none, action: .resize(TerminalSize(columns: 80, rows: 200),
                                                                   child: state.hasChild && state.hasTerminal)))
    }

    @Test("once started, or while the connection closes, nothing starts: shell and every exec refused, running nothing", arguments: SessionRequestTests.states)
    func nothingStartsTwice(state: SessionRequest.State) {
        for request: SessionRequest in [.shell, .exec(.run(["figures"])), .exec(.refuse("no")), .exec(.watch("ann"))] {
            let decision = request.decide(wantReply: true, in: state)
            if state.started || state.isClosing {
                #expect(decision == Self.refused, "\(request)")
            } else {
                #expect(decision != Self.refused, "\(request)")
            }
        }
    }

    @Test("past --max-sessions: a game, a command or a watch is told the server is full, exit 1; a refused command line still says its own reason")
    func overflow() {
        var state = Self.withTerminal
        state.isOverflow = true
        #expect(SessionRequest.shell.decide(wantReply: true, in: state) == Self.full)
        #expect(SessionRequest.exec(.run(["figures"])).decide(wantReply: true, in: state) == Self.full)
        #expect(SessionRequest.exec(.watch("ann")).decide(wantReply: true, in: state) == Self.full)
        #expect(SessionRequest.exec(.refuse("no such command")).decide(wantReply: true, in: state)
                == Decision(reply: .success, action: .endAtOnce(line: "soma: no such command", status: 2, asError: true)))
        state.hasTerminal = false
        #expect(SessionRequest.shell.decide(wantReply: true, in: state)
                == Decision(reply: .success, action: .endAtOnce(line: GameSession.noTerminalLine, status: 1, asError: false)))
        // pty-req, env and subsystem are not starts: as for any session.
        #expect(SessionRequest.terminal(term: "xterm", columns: 80, rows: 24).decide(wantReply: true, in: state).reply == .success)
        #expect(SessionRequest.environment.decide(wantReply: true, in: state) == Self.refused)
    }

    @Test("env and subsystem are refused in every state; signals and flow control are passed on unanswered", arguments: SessionRequestTests.states)
    func refusedAndUnanswered(state: SessionRequest.State) {
        #expect(SessionRequest.environment.decide(wantReply: true, in: state) == Self.refused)
        #expect(SessionRequest.subsystem.decide(wantReply: true, in: state) == Self.refused)
        #expect(SessionRequest.unanswered.decide(wantReply: true, in: state) == Decision(reply: .none, action: .passOn))
    }

    @Test("a client that wants no reply gets none, the action unchanged: every request in every state", arguments: SessionRequestTests.states)
    func noReplyUnlessWanted(state: SessionRequest.State) {
        for request in Self.requests {
            let wanted = request.decide(wantReply: true, in: state)
            #expect(request.decide(wantReply: false, in: state) == Decision(reply: .none, action: wanted.action), "\(request)")
        }
    }

    @Test("a command the limits let in runs; one they refuse says their line on stderr, exit 1; the reply a success either way")
    func admission() {
        #expect(SessionRequest.admitted(["solve", "cube"], refusal: nil, wantReply: true)
                == Decision(reply: .success, action: .startCommand(["solve", "cube"])))
        let line = "soma: 2 commands of yours are running already; please wait for one to finish"
        #expect(SessionRequest.admitted(["solve", "cube"], refusal: line, wantReply: true)
                == Decision(reply: .success, action: .endAtOnce(line: line, status: 1, asError: true)))
        #expect(SessionRequest.admitted(["figures"], refusal: nil, wantReply: false) == Decision(reply: .none, action: .startCommand(["figures"])))
    }
}
