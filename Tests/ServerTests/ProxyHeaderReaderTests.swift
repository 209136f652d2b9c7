import NIOCore
import NIOEmbedded
import Testing
@testable import Server

/// The PROXY header's reader (`ProxyHeaderReader`) on an `EmbeddedChannel`: the header found in
/// pieces, what followed it passed on unchanged, the reader gone from the pipeline; a broken,
/// missing or late header, or a close before it, told once; and the server's side (`accept`
/// from a balancer): the player's address is the connection's.
@Suite struct ProxyHeaderReaderTests {
    /// A reader alone on a channel, with what it reported.
    final class Reports: @unchecked Sendable {
        var found: [ProxyHeader] = []
        var failed: [String] = []
    }

    static func reader(deadline: TimeAmount = .seconds(20)) throws -> (EmbeddedChannel, Reports) {
        let reports = Reports()
        let reader = ProxyHeaderReader(deadline: deadline, found: { reports.found.append($0) },
                                       failed: { reason, refused in reports.failed.append("\(refused ? "refused" : "left"): \(reason)") })
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(reader)
        return (channel, reports)
    }

    static func readerIsGone(_ channel: EmbeddedChannel) -> Bool {
        (try? channel.pipeline.syncOperations.handler(type: ProxyHeaderReader.self)) == nil
    }

    @Test("a version 1 header in three reads: found once, the SSH bytes after it passed on as they came, the reader gone")
    func headerInPieces() throws {
        let (channel, reports) = try Self.reader()
        try channel.send("PROXY TCP4 203.0.113.7 ")
        try channel.send("10.0.0.11 51234 2222\r")
        #expect(reports.found.isEmpty && reports.failed.isEmpty)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        try channel.send("\nSSH-2.0-OpenSSH_9.6\r\n")
        #expect(reports.found == [.relayed(try #require(IPAddress("203.0.113.7")), port: 51234)])
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "SSH-2.0-OpenSSH_9.6\r\n")
        #expect(Self.readerIsGone(channel))
        try channel.send("KEXINIT")
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "KEXINIT")
        #expect(reports.failed.isEmpty)
        #expect(try channel.finish().isClean)
    }

    @Test("a header alone passes nothing on; a LOCAL one (the balancer's own check) is found as local")
    func headerAloneAndLocal() throws {
        let (channel, reports) = try Self.reader()
        // Version 2, LOCAL, no addresses: the signature, 0x20, family 0, length 0.
        let local: [UInt8] = [0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a, 0x20, 0x00, 0x00, 0x00]
        try channel.writeInbound(ByteBuffer(bytes: local))
        #expect(reports.found == [.local])
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        #expect(Self.readerIsGone(channel))
        #expect(try channel.finish().isClean)
    }

    @Test("an SSH client straight from the balancer's address: refused with the reason, nothing passed on")
    func missingHeader() throws {
        let (channel, reports) = try Self.reader()
        try channel.send("SSH-2.0-OpenSSH_9.6\r\n")
        #expect(reports.failed == ["refused: no PROXY header"])
        #expect(reports.found.isEmpty)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        // More bytes after the failure are dropped; the failure is not told twice.
        try channel.send("more")
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        #expect(reports.failed.count == 1)
        #expect(try channel.writtenText() == "", "nothing is ever written back")
        _ = try channel.finish()
        #expect(reports.failed.count == 1, "the close after a failure is not another")
    }

    @Test("a broken header: refused with what is wrong")
    func brokenHeader() throws {
        let (channel, reports) = try Self.reader()
        try channel.send("PROXY TCP4 203.0.113.7 10.0.0.11 65536 2222\r\n")
        #expect(reports.failed == ["refused: a version 1 PROXY line with a bad port"])
        _ = try channel.finish()
    }

    @Test("no header within the deadline: refused once the deadline passes, not a nanosecond before")
    func lateHeader() throws {
        let (channel, reports) = try Self.reader(deadline: .seconds(20))
        try channel.send("PROXY TCP4 ")
        channel.embeddedEventLoop.advanceTime(by: .seconds(20) - .nanoseconds(1))
        #expect(reports.failed.isEmpty)
        channel.embeddedEventLoop.advanceTime(by: .nanoseconds(1))
        #expect(reports.failed == ["refused: no PROXY header within 20s"])
        _ = try channel.finish()
    }

    @Test("closed before its header (a balancer's TCP check): told as a client that left, not a refusal; the deadline cancelled")
    func closedBeforeHeader() throws {
        let (channel, reports) = try Self.reader(deadline: .seconds(20))
        try channel.send("PROX")
        _ = try channel.finish()
        #expect(reports.failed == ["left: closed before its PROXY header"])
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(reports.failed.count == 1)
    }

    @Test("the server behind a balancer: the player named by the header is the connection's address; a missing header is counted")
    func serverTakesThePlayersAddress() throws {
        let server = EmbeddedServer()
        let (channel, connection) = try server.accept(from: "10.0.0.2")
        #expect(connection == nil, "no connection until the header names the player")
        try channel.send("PROXY TCP4 203.0.113.7 10.0.0.11 51234 2222\r\n")
        let relayed = try #require(server.state.connections.values.first)
        #expect(relayed.address == "203.0.113.7:51234")
        #expect(relayed.ip == "203.0.113.7")
        #expect((try? channel.pipeline.syncOperations.handler(type: TrafficGuard.self)) != nil, "the SSH handlers follow")

        let (direct, _) = try server.accept(from: "10.0.0.2")
        try direct.send("SSH-2.0-OpenSSH_9.6\r\n")
        #expect(direct.isClosed)
        #expect(server.state.metrics.sample(#"soma_refusals_total{reason="proxy_header"}"#) == 1)
        #expect(server.state.connections.count == 1)
        try server.finish()
    }
}
