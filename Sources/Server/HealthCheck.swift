import NIOCore
import NIOPosix

/// `soma serve --health HOST:PORT`: what a TCP balancer (HAProxy, a Kubernetes probe) asks to
/// know whether this instance takes players. Every connection is answered at once, HTTP/1.0
/// style so that an HTTP check and a plain TCP check both work: `200 OK` while the server
/// takes players, `503 Service Unavailable` while it does not (`Status`: every place taken,
/// the database not answering, or from SIGTERM on: draining, the games saving, then
/// `ServeConfiguration.afterGames`, the store's last writes), then closed as the server exits.
/// The body says which. The request, if any, is read and dropped (at most a few kilobytes, for
/// at most a second), so the answer is not cut by a reset. At most `maxConnections` are open at
/// once (`ConnectionCap`).
enum HealthCheck {
    /// What the check says, and why.
    enum Status: String, Sendable {
        case serving = "ok"
        case full = "full"
        case storeAway = "database away"
        case draining = "draining"
    }

    static let maxConnections = 32

    static func bind(_ address: ListenAddress, group: EventLoopGroup, status: @escaping @Sendable () -> Status) throws -> Channel {
        let cap = ConnectionCap(limit: maxConnections)
        return try ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                guard cap.admit(channel) else { return channel.eventLoop.makeSucceededVoidFuture() }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Answer(status: status()))
                }
            }
            .bind(host: address.host, port: address.port).wait()
    }

    /// The answer as bytes.
    static func answer(_ status: Status) -> String {
        let body = status.rawValue + "\n"
        let line = status == .serving ? "200 OK" : "503 Service Unavailable"
        return "HTTP/1.0 \(line)\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    final class Answer: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let status: Status
        var read = 0

        init(status: Status) { self.status = status }

        func channelActive(context: ChannelHandlerContext) {
            let bytes = context.channel.allocator.buffer(string: HealthCheck.answer(status))
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(bytes)).whenComplete { _ in
                channel.close(mode: .output, promise: nil)
            }
            context.eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) }
            context.fireChannelActive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            read += unwrapInboundIn(data).readableBytes
            if read > 8192 { context.close(promise: nil) }
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if event is ChannelEvent, case .inputClosed = event as! ChannelEvent { context.close(promise: nil) }
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            context.close(promise: nil)
        }
    }
}
