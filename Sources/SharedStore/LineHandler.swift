import NIOCore
import Store

/// One game's store line: each line a request, decoded and handed to the service; answers are
/// written back in order (the game sends one request at a time and waits). A line that is not a
/// request is answered `failed`; after `StoreService.maxBadLines` of them, or a line too long,
/// the line is closed, and the game says its progress is not saved. A line over its budget
/// (`LineBudget`: a request rate, and a bound on the requests waiting for their answers) is
/// closed too, with a line in the server's log.
final class LineHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    /// Answers one request for the player; `reply` sends the answer (from any thread).
    typealias Handle = @Sendable (_ request: StoreLine.Request, _ reply: @escaping @Sendable (StoreLine.Reply) -> Void) async -> Void

    let player: String
    private let handle: Handle
    /// Seconds on a monotonic clock (the tests pass their own).
    private let clock: @Sendable () -> Double
    private let log: @Sendable (String) -> Void
    /// Touched on the channel's event loop only.
    private var budget: LineBudget
    private var badLines = 0
    private var cut = false

    init(player: String, limits: LineBudget.Limits = .standard, clock: @escaping @Sendable () -> Double,
         log: @escaping @Sendable (String) -> Void, handle: @escaping Handle) {
        self.player = player
        self.handle = handle
        self.clock = clock
        self.log = log
        budget = LineBudget(limits)
    }

    /// The line of `player`, answered by `service`.
    convenience init(service: StoreService, player: String) {
        self.init(player: player, clock: { StoreService.monotonicSeconds() }, log: { StoreService.log($0) }) { request, reply in
            await service.handle(request, player: player, reply: reply)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !cut else { return }
        let line = unwrapInboundIn(data)
        let channel = context.channel
        // Counted off as its bytes are handed to the channel, on the loop (any thread may answer).
        let reply: @Sendable (StoreLine.Reply) -> Void = { [self] answer in
            guard let bytes = StoreLine.encodeFitting(answer) ?? StoreLine.encode(StoreLine.Reply.failed("the answer is too large")) else { return }
            channel.eventLoop.execute {
                self.budget.answered()
                channel.writeAndFlush(channel.allocator.buffer(bytes: bytes), promise: nil)
            }
        }
        // Answers pile up unread in the channel: the game is not reading them.
        let verdict = channel.isWritable ? budget.request(at: clock()) : .tooMany
        guard verdict == .take else {
            cut = true
            self.log("the store line of player \(player) was cut off: \(verdict.reason(budget.limits))")
            context.close(promise: nil)
            return
        }
        guard let request = StoreLine.decode(StoreLine.Request.self, from: line.readableBytesView) else {
            badLines += 1
            budget.answered()
            channel.writeAndFlush(channel.allocator.buffer(bytes: StoreLine.encode(StoreLine.Reply.failed("the request could not be read")) ?? []),
                                  promise: nil)
            if badLines >= StoreService.maxBadLines { context.close(promise: nil) }
            return
        }
        let handle = self.handle
        Task { await handle(request, reply) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
