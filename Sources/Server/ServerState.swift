import Logging
import NIOCore
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// Everything the server knows at one moment: the connections, the children to reap, who has a
/// place (`Admission`), whether it is shutting down. Touched only on the server's one event loop
/// (a game server of 64 sessions copies a few kilobytes a second; one thread is plenty, and
/// state on one thread needs no lock).
final class ServerState: @unchecked Sendable {
    let configuration: ServeConfiguration
    let loop: EventLoop
    let hostKey: NIOSSHPrivateKey
    /// What `--metrics` serves; counted whether or not it is served.
    var metrics: ServerMetrics { configuration.serverMetrics }
    private(set) var connections: [Int: Connection] = [:]
    private var children: [pid_t: GameSession] = [:]
    /// Who may be watched and who watches (`ServerState+Watching`).
    var roster = WatchRoster()
    /// The games that let others watch, by connection id.
    var watchSessions: [Int: GameSession] = [:]
    /// Who watches, by roster id (`Watcher`: a session here or a peer instance's).
    var watchers: [Int: any Watcher] = [:]
    /// `--peer-listen`: other instances' watchers come in here (`PeerListener`).
    var peerListener: Channel?
    /// Who is in a game now, told to `configuration.presence` (`ServerState+Presence`).
    var playing: PlayingNow
    private var admission: Admission
    private var nextID = 0
    private(set) var shuttingDown = false
    var listener: Channel?
    /// Completed when the server has shut down.
    let finished: EventLoopPromise<Void>

    init(configuration: ServeConfiguration, loop: EventLoop, hostKey: NIOSSHPrivateKey) {
        self.configuration = configuration
        self.loop = loop
        self.hostKey = hostKey
        admission = Admission(limits: configuration.admissionLimits)
        playing = PlayingNow(heartbeatSeconds: configuration.presenceHeartbeatSeconds)
        finished = loop.makePromise()
    }

