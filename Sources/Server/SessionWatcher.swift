import Logging
import NIOCore
import NIOSSH

/// A session's watcher role (`ssh HOST watch NAME`), kept apart from its game role
/// (`GameSession`, issue 35 item 7): it runs no child; it gets a copy of the watched game's
/// output, from a game of this instance (`ServerState.watchGame`) or of another instance of the
/// cluster (`PeerWatch`), let go when it falls too far behind (`WatcherQueue`); q, Ctrl-C or
/// Ctrl-D give the terminal back. It writes through its session's channel and ends the session
/// when it stops watching. Everything runs on the session's event loop.
final class SessionWatcher: Watcher, @unchecked Sendable {
    /// The session's id: the roster counts watchers by their connection's.
    let id: Int
    /// Weak: a lookup or a peer's answer may come after the session has gone, and finds no
    /// channel then, as the session's own closures found it closed.
    private weak var session: GameSession?
    private unowned let connection: Connection
    private unowned let server: ServerState
    /// The name of the game watched, once watching (nil before, and after it stopped).
    private(set) var watching: String?
    /// The watched game's bytes not yet sent.
    private var queue = WatcherQueue()
    /// A watcher of a game on another instance: the connection to it (`PeerWatch`).
    private var remote: Channel?

    init(session: GameSession, connection: Connection, server: ServerState) {
        self.session = session
        self.connection = connection
        self.server = server
        id = session.id
    }

    /// Watches the game named `name`, if its player lets others watch: here, or else on the
    /// instance the `playing` table names.
    func start(_ name: String) {
        let listed = server.roster.lists(name)
        switch server.watchGame(named: name, by: self) {
        case .refused(let why):
            // Not on this instance: perhaps on another of the cluster (`PeerWatch`).
            if !listed, let peers = server.configuration.peers, let lookup = peers.lookup, let loop = session?.context?.eventLoop {
                return lookup(name) { addresses in
                    loop.execute { self.watchRemote(name, at: addresses, peers: peers, refusal: why) }
                }
            }
            refuse(why)
        case .watch(_, let shown):
            began(shown)
        }
    }

    private func refuse(_ why: String) {
        ServerLog.logger.notice("watch refused \(connection.address): \(why.dropFirst(6))")
        session?.endAtOnce(saying: why, status: 1, asError: true)
    }

    private func began(_ shown: String, on peer: String? = nil) {
        watching = shown
        ServerLog.logger.info("watch \(connection.address) \(shown)\(peer.map { " on \($0)" } ?? "")")
        // The watcher's own screen, cleared; the game paints itself whole on it (it is told
        // a watcher came), and the end gives the terminal back (`stopWatching`).
        if let context = session?.context { session?.write("\u{1b}[?1049h\u{1b}[H\u{1b}[2J", to: context) }
    }

    /// The instances the `playing` table says `name`'s player is on, tried in turn: the first
    /// that lets this session watch streams the game here; none: `refusal` (the words a local
    /// refusal has, so a watcher cannot tell where a player is who does not allow it).
    private func watchRemote(_ name: String, at addresses: [ListenAddress], peers: PeerOptions, refusal: String) {
        guard session?.context != nil, watching == nil, !connection.isClosing else { return }
        guard let address = addresses.first, let loop = session?.context?.eventLoop else { return refuse(refusal) }
        PeerWatch.connect(to: address, name: name, key: peers.key, loop: loop) { event in
            switch event {
            case .connected(let channel, let shown):
                guard self.session?.context != nil, self.watching == nil else { return channel.close(promise: nil) }
                self.remote = channel
                self.began(shown, on: address.description)
            case .refused(let reason):
                if self.watching == nil {
                    ServerLog.logger.notice("watch \(self.connection.address): \(address) answered \(reason)")
                    self.watchRemote(name, at: Array(addresses.dropFirst()), peers: peers, refusal: refusal)
                }
            case .output(let bytes):
                self.watched(bytes)
            case .ended(let ending):
                self.remote = nil
                self.stopWatching(saying: Self.remoteEnding(ending, name: self.watching ?? ""))
            }
        }
    }

    /// What a watcher of another instance's game is told when it ends (the peer sends a code).
    static func remoteEnding(_ ending: PeerWire.Ending?, name: String) -> String {
        switch ending {
        case .ended: "soma: the game ended; stopped watching"
        case .disallowed: "soma: the player stopped letting others watch"
        case .replaced: "soma: \(name) started another game; stopped watching"
        case .behind: "soma: the game's server could not keep up with your connection; stopped watching"
        case .shutdown: "soma: \(name)'s server is shutting down; stopped watching"
        case nil: "soma: lost the connection to \(name)'s server; stopped watching"
        }
    }

    /// The watcher's keys: q, Ctrl-C or Ctrl-D leave; every other key does nothing.
    func typed(_ bytes: ByteBuffer) {
        guard bytes.readableBytesView.contains(where: { [0x71, 0x51, 0x03, 0x04].contains($0) }) else { return }
        server.watcherLeft(self)
        stopWatching(saying: "soma: stopped watching \(watching ?? "")")
    }

    /// The watched game's output, to this watcher: let go when it has fallen too far behind,
    /// never waited for.
    func watched(_ bytes: ByteBuffer) {
        guard let context = session?.context, watching != nil else { return }
        let count = bytes.readableBytes
        guard queue.offer(count) else {
            server.watcherLeft(self)
            return stopWatching(saying: "soma: your connection fell behind \(watching ?? "the") game; stopped watching")
        }
        context.writeAndFlush(NIOAny(SSHChannelData(type: .channel, data: .byteBuffer(bytes)))).assumeIsolated()
            .whenComplete { _ in self.queue.sent(count) }
    }

    /// Ends a watcher: its terminal given back, the reason said, exit status 0.
    func stopWatching(_ ending: PeerWire.Ending, saying line: String) {
        stopWatching(saying: line)
    }

    func stopWatching(saying line: String) {
        guard watching != nil else { return }
        watching = nil
        remote?.close(promise: nil)
        remote = nil
        if let context = session?.context { session?.write(ChildEnding.terminalReset, to: context) }
        session?.endAtOnce(saying: "\r" + line, status: 0, asError: false)
    }

    /// The session's channel closed: the game (here or on a peer) loses this watcher.
    func channelClosed() {
        if watching != nil { server.watcherLeft(self) }
        remote?.close(promise: nil)
        remote = nil
    }
}
