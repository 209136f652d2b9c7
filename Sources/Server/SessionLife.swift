/// How one session ends, as a value: `GameSession` tells it what happened (the child started,
/// exited, its terminal closed, the server ends the session, the client left) and does the
/// steps it answers (hang the child up, reset the player's terminal, say a line, send the exit
/// status, close). Unit-tested in `SessionLifeTests` without a socket or a process, as
/// swift-nio-ssh tests its state machines.
///
/// The rules: a session finishes once its child has exited (or never ran) and its terminal has
/// been read to the end, so the game's last frame (the terminal restored) reaches the player
/// before anything the server says. Then, in order: the server's reason when it ended the
/// session, the terminal reset and a line when the child died of something the player did not
/// do (killed, crashed, a command's limit), the exit status, the close.
struct SessionLife: Equatable {
    enum Step: Equatable {
        /// SIGHUP to the child: the game saves and leaves, as when a terminal's line drops.
        case hangUp
        /// Close the server's end of the terminal shortly (anything the child left running
        /// would keep it open).
        case closeTerminalSoon
        case resetTerminal
        case say(String, asError: Bool)
        case exitStatus(Int)
        /// A line for the server's log.
        case log(String)
        case close
        /// The command no longer counts against its player's and address's caps.
        case commandEnded
        /// The connection may forget the session.
        case ended
    }

    /// A command (`exec`) rather than the game; its CPU limit.
    let isCommand: Bool
    let cpuLimit: TimeSpan?
    /// The client asked for a terminal (`pty-req`): resets make sense.
    let hasTerminal: Bool

    private(set) var hasChild = false
    private(set) var terminalOpen = false
    private(set) var exitStatus: Int32?
    private(set) var endMessage: String?
    private(set) var finished = false
    private(set) var hungUp = false
    private(set) var stoppedForOutput: Int?
    /// The server stopped the command for its wall time or its unread output.
    private(set) var stopped: ChildEnding?

    init(isCommand: Bool, cpuLimit: TimeSpan?, hasTerminal: Bool) {
        self.isCommand = isCommand
        self.cpuLimit = cpuLimit
        self.hasTerminal = hasTerminal
    }

    /// Input is passed to the child only while nothing is ending the session.
    var takesInput: Bool { endMessage == nil && !finished }
    var isEnding: Bool { endMessage != nil }

    mutating func childStarted() {
        hasChild = true
        terminalOpen = true
    }

    /// True when the child should get SIGHUP now (it runs and has not exited).
    mutating func hangUp() -> Bool {
        guard hasChild, exitStatus == nil else { return false }
        hungUp = true
        return true
    }

    /// A command wrote more than `limit` bytes: it is killed, and said so at the end.
    mutating func stopForOutput(limit: Int) {
        stoppedForOutput = limit
    }

    /// A command passed its wall time or left its output unread too long: it is killed, and
    /// said so at the end.
    mutating func stop(_ ending: ChildEnding) {
        if stopped == nil { stopped = ending }
    }

    /// The server has stopped the command (its output is no longer passed on).
    var isStopped: Bool { stoppedForOutput != nil || stopped != nil }

    /// The reaper saw the child exit with `status` (a shell's: 128 + signal).
    mutating func childExited(status: Int32) -> [Step] {
        exitStatus = status
        return (terminalOpen ? [.closeTerminalSoon] : []) + finishIfDone()
    }

    /// The terminal has been read to its end (or could not be read).
    mutating func terminalClosed() -> [Step] {
        terminalOpen = false
        return finishIfDone()
    }

    /// The server ends the session for `message` (a limit, shutdown): the child is hung up and
    /// the message said once it has left; with no child, at once.
    mutating func serverEnds(saying message: String) -> [Step] {
        guard !finished, endMessage == nil else { return [] }
        endMessage = message
        guard hasChild else {
            finished = true
            return [.say("\r\nsoma: \(message)", asError: false), .close] + (isCommand ? [.commandEnded] : [])
        }
        return hangUp() ? [.hangUp] : []
    }

    /// The client closed the channel: nothing more is said to it.
    mutating func channelClosed() -> [Step] {
        let steps: [Step] = (hangUp() ? [.hangUp] : []) + (isCommand ? [.commandEnded] : [])
        finished = true
        return steps + [.ended]
    }

    /// The session ends with no child (a refusal, no terminal): false when it has already ended.
    mutating func finishAtOnce() -> Bool {
        guard !finished else { return false }
        finished = true
        return true
    }

    private mutating func finishIfDone() -> [Step] {
        guard !finished, exitStatus != nil || !hasChild, !terminalOpen else { return [] }
        finished = true
        var steps: [Step] = isCommand ? [.commandEnded] : []
        if let endMessage { steps.append(.say("\r\nsoma: \(endMessage)", asError: false)) }
        if let ending = ChildEnding.of(status: exitStatus ?? 0, hungUp: hungUp, stoppedForOutput: stoppedForOutput,
                                          stopped: stopped, cpuLimit: cpuLimit) {
            let line = ending.line(what: isCommand ? "command" : "game")
            steps.append(.log(String(line.dropFirst("soma: ".count))))
            // The child could not give the terminal back: the server does.
            steps += hasTerminal ? [.resetTerminal, .say("\r\n" + line, asError: false)] : [.say(line, asError: true)]
        }
        return steps + [.exitStatus(Int(exitStatus ?? 1)), .close, .ended]
    }
}
