import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import Server

/// The side listeners' handlers on `EmbeddedChannel`: the health check's answer
/// (`HealthCheck.Answer`) and the metrics endpoint's (`MetricsRequestHandler` behind NIOHTTP1's
/// parser), byte for byte, and when each closes.
@Suite struct SideListenerHandlerTests {
    @Test("health: each status answered at once, HTTP/1.0 style, the body saying why", arguments: [
        (HealthCheck.Status.serving, "200 OK", "ok\n"),
        (.full, "503 Service Unavailable", "full\n"),
        (.storeAway, "503 Service Unavailable", "database away\n"),
        (.draining, "503 Service Unavailable", "draining\n"),
    ])
    func healthAnswers(status: HealthCheck.Status, line: String, body: String) throws {
        let channel = EmbeddedChannel(handler: HealthCheck.Answer(status: status))
        try channel.connect(to: SocketAddress(ipAddress: "192.0.2.1", port: 8080)).wait()
        #expect(try channel.writtenText() == "HTTP/1.0 \(line)\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)")
        // Its output closed once written (an EmbeddedChannel has no half-close: the whole of it).
        #expect(channel.isClosed)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test("health: a request is read and dropped up to 8 KiB; past it the connection closes")
    func healthRequestBound() throws {
        // Not made active: the answer and its close wait, so the reading alone is seen.
        let channel = EmbeddedChannel(handler: HealthCheck.Answer(status: .serving))
        try channel.writeInbound(ByteBuffer(repeating: UInt8(ascii: "G"), count: 8192))
        #expect(!channel.isClosed)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        try channel.send("G")
        #expect(channel.isClosed)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test("health: the client's half-close ends the connection")
    func healthInputClosed() throws {
        let channel = EmbeddedChannel(handler: HealthCheck.Answer(status: .serving))
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(channel.isClosed)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test("a side listener holds at most its limit: the next connection is closed at once; one closing makes room")
    func connectionCap() throws {
        let cap = ConnectionCap(limit: 2)
        let loop = EmbeddedEventLoop()
        let channels = (0..<3).map { _ in EmbeddedChannel(loop: loop) }
        #expect(cap.admit(channels[0]) && cap.admit(channels[1]))
        #expect(!cap.admit(channels[2]))
        #expect(channels[2].isClosed)
        #expect(cap.open == 2)
        channels[0].close(promise: nil)
        loop.run()
        #expect(cap.open == 1)
        let late = EmbeddedChannel(loop: loop)
        #expect(cap.admit(late))
        for channel in channels + [late] { _ = try channel.finish(acceptAlreadyClosed: true) }
        #expect(cap.open == 0)
    }

    /// A metrics connection's pipeline as `MetricsEndpoint.bind` makes it.
    static func metricsChannel(_ metrics: ServerMetrics) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
        try channel.pipeline.syncOperations.addHandler(MetricsRequestHandler(metrics: metrics))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 9464)).wait()
        return channel
    }

    @Test("metrics: GET /metrics is the registry's text with its length and type, then the close")
    func metricsServed() throws {
        let metrics = ServerMetrics()
        metrics.login(.guest)
        let channel = try Self.metricsChannel(metrics)
        try channel.send("GET /metrics?x=1 HTTP/1.1\r\nHost: soma\r\n\r\n")
        let body = metrics.text
        #expect(try channel.writtenText() == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        #expect(body.contains("soma_logins_total{outcome=\"guest\"} 1"))
        #expect(channel.isClosed)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    @Test("metrics: another method on /metrics is 405, another path 404, each closed after")
    func metricsRefusals() throws {
        let post = try Self.metricsChannel(ServerMetrics())
        try post.send("POST /metrics HTTP/1.1\r\nHost: soma\r\nContent-Length: 3\r\n\r\nabc")
        #expect(try post.writtenText() == "HTTP/1.1 405 Method Not Allowed\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: 9\r\nConnection: close\r\n\r\nonly GET\n")
        #expect(post.isClosed)
        let other = try Self.metricsChannel(ServerMetrics())
        try other.send("GET / HTTP/1.0\r\n\r\n")
        let page = "soma serve: metrics are at /metrics\n"
        #expect(try other.writtenText() == "HTTP/1.0 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: \(page.utf8.count)\r\nConnection: close\r\n\r\n\(page)")
        #expect(other.isClosed)
        _ = try post.finish(acceptAlreadyClosed: true)
        _ = try other.finish(acceptAlreadyClosed: true)
    }

    @Test("metrics: bytes that are not HTTP get NIOHTTP1's 400 and the close, never the metrics")
    func metricsGarbage() throws {
        let channel = try Self.metricsChannel(ServerMetrics())
        try? channel.send("\u{01}\u{02} nonsense\r\n\r\n")
        let answer = try channel.writtenText()
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(answer)")
        #expect(!answer.contains("soma_"))
        #expect(channel.isClosed)
        _ = try channel.finish(acceptAlreadyClosed: true)
    }
}
