import NIOCore
import NIOEmbedded
import Testing
@testable import Server

/// A connection refused at the door (`RefusalHandler`, `ServerState.accept`) on an
/// `EmbeddedChannel`: the version line and the disconnect packet, byte for byte, once; the
/// client's bytes dropped; the close exactly `lingerMilliseconds` later.
@Suite struct RefusalHandlerTests {
    @Test("active: the refusal at once, the client's bytes dropped, the close 300 ms later and not before")
    func refusalThenClose() throws {
        let channel = EmbeddedChannel(handler: RefusalHandler(message: "soma: go away"))
        try channel.connect(to: SocketAddress(ipAddress: "192.0.2.1", port: 22)).wait()
        let written = try #require(try channel.readOutbound(as: ByteBuffer.self))
        #expect(Array(written.readableBytesView) == RefusalHandler.refusal("soma: go away"))
        #expect(String(buffer: written).hasPrefix("SSH-2.0-soma\r\n"))
        try channel.send("SSH-2.0-OpenSSH_9.6\r\n")
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil, "said once")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(RefusalHandler.lingerMilliseconds - 1))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
        #expect(channel.isClosed)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test("added to a connection already open (after a PROXY header): said at once, and only once")
    func addedWhenActive() throws {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "192.0.2.1", port: 22)).wait()
        try channel.pipeline.syncOperations.addHandler(RefusalHandler(message: "soma: later"))
        #expect(try channel.readOutbound(as: ByteBuffer.self).map { Array($0.readableBytesView) } == RefusalHandler.refusal("soma: later"))
        channel.pipeline.fireChannelActive()
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(RefusalHandler.lingerMilliseconds))
        #expect(channel.isClosed)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test("the database away: a newcomer is refused with 'try again shortly', counted as store_unavailable; back: let in")
    func storeAwayRefusesNewcomers() throws {
        let answers = Flag(false)
        let server = EmbeddedServer(storeAnswers: { answers.value })
        let (refused, connection) = try server.accept(from: "192.0.2.20")
        #expect(connection == nil)
        try refused.connect(to: SocketAddress(ipAddress: "192.0.2.1", port: 22)).wait()
        #expect(try refused.readOutbound(as: ByteBuffer.self).map { Array($0.readableBytesView) }
                == RefusalHandler.refusal("soma: the server cannot reach its database just now; please try again shortly"))
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="store_unavailable"}"#) == 1)
        #expect(server.state.health == .storeAway)

        answers.value = true
        #expect(server.state.health == .serving)
        let (admitted, player) = try server.accept(from: "192.0.2.20")
        #expect(player != nil)
        #expect((try? admitted.pipeline.syncOperations.handler(type: TrafficGuard.self)) != nil)
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="store_unavailable"}"#) == 1)
        try server.finish()
    }

    @Test("the health check's status: serving, full at the last place, the store away before full, draining before all")
    func healthStatus() throws {
        let answers = Flag(true)
        let server = EmbeddedServer(maxSessions: 2, storeAnswers: { answers.value })
        #expect(server.state.health == .serving)
        let first = try #require(try server.accept(from: "192.0.2.1").connection)
        let second = try #require(try server.accept(from: "192.0.2.2").connection)
        #expect(first.authenticated(as: .guest))
        #expect(server.state.health == .serving, "one place of two")
        #expect(second.authenticated(as: .key(fingerprint: "SHA256:b")))
        #expect(server.state.health == .full)
        #expect(server.state.metrics.sample("soma_sessions") == 2)
        answers.value = false
        #expect(server.state.health == .storeAway)
        answers.value = true
        // A place frees as its connection closes.
        first.channel.close(promise: nil)
        server.loop.run()
        #expect(server.state.health == .serving)
        #expect(server.state.metrics.sample("soma_sessions") == 1)
        server.state.shutDown()
        #expect(server.state.health == .draining)
        answers.value = false
        #expect(server.state.health == .draining)
        try server.finish()
    }
}

/// A flag a test sets and the server reads (as the store's probe would).
final class Flag: @unchecked Sendable {
    var value: Bool
    init(_ value: Bool) { self.value = value }
}
