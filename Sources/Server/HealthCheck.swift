import NIOCore
import NIOPosix

/// `soma serve --health HOST:PORT`: what a TCP balancer (HAProxy, a Kubernetes probe) asks to
/// know whether this instance takes players. Every connection is answered at once, HTTP/1.0
/// style so that an HTTP check and a plain TCP check both work: `200 OK` while the server
/// accepts players, `503 Service Unavailable` from SIGTERM on (draining: the games saving, then
/// `ServeConfiguration.afterGames`, the store's last writes), then closed as the server exits. The
/// request, if any, is read and dropped (at most a few kilobytes, for at most a second), so the
/// answer is not cut by a reset.
enum HealthCheck {
    static func bind(_ address: ListenAddress, group: EventLoopGroup, serving: @escaping @Sendable () -> Bool) throws -> Channel {
        try ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Answer(serving: serving()))
                }
            }
            .bind(host: address.host, port: address.port).wait()
    }

    /// The answer as bytes.
    static func answer(serving: Bool) -> String {
        let body = serving ? "ok\n" : "draining\n"
        let status = serving ? "200 OK" : "503 Service Unavailable"
        return "HTTP/1.0 \(status)\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
    }

    final class Answer: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let serving: Bool
        var read = 0

        init(serving: Bool) { self.serving = serving }

        func channelActive(context: ChannelHandlerContext) {
            let bytes = context.channel.allocator.buffer(string: HealthCheck.answer(serving: serving))
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
