import Crypto
import Logging
import NIOCore

/// The player's instance's side of a watch from another instance (`PeerWire`): one TCP
/// connection on `--peer-listen`, greeted with a nonce; a `watch` request whose MAC proves the
/// asker holds the cluster's secret is put to the roster like a local watcher's, and the game's
/// output is sent on in `output` frames, bounded by a `WatcherQueue` like a local watcher's (a
/// slow peer is let go, never waited for). Nothing but one request is read: a connection that
/// does not ask within `PeerWire.handshakeSeconds`, asks with a bad MAC, or sends anything
/// else is closed. Lives on the server's loop.
final class PeerWatcher: ChannelInboundHandler, Watcher, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private unowned let server: ServerState
    private let key: SymmetricKey
    let id: Int
    private var context: ChannelHandlerContext?
    private var reader = PeerFrameReader()
    private let nonce = PeerWire.nonce()
    private var state = State.greeted
    private var queue = WatcherQueue()
    private var address = "?"

    private enum State {
        case greeted, watching, done
    }

    init(server: ServerState, key: SymmetricKey) {
        self.server = server
        self.key = key
        id = server.newWatcherID()
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        address = context.channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
        if context.channel.isActive { greet(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        greet(context)
        context.fireChannelActive()
    }

    private var greetedAlready = false

    private func greet(_ context: ChannelHandlerContext) {
        guard !greetedAlready else { return }
        greetedAlready = true
        send(.hello, PeerWire.version + " " + nonce)
        context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(PeerWire.handshakeSeconds)) {
            if case .greeted = self.state { self.close("no request within \(PeerWire.handshakeSeconds)s") }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        let frames: [PeerWire.Frame]
        do {
            frames = try reader.feed(bytes.readableBytesView)
        } catch {
            return close("\(error)")
        }
        for frame in frames {
            guard case .greeted = state, frame.kind == .watch else { return close("unexpected \(frame.kind)") }
            asked(String(decoding: frame.payload, as: UTF8.self))
        }
    }

    /// `NONCE MAC NAME`: the watcher's instance's nonce, the MAC of both nonces and the name.
    private func asked(_ text: String) {
        let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard words.count == 3, PeerWire.isNonce(words[0]), PeerWire.isName(String(words[2])) else { return close("malformed request") }
        let theirs = String(words[0]), name = String(words[2])
        guard PeerWire.check(String(words[1]), ["watch", nonce, theirs, name], key: key) else { return close("bad MAC") }
        let listed = server.roster.lists(name)
        switch server.watchGame(named: name, by: self) {
        case .watch(_, let shown):
            state = .watching
            ServerLog.logger.info("watch from peer \(address) \(shown)")
            send(.ok, PeerWire.mac(["ok", nonce, theirs, shown], key: key) + " " + shown)
        case .refused:
            ServerLog.logger.notice("watch refused peer \(address): \(listed ? "full" : "absent")")
            send(.no, (listed ? PeerWire.Refusal.full : .absent).rawValue)
            finish()
        }
    }

    /// The game's output, in frames of at most `PeerWire.maxFrame`.
    func watched(_ bytes: ByteBuffer) {
        guard case .watching = state, let context else { return }
        let count = bytes.readableBytes
        let frames = (count + PeerWire.maxFrame - 1) / PeerWire.maxFrame
        guard queue.offer(count + 5 * frames) else {
            server.watcherLeft(self)
            return stopWatching(.behind, saying: "")
        }
        var out = context.channel.allocator.buffer(capacity: count + 5 * frames)
        var rest = bytes
        while rest.readableBytes > 0, let chunk = rest.readBytes(length: min(rest.readableBytes, PeerWire.maxFrame)) {
            PeerWire.encode(.output, chunk, into: &out)
        }
        let sent = count + 5 * frames
        context.writeAndFlush(wrapOutboundOut(out)).assumeIsolated().whenComplete { _ in self.queue.sent(sent) }
    }

    func stopWatching(_ ending: PeerWire.Ending, saying line: String) {
        guard case .watching = state else { return }
        send(.end, ending.rawValue)
        finish()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if case .watching = state { server.watcherLeft(self) }
        state = .done
        self.context = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        close("\(error)")
    }

    private func send(_ kind: PeerWire.Kind, _ text: String) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count + 5)
        PeerWire.encode(kind, text, into: &buffer)
        lastWrite = context.writeAndFlush(wrapOutboundOut(buffer))
    }

    /// The last frame written by `send`: the connection closes once it is sent.
    private var lastWrite: EventLoopFuture<Void>?

    /// Done: what was written goes, then the connection closes.
    private func finish() {
        state = .done
        guard let context else { return }
        if let lastWrite {
            lastWrite.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else {
            context.close(promise: nil)
        }
    }

    private func close(_ why: String) {
        if case .watching = state { server.watcherLeft(self) }
        if case .done = state {} else { ServerLog.logger.warning("peer \(address): \(why); closed") }
        finish()
    }
}
