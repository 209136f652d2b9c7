import NIOCore
import NIOHTTP1
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve --metrics HOST:PORT`: a plain HTTP listener that answers `GET /metrics` with
/// `ServerMetrics.text` in Prometheus' text format, and anything else with 404 (or 405). Meant
/// for a loopback or private address a scraper reaches: it serves no page, takes no input but a
/// request line and headers (NIOHTTP1's parser bounds them), and closes each connection after
/// its answer or after `deadlineSeconds` without one; at most `maxConnections` are open at once
/// (`ConnectionCap`: more are closed at once), so held connections cannot use up the
/// descriptors the games need.
enum MetricsEndpoint {
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"
    static let maxConnections = 8
    static let deadlineSeconds: Int64 = 5

    static func bind(_ address: ListenAddress, group: EventLoopGroup, metrics: ServerMetrics) throws(ServeError) -> Channel {
        let cap = ConnectionCap(limit: maxConnections)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 32)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                guard cap.admit(channel) else { return channel.eventLoop.makeSucceededVoidFuture() }
                channel.eventLoop.assumeIsolated().scheduleTask(in: .seconds(deadlineSeconds)) { channel.close(promise: nil) }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(MetricsRequestHandler(metrics: metrics))
                }
            }
        do {
            return try bootstrap.bind(host: address.host, port: address.port).wait()
        } catch {
            throw ServeError.cannot("serve metrics on \(address)", error)
        }
    }

    /// The warning for a listen address outside loopback and the private ranges (RFC 1918,
    /// 100.64/10, IPv6 unique local and link local), where anyone on the internet could read
    /// the counts; nil for one inside them. A name (not an address) is warned about too.
    static func exposure(of address: ListenAddress) -> String? {
        if let ip = IPAddress(address.host)?.unmapped, ip.isLoopbackOrPrivate { return nil }
        if address.host == "localhost" { return nil }
        return "warning: metrics on \(address) may be read by anyone who reaches it: "
            + "give --metrics a loopback or private address (127.0.0.1:9464, 10.0.0.5:9464)"
    }
}

extension IPAddress {
    /// Loopback, RFC 1918, carrier-grade NAT (100.64/10), link local, or IPv6 unique local.
    var isLoopbackOrPrivate: Bool {
        let b = bytes
        if isIPv4 {
            return b[0] == 127 || b[0] == 10 || (b[0] == 172 && (16...31).contains(b[1])) || (b[0] == 192 && b[1] == 168)
                || (b[0] == 100 && (64...127).contains(b[1])) || (b[0] == 169 && b[1] == 254)
        }
        let loopback = b.prefix(15).allSatisfy { $0 == 0 } && b[15] == 1
        return loopback || b[0] & 0xfe == 0xfc || (b[0] == 0xfe && b[1] & 0xc0 == 0x80)
    }
}

/// Answers one request on a metrics connection, then closes it.
final class MetricsRequestHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let metrics: ServerMetrics
    private var head: HTTPRequestHead?

    init(metrics: ServerMetrics) {
        self.metrics = metrics
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            head = request
        case .body:
            break
        case .end:
            guard let head else { return context.close(promise: nil) }
            let (status, body): (HTTPResponseStatus, String) =
                switch (head.method, head.uri.split(separator: "?", maxSplits: 1).first ?? "") {
                case (.GET, "/metrics"): (.ok, metrics.text)
                case (_, "/metrics"): (.methodNotAllowed, "only GET\n")
                default: (.notFound, "soma serve: metrics are at /metrics\n")
                }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: status == .ok ? MetricsEndpoint.contentType : "text/plain; charset=utf-8")
            headers.add(name: "Content-Length", value: String(body.utf8.count))
            headers.add(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
                          promise: nil)
            var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
            buffer.writeString(body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            self.head = nil
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
