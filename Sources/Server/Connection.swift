import Logging
import NIOCore
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// One TCP connection: its address, who it plays as once authenticated, its session (one at a
/// time), and the clocks its limits run on. Lives on the server's one event loop, like every
/// object of the server, so it needs no lock.
final class Connection: @unchecked Sendable {
    let id: Int
    /// `ip:port`, for the log.
    let address: String
    /// The address the rate limit counts.
    let ip: String
    let channel: Channel
    unowned let server: ServerState
    let opened: Double
    private(set) var lastInput: Double
    private(set) var player: Player?
    private(set) var sessions: [GameSession] = []
    /// Why the server closes it (nil: the client left).
    private(set) var closingReason: String?
    private var meter: InputMeter

    /// Its first bytes have come (a silent login is the first to be dropped).
    private(set) var spoke = false

    /// Logged in past `--max-sessions`, only to be told the server is full: its session runs nothing.
    private(set) var isOverflow = false

    init(id: Int, channel: Channel, ip: String, address: String, server: ServerState) {
        self.id = id
        self.channel = channel
        self.ip = ip
        self.address = address
        self.server = server
        opened = MonotonicTime.now()
        lastInput = opened
        meter = InputMeter(limit: server.configuration.maxInputBytesPerSecond)
    }

    var isClosing: Bool { closingReason != nil }

    /// The client proved who it is: false when the server has no place for it at all (it is
    /// then closed; past `--max-sessions`, a few are let in to be told so in their session).
    func authenticated(as player: Player) -> Bool {
        guard self.player == nil else { return true }
        switch server.seat(self) {
        case .play:
            server.metrics.login(player == .guest ? .guest : .player)
        case .full:
            isOverflow = true
            server.metrics.login(.full)
            server.metrics.refused(.serverFull)
        case .refused(let refusal):
            server.metrics.login(.refused)
            refuse(String(refusal.message.dropFirst(6)), as: RefusalReason(refusal))
            return false
        }
        self.player = player
        lastInput = MonotonicTime.now()
        ServerLog.logger.info("auth \(address) \(player)")
        return true
    }

    /// The first bytes came (`TrafficGuard`).
    func firstBytes() {
        guard !spoke else { return }
        spoke = true
        server.spoke(self)
    }

    /// Counts a session's input; false when the player broke the input rate.
    func noteInput(_ bytes: Int) -> Bool {
        let now = MonotonicTime.now()
        lastInput = now
        return meter.admit(bytes, now: now)
    }

    /// A channel the client opens: a session, one at a time; nothing else (no forwarding).
    func openChannel(_ channel: Channel, type: SSHChannelType) -> EventLoopFuture<Void> {
        guard case .session = type, sessions.isEmpty, !isClosing, let player else {
            return channel.eventLoop.makeFailedFuture(ServeError("channel refused"))
        }
        let session = GameSession(connection: self, player: player)
        sessions.append(session)
        server.sessionOpened(self)
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(session)
        }
    }

    func sessionEnded(_ session: GameSession) {
        sessions.removeAll { $0 === session }
        if sessions.isEmpty { server.sessionClosed(self) }
        guard isClosing && sessions.isEmpty else { return }
        // The client leaves by itself once its session has closed; closing under it first makes
        // OpenSSH add "Connection closed by remote host" to what the player was told.
        channel.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(500)) { self.channel.close(promise: nil) }
    }

    /// Closes the connection for `reason` (logged): a session is told `message` after its game
    /// has saved and left (SIGHUP), or within `grace` seconds anyway.
    func disconnect(reason: String, message: String, grace: Double = ServeConfiguration.hangUpGraceSeconds) {
        guard !isClosing else { return }
        closingReason = reason
        guard !sessions.isEmpty else { return channel.close(promise: nil) }
        for session in sessions { session.end(telling: message) }
        channel.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(grace * 1000))) {
            for session in self.sessions { session.forceEnd() }
            self.channel.close(promise: nil)
        }
    }

    /// Closes at once a connection that broke a rule before it had a session (or a byte rule
    /// at any time), after writing `tell` raw when given (before SSH, a line is all a client reads).
    /// `kind`: what the refusals metric counts it as (nil: not a refusal at the door).
    func refuse(_ reason: String, as kind: RefusalReason? = nil, tell: String? = nil, context: ChannelHandlerContext? = nil) {
        guard !isClosing else { return }
        closingReason = reason
        if let kind { server.metrics.refused(kind) }
        for session in sessions { session.forceEnd() }
        if let tell, let context {
            var buffer = context.channel.allocator.buffer(capacity: tell.utf8.count)
            buffer.writeString(tell)
            // Past the SSH handler, straight to the socket.
            context.writeAndFlush(NIOAny(buffer)).whenComplete { _ in self.channel.close(promise: nil) }
        } else {
            channel.close(promise: nil)
        }
    }

    /// The end of the line: said once, when the socket has closed.
    func closed() {
        let seconds = Int(MonotonicTime.now() - opened)
        let who = player.map { " \($0)" } ?? ""
        ServerLog.logger.info("disconnect \(address)\(who) after \(seconds)s: \(closingReason ?? "client closed")")
        for session in sessions { session.connectionClosed() }
        sessions = []
    }
}
