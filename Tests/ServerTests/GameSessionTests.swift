import NIOCore
import NIOEmbedded
import NIOSSH
import Testing
@testable import Server

/// A session channel's handler (`GameSession`) on `EmbeddedChannel`, for everything it does
/// without a child process: the requests it refuses or answers with one line, the full server's
/// overflow, the input rate, and watching (a game's output copied to its watchers byte for byte,
/// the watcher's keys, the endings). What it writes and the replies and exit status it sends are
/// read back in order.
@Suite struct GameSessionTests {
    static let watchOrRefuse: @Sendable (String) -> ExecDecision = { command in
        command.hasPrefix("watch ") ? .watch(String(command.dropFirst(6))) : .refuse("no commands here")
    }

    /// A logged-in connection from `address` with a session open on it.
    static func session(_ server: EmbeddedServer, from address: String, as player: Player = .guest)
        throws -> (channel: EmbeddedChannel, events: OutboundEvents, session: GameSession, connection: Connection) {
        let connection = try #require(try server.accept(from: address).connection)
        #expect(connection.authenticated(as: player))
        let (channel, events) = try server.openSession(on: connection)
        let session = try channel.pipeline.syncOperations.handler(type: GameSession.self)
        return (channel, events, session, connection)
    }

    static func pty(_ term: String = "xterm-256color") -> SSHChannelRequestEvent.PseudoTerminalRequest {
        .init(wantReply: true, term: term, terminalCharacterWidth: 80, terminalRowHeight: 24,
              terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:]))
    }

    @Test("a shell with no terminal: told to use ssh -t on stdout, exit 1, closed, the place idle again")
    func shellWithoutTerminal() throws {
        let server = EmbeddedServer()
        let (channel, events, _, connection) = try Self.session(server, from: "192.0.2.1")
        #expect(connection.sessions.count == 1)
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        #expect(try channel.sessionWrites() == ["out:" + GameSession.noTerminalLine + "\r\n"])
        #expect(events.words == ["success", "exit 1"])
        #expect(channel.isClosed)
        #expect(connection.sessions.isEmpty)
        try server.finish()
    }

    @Test("a command the server does not run: its reason on stderr, exit 2; environment and subsystem requests are refused")
    func refusedRequests() throws {
        let server = EmbeddedServer()
        let (channel, events, _, _) = try Self.session(server, from: "192.0.2.1")
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LANG", value: "C"))
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true))
        #expect(events.words == ["failure", "failure"])
        #expect(!channel.isClosed)
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ExecRequest(command: "rm -rf /", wantReply: true))
        #expect(try channel.sessionWrites() == ["err:soma: no commands here\r\n"])
        #expect(events.words == ["failure", "failure", "success", "exit 2"])
        #expect(channel.isClosed)
        try server.finish()
    }

    @Test("past --max-sessions: let in only to be told the server is full, on stderr, exit 1; counted once as full and server_full")
    func overflowIsToldFull() throws {
        let server = EmbeddedServer(maxSessions: 1)
        _ = try Self.session(server, from: "192.0.2.1")
        let (channel, events, _, connection) = try Self.session(server, from: "192.0.2.2")
        #expect(connection.isOverflow)
        channel.pipeline.fireUserInboundEventTriggered(Self.pty())
        channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        #expect(try channel.sessionWrites() == ["err:soma: the server is full (1 players); please try again later\r\n"])
        #expect(events.words == ["success", "success", "exit 1"])
        #expect(channel.isClosed)
        #expect(server.state.metrics.sample(#"soma_logins_total{outcome="full"}"#) == 1)
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="server_full"}"#) == 1)
        #expect(server.state.health == .full)
        try server.finish()
    }

    @Test("input over the rate: the session says why and closes; the connection closes 500 ms after its session, not before")
    func inputRate() throws {
        let server = EmbeddedServer(maxInputBytesPerSecond: 4096)
        let (channel, events, _, connection) = try Self.session(server, from: "192.0.2.1")
        // One read over the cap: over it whatever second it falls in.
        try channel.type(String(repeating: "k", count: 4097))
        #expect(try channel.sessionWrites() == ["out:\r\nsoma: more than 4096 bytes of input in one second: disconnected\r\n"])
        #expect(events.words == [])
        #expect(channel.isClosed)
        #expect(connection.closingReason == "input over 4096 bytes/s")
        server.loop.advanceTime(by: .milliseconds(499))
        #expect(!(connection.channel as! EmbeddedChannel).isClosed)
        server.loop.advanceTime(by: .milliseconds(1))
        #expect((connection.channel as! EmbeddedChannel).isClosed)
        try server.finish()
    }

    @Test("watching: the game's output reaches its watcher byte for byte, less the game's notes; q gives the terminal back, exit 0")
    func watcherSeesTheGame() throws {
        let server = EmbeddedServer(exec: Self.watchOrRefuse)
        let game = try Self.session(server, from: "192.0.2.1", as: .key(fingerprint: "SHA256:ann"))
        server.state.note("watch on Ann", from: game.session)
        let watcher = try Self.session(server, from: "192.0.2.2")
        watcher.channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ExecRequest(command: "watch ann", wantReply: true))
        #expect(watcher.events.words == ["success"])
        #expect(try watcher.channel.sessionWrites() == ["out:\u{1b}[?1049h\u{1b}[H\u{1b}[2J"])
        #expect(game.session.watchers.count == 1)

        game.session.output(ByteBuffer(string: "frame 1"))
        game.session.output(ByteBuffer(string: "x\u{1b}]5379;hello\u{07}y"))
        #expect(try game.channel.sessionWrites() == ["out:frame 1", "out:xy"])
        #expect(try watcher.channel.sessionWrites() == ["out:frame 1", "out:xy"])

        // Keys other than q, Ctrl-C or Ctrl-D do nothing; they never reach the game.
        try watcher.channel.type("1 ")
        #expect(try watcher.channel.sessionWrites() == [])
        try watcher.channel.type("q")
        #expect(try watcher.channel.sessionWrites() == ["out:" + ChildEnding.terminalReset, "out:\rsoma: stopped watching Ann\r\n"])
        #expect(watcher.events.words == ["success", "exit 0"])
        #expect(watcher.channel.isClosed)
        #expect(game.session.watchers.isEmpty)
        game.session.output(ByteBuffer(string: "frame 2"))
        #expect(try game.channel.sessionWrites() == ["out:frame 2"])
        try server.finish()
    }

    @Test("watching: no such player is refused without saying who is online; a game's end lets its watchers go")
    func watchEndings() throws {
        let server = EmbeddedServer(maxSessions: 4, exec: Self.watchOrRefuse)
        let game = try Self.session(server, from: "192.0.2.1", as: .key(fingerprint: "SHA256:ann"))
        let stranger = try Self.session(server, from: "192.0.2.3")
        stranger.channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ExecRequest(command: "watch ann", wantReply: true))
        #expect(try stranger.channel.sessionWrites()
                == ["err:soma: no one named 'ann' lets others watch just now (a player allows it with W)\r\n"])
        #expect(stranger.events.words == ["success", "exit 1"])

        server.state.note("watch on Ann", from: game.session)
        let watcher = try Self.session(server, from: "192.0.2.2")
        watcher.channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ExecRequest(command: "watch ANN", wantReply: true))
        _ = try watcher.channel.sessionWrites()
        server.state.gameEnded(game.session)
        #expect(try watcher.channel.sessionWrites() == ["out:" + ChildEnding.terminalReset, "out:\rsoma: the game ended; stopped watching\r\n"])
        #expect(watcher.events.words == ["success", "exit 0"])
        #expect(watcher.channel.isClosed)
        try server.finish()
    }

    @Test("a session watching already: a second watch, a shell and a pty-req are refused, running nothing; a signal gets no reply")
    func secondStartRefused() throws {
        let server = EmbeddedServer(exec: Self.watchOrRefuse)
        let game = try Self.session(server, from: "192.0.2.1", as: .key(fingerprint: "SHA256:ann"))
        server.state.note("watch on Ann", from: game.session)
        let watcher = try Self.session(server, from: "192.0.2.2")
        watcher.channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ExecRequest(command: "watch ann", wantReply: true))
        #expect(try watcher.channel.sessionWrites() == ["out:\u{1b}[?1049h\u{1b}[H\u{1b}[2J"])
        watcher.channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ExecRequest(command: "watch ann", wantReply: true))
        watcher.channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        watcher.channel.pipeline.fireUserInboundEventTriggered(Self.pty())
        watcher.channel.pipeline.fireUserInboundEventTriggered(SSHChannelRequestEvent.SignalRequest(signal: "INT"))
        #expect(watcher.events.words == ["success", "failure", "failure", "failure"])
        #expect(try watcher.channel.sessionWrites() == [])
        #expect(game.session.watchers.count == 1)
        #expect(!watcher.channel.isClosed)
        try server.finish()
    }
}
