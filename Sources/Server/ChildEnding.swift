/// What a player is told when their game or command ends by something other than their own
/// hand: killed, crashed, or stopped by one of the server's limits. A game that dies cannot
/// give the terminal back, so the server does it (`terminalReset`) before the line, and the
/// player's terminal is not left in the alternate screen with mouse reporting on.
enum ChildEnding: Equatable {
    /// The server stopped a command for using all its CPU time (`RLIMIT_CPU`: SIGXCPU, then SIGKILL).
    case cpuLimit(TimeSpan)
    /// The server stopped a command whose output passed this many bytes.
    case outputLimit(Int)
    /// The server stopped a command that ran this long (`--command-time`), whatever its CPU.
    case timeLimit(TimeSpan)
    /// The server stopped a command whose output the client had not read for this long.
    case unread(TimeSpan)
    /// The child died of this signal, not sent by the server.
    case signal(Int32)

    /// Leaves what a full-screen program turns on, in the order that is safe on any terminal:
    /// mouse reporting (every mode ncurses or soma uses) and bracketed paste off, the keypad's
    /// application mode off, attributes reset, the cursor shown, the alternate screen left.
    static let terminalReset = "\u{1b}[?1000l\u{1b}[?1002l\u{1b}[?1003l\u{1b}[?1006l\u{1b}[?1015l\u{1b}[?2004l"
        + "\u{1b}[?1l\u{1b}>\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l"

    /// How the child's exit `status` (a shell's: 128 + signal) reads, given what the server did:
    /// nil for an ordinary exit (a status the program chose, or a hang-up the server sent).
    /// `stopped`: the server stopped it for one of its limits, said as such whatever the status.
    static func of(status: Int32, hungUp: Bool, stoppedForOutput: Int? = nil, stopped: ChildEnding? = nil,
                   cpuLimit: TimeSpan?) -> ChildEnding? {
        if let stopped { return stopped }
        if let stoppedForOutput { return .outputLimit(stoppedForOutput) }
        guard status > 128 else { return nil }
        let signal = status - 128
        if let cpuLimit, signal == SignalNumber.cpu || signal == SignalNumber.kill { return .cpuLimit(cpuLimit) }
        if hungUp && (signal == SignalNumber.hangUp || signal == SignalNumber.kill) { return nil }
        return .signal(signal)
    }

    /// The line said after it (`what` is "game" or "command").
    func line(what: String) -> String {
        switch self {
        case .cpuLimit(let limit):
            return "soma: the \(what) was stopped: it used its \(limit) of CPU time (the server's limit for one command)"
        case .outputLimit(let bytes):
            return "soma: the \(what) was stopped: its output passed \(ByteCount.describe(bytes)) (the server's limit for one command)"
        case .timeLimit(let limit):
            return "soma: the \(what) was stopped: it ran for \(limit) (the server's limit for one command)"
        case .unread(let limit):
            return "soma: the \(what) was stopped: its output was not read for \(limit) (the server's limit for one command)"
        case .signal(let number):
            let name = SignalNumber.name(number)
            let crashed = SignalNumber.crashes.contains(number)
            let tail = what == "game" ? "; moves since its last save may be lost" : ""
            return "soma: the \(what) \(crashed ? "crashed" : "was killed") (signal \(number)\(name.map { ", \($0)" } ?? ""))\(tail)"
        }
    }
}

/// Linux's signal numbers (the same on x86-64 and arm64) that the server names to players.
enum SignalNumber {
    static let hangUp: Int32 = 1, kill: Int32 = 9, cpu: Int32 = 24
    static let crashes: Set<Int32> = [4, 5, 6, 7, 8, 11]

    static func name(_ number: Int32) -> String? {
        switch number {
        case 1: "SIGHUP"
        case 2: "SIGINT"
        case 4: "SIGILL"
        case 5: "SIGTRAP"
        case 6: "SIGABRT"
        case 7: "SIGBUS"
        case 8: "SIGFPE"
        case 9: "SIGKILL"
        case 11: "SIGSEGV"
        case 13: "SIGPIPE"
        case 15: "SIGTERM"
        case 24: "SIGXCPU"
        default: nil
        }
    }
}
