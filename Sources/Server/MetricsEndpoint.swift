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
/// its answer or after 10 s without one.
enum MetricsEndpoint {
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    static func bind(_ address: ListenAddress, group: EventLoopGroup, metrics: ServerMetrics) throws(ServeError) -> Channel {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 32)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.assumeIsolated().scheduleTask(in: .seconds(10)) { channel.close(promise: nil) }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(MetricsRequestHandler(metrics: metrics))
                }
            }
        do {
            return try bootstrap.bind(host: address.host, port: address.port).wait()
        } catch let error as IOError {
            throw ServeError("cannot serve metrics on \(address): \(String(cString: strerror(error.errnoCode)).lowercased())")
        } catch {
            throw ServeError("cannot serve metrics on \(address): \(error)")
        }
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
