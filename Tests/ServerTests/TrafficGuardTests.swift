import NIOCore
import NIOEmbedded
import NIOSSH
import Testing
@testable import Server

/// The first handler of every connection (`TrafficGuard`) on an `EmbeddedChannel`: what it passes
/// on, byte for byte, and when it closes, and what the refusals metric counts.
@Suite struct TrafficGuardTests {
    /// An accepted connection's channel (not made active: the SSH handler stays silent) with a
    /// `Passed` right after the guard, which keeps what the guard passes on from the SSH handler.
    static func guarded(_ server: EmbeddedServer) throws -> (EmbeddedChannel, Connection, Passed) {
        let (channel, connection) = try server.accept(from: "192.0.2.10")
        let accepted = try #require(connection)
        let pipeline = channel.pipeline.syncOperations
        let passed = Passed()
        try pipeline.addHandler(passed, position: .after(try pipeline.handler(type: TrafficGuard.self)))
        return (channel, accepted, passed)
    }

    @Test("a version line split across reads is held, then passed on whole with what followed; later bytes pass as they come")
    func versionLinePassesWhole() throws {
        let server = EmbeddedServer()
        let (channel, _, passed) = try Self.guarded(server)
        try channel.send("SSH-2.0-Open")
        #expect(passed.reads == [], "held until the line is complete")
        try channel.send("SSH_9.6\r\nKEX")
        #expect(passed.reads == ["SSH-2.0-OpenSSH_9.6\r\nKEX"])
        try channel.send("more")
        #expect(passed.reads == ["SSH-2.0-OpenSSH_9.6\r\nKEX", "more"])
        #expect(!channel.isClosed)
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="traffic"}"#) == 0)
        try server.finish()
    }

    @Test("not SSH: told in one raw line, closed, counted as traffic once")
    func notSSHIsToldAndClosed() throws {
        let server = EmbeddedServer()
        let (channel, connection, passed) = try Self.guarded(server)
        try channel.send("GET / HTTP/1.0\r\n")
        #expect(try channel.writtenText() == "soma: this port speaks SSH-2.0 only\r\n")
        #expect(passed.reads == [], "nothing passed on")
        #expect(channel.isClosed)
        #expect(connection.closingReason == "not an SSH-2.0 client")
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="traffic"}"#) == 1)
        try server.finish()
    }

    @Test("a version line: 255 bytes with its newline pass; 255 without one close the connection")
    func versionLineBound() throws {
        let server = EmbeddedServer()
        let (fits, _, fitsPassed) = try Self.guarded(server)
        let longest = "SSH-2.0-" + String(repeating: "v", count: 245) + "\r\n"
        #expect(longest.utf8.count == 255)
        try fits.send(longest)
        #expect(fitsPassed.reads == [longest])

        let (over, connection, overPassed) = try Self.guarded(server)
        try over.send("SSH-2.0-" + String(repeating: "v", count: 246))
        #expect(overPassed.reads == [])
        #expect(!over.isClosed, "254 bytes: still waiting for the newline")
        try over.send("v")
        #expect(over.isClosed)
        #expect(connection.closingReason == "a version line over 255 bytes")
        #expect(try over.writtenText() == "", "nothing told: the client sent no line to answer")
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="traffic"}"#) == 1)
        try server.finish()
    }

    @Test("before login: 256 KiB pass, one byte more closes the connection")
    func bytesBeforeLogin() throws {
        let server = EmbeddedServer()
        let (channel, connection, _) = try Self.guarded(server)
        let version = "SSH-2.0-x\r\n"
        try channel.send(version)
        let chunk = String(repeating: "k", count: 4096)
        var sent = version.utf8.count
        while sent + chunk.utf8.count <= ServeConfiguration.maxBytesBeforeLogin {
            try channel.send(chunk)
            sent += chunk.utf8.count
        }
        try channel.send(String(repeating: "k", count: ServeConfiguration.maxBytesBeforeLogin - sent))
        #expect(!channel.isClosed, "exactly 262144 bytes")
        try channel.send("k")
        #expect(channel.isClosed)
        #expect(connection.closingReason == "262145 bytes before logging in")
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="traffic"}"#) == 1)
        try server.finish()
    }

    @Test("after login: no cap on the total, but a MiB a second: a burst of 1 MiB + 1 closes the connection")
    func bytesAfterLogin() throws {
        let server = EmbeddedServer()
        let (channel, connection, passed) = try Self.guarded(server)
        try channel.send("SSH-2.0-x\r\n")
        #expect(connection.authenticated(as: .guest))
        // Past the login's total in one read: within the second's cap, whenever it came.
        try channel.send(String(repeating: "k", count: ServeConfiguration.maxBytesBeforeLogin + 1))
        #expect(!channel.isClosed)
        #expect(passed.reads.count == 2)
        // Over the cap in one read: over it whatever second it falls in.
        try channel.send(String(repeating: "k", count: TrafficGuard.maxBytesPerSecond + 1))
        #expect(channel.isClosed)
        #expect(passed.reads.count == 2, "the flood is not passed on")
        #expect(connection.closingReason == "over 1048576 bytes in a second")
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="traffic"}"#) == 1)
        try server.finish()
    }
}

/// The last handler of a connection (`ConnectionErrors`): an error from the handlers before it
/// closes this connection and only it.
@Suite struct ConnectionErrorsTests {
    @Test("an error from the SSH handler closes the connection, counted once as protocol_error; another connection stays")
    func errorClosesItsConnection() throws {
        let server = EmbeddedServer()
        let (channel, connection) = try server.accept(from: "192.0.2.10")
        let (other, _) = try server.accept(from: "192.0.2.11")
        let accepted = try #require(connection)
        let beforeLast = try channel.pipeline.syncOperations.context(handlerType: NIOSSHHandler.self)
        beforeLast.fireErrorCaught(ServeError("a packet of 3 GB"))
        #expect(channel.isClosed)
        #expect(accepted.closingReason == "protocol error: a packet of 3 GB")
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="protocol_error"}"#) == 1)
        accepted.refuse("again", as: .protocolError)
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="protocol_error"}"#) == 1, "a closing connection is not counted twice")
        #expect(accepted.closingReason == "protocol error: a packet of 3 GB")
        #expect(!other.isClosed)
        try server.finish()
    }
}

/// What a handler passed on, kept (not passed further).
final class Passed: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    private(set) var reads: [String] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        reads.append(String(buffer: unwrapInboundIn(data)))
    }
}

extension EmbeddedChannel {
    /// Whether the channel has closed (its close future is fulfilled once the loop has run).
    var isClosed: Bool {
        embeddedEventLoop.run()
        var closed = false
        closeFuture.assumeIsolated().whenComplete { _ in closed = true }
        return closed
    }
}
