import NIOCore
import Store

/// One game's store line: each line a request, decoded and handed to the service; answers are
/// written back in order (the game sends one request at a time and waits). A line that is not a
/// request is answered `failed`; after `StoreService.maxBadLines` of them, or a line too long,
/// the line is closed, and the game says its progress is not saved.
final class LineHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// What answers a request: the service's `handle`, or a test's own (the handler is unit-tested
    /// on a testing channel without PostgreSQL). It calls `reply` once, from any thread.
    typealias Handle = @Sendable (_ request: StoreLine.Request, _ player: String,
                                  _ reply: @escaping @Sendable (StoreLine.Reply) -> Void) async -> Void

    let player: String
    private let handle: Handle
    private var badLines = 0

    convenience init(service: StoreService, player: String) {
        self.init(player: player) { request, player, reply in await service.handle(request, player: player, reply: reply) }
    }

    init(player: String, handle: @escaping Handle) {
        self.player = player
        self.handle = handle
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let line = unwrapInboundIn(data)
        let channel = context.channel
        let reply: @Sendable (StoreLine.Reply) -> Void = { answer in
            guard let bytes = StoreLine.encodeFitting(answer) ?? StoreLine.encode(StoreLine.Reply.failed("the answer is too large")) else { return }
            channel.writeAndFlush(channel.allocator.buffer(bytes: bytes), promise: nil)
        }
        guard let request = StoreLine.decode(StoreLine.Request.self, from: line.readableBytesView) else {
            badLines += 1
            reply(.failed("the request could not be read"))
            if badLines >= StoreService.maxBadLines { context.close(promise: nil) }
            return
        }
        let handle = self.handle, player = self.player
        Task { await handle(request, player, reply) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
