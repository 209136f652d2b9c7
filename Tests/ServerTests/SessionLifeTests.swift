import Testing
@testable import Server

/// How a session ends, event by event, without a socket or a process: the order of what the
/// player receives is the point (the game's last frame, then the server's words, then the status).
@Suite struct SessionLifeTests {
    static func game() -> SessionLife {
        var life = SessionLife(isCommand: false, cpuLimit: nil, hasTerminal: true)
        life.childStarted()
        return life
    }

    @Test func thePlayerQuits() {
        var life = Self.game()
        #expect(life.childExited(status: 0) == [.closeTerminalSoon])
        // The terminal read to its end: only now the status and the close.
        #expect(life.terminalClosed() == [.exitStatus(0), .close, .ended])
        #expect(life.terminalClosed() == [])
        #expect(!life.takesInput)
    }

    @Test func aKilledGameGetsTheTerminalResetAndALine() {
        var life = Self.game()
        #expect(life.terminalClosed() == [])
        let line = "the game was killed (signal 9, SIGKILL); moves since its last save may be lost"
        #expect(life.childExited(status: 137) == [.log(line), .resetTerminal, .say("\r\nsoma: " + line, asError: false),
                                                   .exitStatus(137), .close, .ended])
    }

    @Test func theServerEndsASessionAfterTheGameSaved() {
        var life = Self.game()
        #expect(life.serverEnds(saying: "server shutting down") == [.hangUp])
        #expect(!life.takesInput && life.isEnding)
        // Said once only.
        #expect(life.serverEnds(saying: "again") == [])
        #expect(life.childExited(status: 129) == [.closeTerminalSoon])
        // The SIGHUP was the server's: no surprise line, the reason after the game's last frame.
        #expect(life.terminalClosed() == [.say("\r\nsoma: server shutting down", asError: false), .exitStatus(129), .close, .ended])
    }

    @Test func theServerEndsASessionWithNoChild() {
        var life = SessionLife(isCommand: false, cpuLimit: nil, hasTerminal: true)
        #expect(life.serverEnds(saying: "idle") == [.say("\r\nsoma: idle", asError: false), .close])
        let again = life.finishAtOnce()
        #expect(!again)
    }

    @Test func theClientLeaves() {
        var life = Self.game()
        #expect(life.channelClosed() == [.hangUp, .ended])
        // The child's exit afterwards says nothing more.
        #expect(life.childExited(status: 129) == [.closeTerminalSoon])
        #expect(life.terminalClosed() == [])
    }

    @Test func commandsStoppedByALimitSaySo() {
        var cpu = SessionLife(isCommand: true, cpuLimit: TimeSpan(seconds: 2), hasTerminal: false)
        cpu.childStarted()
        #expect(cpu.terminalClosed() == [])
        let line = "the command was stopped: it used its 2s of CPU time (the server's limit for one command)"
        #expect(cpu.childExited(status: 152) == [.commandEnded, .log(line), .say("soma: " + line, asError: true),
                                                  .exitStatus(152), .close, .ended])

        var output = SessionLife(isCommand: true, cpuLimit: TimeSpan(seconds: 60), hasTerminal: true)
        output.childStarted()
        output.stopForOutput(limit: 65536)
        let said = "the command was stopped: its output passed 64K (the server's limit for one command)"
        #expect(output.childExited(status: 137) == [.closeTerminalSoon])
        #expect(output.terminalClosed() == [.commandEnded, .log(said), .resetTerminal, .say("\r\nsoma: " + said, asError: false),
                                            .exitStatus(137), .close, .ended])

        var left = SessionLife(isCommand: true, cpuLimit: TimeSpan(seconds: 60), hasTerminal: false)
        left.childStarted()
        #expect(left.channelClosed() == [.hangUp, .commandEnded, .ended])
    }

    /// Issue 36: commands piped into `sleep 3600` held every command slot at no CPU cost.
    @Test func commandsStoppedForTheirWallTimeOrUnreadOutputSaySo() {
        var slow = SessionLife(isCommand: true, cpuLimit: TimeSpan(seconds: 60), hasTerminal: false)
        slow.childStarted()
        slow.stop(.timeLimit(TimeSpan(seconds: 600)))
        // A SIGKILL the server sent for it: said as the limit, not as a kill.
        #expect(slow.terminalClosed() == [])
        let line = "the command was stopped: it ran for 10m (the server's limit for one command)"
        #expect(slow.childExited(status: 137) == [.commandEnded, .log(line), .say("soma: " + line, asError: true),
                                                   .exitStatus(137), .close, .ended])

        var unread = SessionLife(isCommand: true, cpuLimit: TimeSpan(seconds: 60), hasTerminal: false)
        unread.childStarted()
        #expect(!unread.isStopped)
        unread.stop(.unread(TimeSpan(seconds: 60)))
        unread.stop(.timeLimit(TimeSpan(seconds: 600)))
        #expect(unread.isStopped)
        #expect(unread.childExited(status: 137) == [.closeTerminalSoon])
        let said = "the command was stopped: its output was not read for 1m (the server's limit for one command)"
        #expect(unread.terminalClosed() == [.commandEnded, .log(said), .say("soma: " + said, asError: true),
                                            .exitStatus(137), .close, .ended])
    }
}