    /// Starts the clocks: the reaper (children that exited) and the sweep (idle, time limits).
    func start() {
        loop.scheduleRepeatedTask(initialDelay: .milliseconds(100), delay: .milliseconds(100)) { _ in
            self.reap()
        }
        loop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .milliseconds(500)) { _ in
            self.sweep()
        }
    }

    // MARK: connections

    /// The next number for a connection (or a peer's watcher).
    func takeID() -> Int {
        nextID += 1
        return nextID
    }

    /// A new TCP connection: let in to log in, or refused with the reason said (`Admission`
    /// decides; a refused client gets an SSH disconnect message and no key exchange); a login
    /// in progress it pushes out is closed. From a `--proxy-from` balancer, all that waits for
    /// the PROXY header (`ProxyHeaderReader`), and the player's address it names is the
    /// connection's address from then on.
    func accept(_ channel: Channel) -> EventLoopFuture<Void> {
        // A peer gone before its connection was accepted has no address (a balancer's probe that
        // connects and closes at once): there is no one to serve, count or log.
        guard let remote = channel.remoteAddress else {
            channel.close(promise: nil)
            return channel.eventLoop.makeSucceededVoidFuture()
        }
        let ip = remote.ipAddress ?? "?"
        let address = "\(ip):\(remote.port ?? 0)"
        guard let balancers = configuration.proxyFrom, let own = IPAddress(ip), balancers.contains(own) else {
            return channel.eventLoop.makeCompletedFuture { try admit(channel, ip: ip, address: address) }
        }
        let reader = ProxyHeaderReader(deadline: .seconds(Int64(ServeConfiguration.loginGraceSeconds)), found: { header in
            do {
                guard case .relayed(let player, let port) = header else { return try self.admit(channel, ip: ip, address: address) }
                try self.admit(channel, ip: player.description, address: "\(player):\(port)", via: address)
            } catch {
                channel.close(promise: nil)
            }
        }, failed: { reason, refused in
            ServerLog.logger.log(level: refused ? .notice : .info, "\(refused ? "refused" : "disconnect") \(address): \(reason)")
            if refused { self.metrics.refused(.proxyHeader) }
            channel.close(promise: nil)
        })
        return channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(reader) }
    }

    /// Admission and the SSH handlers for a connection from `ip` (`address`: `ip:port`, for the
    /// log), relayed by the balancer at `balancer` if any.
    private func admit(_ channel: Channel, ip: String, address: String, via balancer: String? = nil) throws {
        let id = takeID()
        if !storeAnswers, !shuttingDown {
            ServerLog.logger.notice("refused \(address): the database does not answer")
            metrics.refused(.storeUnavailable)
            return try channel.pipeline.syncOperations.addHandler(RefusalHandler(message: Self.storeAwayMessage))
        }
        switch admission.connect(id: id, address: AddressGroup.key(ip), now: MonotonicTime.now()) {
        case .refused(let refusal):
            ServerLog.logger.notice("refused \(address): \(refusal.message.dropFirst(6))")
            metrics.refused(RefusalReason(refusal))
            return try channel.pipeline.syncOperations.addHandler(RefusalHandler(message: refusal.message))
        case .admitted(let pushedOut):
            if let pushedOut, let victim = connections[pushedOut] {
                if victim.spoke {
                    victim.refuse("pushed out: \(configuration.maxPendingLogins) logins in progress", as: .pushedOut)
                } else {
                    victim.refuse("dropped silent: \(admission.pendingCount) logins in progress", as: .silent)
                }
            }
        }
        let connection = Connection(id: id, channel: channel, ip: ip, address: address, server: self)
        connections[connection.id] = connection
        ServerLog.logger.info("connect \(address)\(balancer.map { " via \($0)" } ?? "")")
        channel.closeFuture.assumeIsolated().whenComplete { _ in
            self.connections[connection.id] = nil
            if case .playing = self.admission.connections[connection.id] { self.metrics.seatLeft() }
            self.admission.closed(id: connection.id)
            connection.closed()
            self.finishIfDone()
        }
        var serverConfiguration = SSHServerConfiguration(hostKeys: [hostKey], userAuthDelegate: Authenticator(connection: connection))
        serverConfiguration.maxAuthAttempts = 10
        try channel.pipeline.syncOperations.addHandlers([
            TrafficGuard(connection: connection),
            NIOSSHHandler(role: .server(serverConfiguration), allocator: channel.allocator,
                          inboundChildChannelInitializer: { child, type in connection.openChannel(child, type: type) }),
            ConnectionErrors(connection: connection),
        ])
    }

    /// A connection authenticated: a place to play, the overflow (told the server is full), or
    /// none (closed, logged).
    func seat(_ connection: Connection) -> Admission.Seat {
        let seat = admission.loggedIn(id: connection.id, now: MonotonicTime.now())
        if case .full = seat { ServerLog.logger.notice("full \(connection.address): \(configuration.maxSessions) players") }
        if case .play = seat { metrics.seatTaken() }
        return seat
    }

    /// A connection's first bytes came: it is no longer a silent login.
    func spoke(_ connection: Connection) {
        admission.spoke(id: connection.id)
    }

    /// A connection opened a session, or its session ended: its place is in use, or idle.
    func sessionOpened(_ connection: Connection) {
        admission.sessionOpened(id: connection.id)
    }

    func sessionClosed(_ connection: Connection) {
        admission.sessionClosed(id: connection.id, now: MonotonicTime.now())
    }

    /// A session asks to run a command: nil when it may, else why not.
    func startCommand(_ connection: Connection, player: Player) -> String? {
        if case .key(let fingerprint) = player {
            return admission.startCommand(id: connection.id, player: fingerprint)
        }
        return admission.startCommand(id: connection.id, player: nil)
    }

    func commandEnded(_ connection: Connection) {
        admission.commandEnded(id: connection.id)
    }

    /// Once a second or so: connections that did not log in in time (or were told the server is
    /// full and stayed), that have been idle too long, or have reached the session limit.
    private func sweep() {
        let now = MonotonicTime.now()
        for id in admission.expired(now: now, grace: ServeConfiguration.loginGraceSeconds) {
            guard let connection = connections[id], !connection.isClosing else { continue }
            connection.refuse(connection.isOverflow ? "server full" : "no login within \(Int(ServeConfiguration.loginGraceSeconds))s",
                              as: connection.isOverflow ? nil : .loginTimeout)
        }
        for id in admission.silent(now: now) {
            guard let connection = connections[id], !connection.isClosing else { continue }
            connection.refuse("no bytes within \(TimeSpan(seconds: admission.limits.firstBytesSeconds))", as: .silent)
        }
        for id in admission.idleSeats(now: now) {
            guard let connection = connections[id], !connection.isClosing else { continue }
            connection.refuse("no session within \(TimeSpan(seconds: admission.limits.seatGrace))", as: .noSession)
        }
        tellPresence(now: now)
        for connection in connections.values {
            for session in connection.sessions { session.checkCommand(now: now) }
        }
        for connection in connections.values where !connection.isClosing && connection.player != nil && !connection.isOverflow {
            if now - connection.lastInput > configuration.idleTimeout.seconds {
                connection.disconnect(reason: "idle for \(configuration.idleTimeout)",
                                      message: "no input for \(configuration.idleTimeout): disconnected (your progress is saved)")
            } else if now - connection.opened > configuration.sessionLimit.seconds {
                connection.disconnect(reason: "session limit \(configuration.sessionLimit)",
                                      message: "sessions last at most \(configuration.sessionLimit): disconnected (your progress is saved)")
            }
        }
    }

    // MARK: children

    func watch(child pid: pid_t, of session: GameSession) {
        children[pid] = session
    }

    /// Collects the children that exited and tells their sessions.
    private func reap() {
        for (pid, session) in children {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            guard result == pid || (result == -1 && errno == ECHILD) else { continue }
            children[pid] = nil
            let signal = status & 0x7f
            session.childExited(status: result == -1 ? 1 : (signal == 0 ? (status >> 8) & 0xff : 128 + signal))
        }
        finishIfDone()
    }

    // MARK: shutdown

    /// SIGTERM: no new connections; every session is told the server is shutting down once its
    /// game has saved (SIGHUP); whatever is left after the grace is ended; then the server stops.
    /// What the health check answers: whether new players are taken, and if not why (from
    /// SIGTERM on; while every place is taken; while the database does not answer). The health
    /// check runs on this same loop (the group has one thread), so it reads it safely.
    var health: HealthCheck.Status {
        if shuttingDown { return .draining }
        if !storeAnswers { return .storeAway }
        if admission.playingCount >= configuration.maxSessions { return .full }
        return .serving
    }

    /// Whether the store answers (always without `--database`).
    var storeAnswers: Bool { configuration.storeAnswering?() ?? true }

    /// What a newcomer is told while the database does not answer.
    static let storeAwayMessage = "soma: the server cannot reach its database just now; please try again shortly"

    func shutDown() {
        guard !shuttingDown else { return }
        shuttingDown = true
        admission.shutDown()
        ServerLog.logger.notice("shutting down: \(connections.count) connections, \(children.count) games")
        listener?.close(promise: nil)
        peerListener?.close(promise: nil)
        for connection in connections.values {
            connection.disconnect(reason: "server shutting down", message: "server shutting down",
                                  grace: ServeConfiguration.shutdownGraceSeconds - 0.5)
        }
        loop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(ServeConfiguration.shutdownGraceSeconds * 1000))) {
            for pid in self.children.keys { kill(pid, SIGKILL) }
            for connection in self.connections.values { connection.channel.close(promise: nil) }
            self.loop.assumeIsolated().scheduleTask(in: .milliseconds(300)) { self.finished.succeed() }
        }
        finishIfDone()
    }

    private func finishIfDone() {
        if shuttingDown && connections.isEmpty && children.isEmpty { finished.succeed() }
    }
}

/// The last handler of a connection: an error anywhere (a malformed packet, a failed key
/// exchange) closes this connection, and only it.
final class ConnectionErrors: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = Any

    private unowned let connection: Connection

    init(connection: Connection) {
        self.connection = connection
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        connection.refuse("protocol error: \(error)", as: .protocolError)
    }
}
