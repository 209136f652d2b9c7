import NIOCore
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// Everything the server knows at one moment: the connections, the children to reap, the
/// per-address rate, whether it is shutting down. Touched only on the server's one event loop
/// (a game server of 64 sessions copies a few kilobytes a second; one thread is plenty, and
/// state on one thread needs no lock).
final class ServerState: @unchecked Sendable {
    let configuration: ServeConfiguration
    let loop: EventLoop
    let hostKey: NIOSSHPrivateKey
    private var connections: [Int: Connection] = [:]
    private var children: [pid_t: GameSession] = [:]
    private var rateLimiter: ConnectionRateLimiter
    private var nextID = 0
    private(set) var shuttingDown = false
    var listener: Channel?
    /// Completed when the server has shut down.
    let finished: EventLoopPromise<Void>

    init(configuration: ServeConfiguration, loop: EventLoop, hostKey: NIOSSHPrivateKey) {
        self.configuration = configuration
        self.loop = loop
        self.hostKey = hostKey
        rateLimiter = ConnectionRateLimiter(perMinute: configuration.connectionsPerMinute)
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

    /// A new TCP connection: refused (closed, one log line) when the server is full, shutting
    /// down, or the address opens too many; else given the guard and the SSH handler.
    func accept(_ channel: Channel) -> EventLoopFuture<Void> {
        let remote = channel.remoteAddress
        let ip = remote?.ipAddress ?? "?"
        let address = remote.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
        let refusal: String?
        let playing = connections.values.count { !$0.isOverflow }
        let full = playing >= configuration.maxSessions
        if shuttingDown {
            refusal = "shutting down"
        } else if full && connections.count - playing >= ServeConfiguration.maxOverflow {
            refusal = "\(playing) sessions already (--max-sessions) and \(ServeConfiguration.maxOverflow) being told so"
        } else if !rateLimiter.admit(ip, now: MonotonicTime.now()) {
            refusal = "more than \(configuration.connectionsPerMinute) new connections a minute from \(ip)"
        } else if connections.values.count(where: { $0.ip == ip && $0.player == nil }) >= ServeConfiguration.maxPendingPerAddress {
            refusal = "\(ServeConfiguration.maxPendingPerAddress) connections from \(ip) not logged in yet"
        } else {
            refusal = nil
        }
        if let refusal {
            ServerLog.line("refused \(address): \(refusal)")
            return channel.eventLoop.makeFailedFuture(ServeError(refusal))
        }
        nextID += 1
        let connection = Connection(id: nextID, channel: channel, ip: ip, address: address, server: self, isOverflow: full)
        connections[connection.id] = connection
        ServerLog.line("connect \(address)" + (full ? " (server full: to be told so)" : ""))
        channel.closeFuture.assumeIsolated().whenComplete { _ in
            self.connections[connection.id] = nil
            connection.closed()
            self.finishIfDone()
        }
        var serverConfiguration = SSHServerConfiguration(hostKeys: [hostKey], userAuthDelegate: Authenticator(connection: connection))
        serverConfiguration.maxAuthAttempts = 10
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandlers([
                TrafficGuard(connection: connection),
                NIOSSHHandler(role: .server(serverConfiguration), allocator: channel.allocator,
                              inboundChildChannelInitializer: { child, type in connection.openChannel(child, type: type) }),
                ConnectionErrors(connection: connection),
            ])
        }
    }

    /// Once a second or so: connections that did not log in in time, that have been idle too
    /// long, or have reached the session limit.
    private func sweep() {
        let now = MonotonicTime.now()
        for connection in connections.values where !connection.isClosing {
            if connection.isOverflow && now - connection.opened > ServeConfiguration.loginGraceSeconds {
                connection.refuse("server full")
            } else if connection.player == nil {
                if now - connection.opened > ServeConfiguration.loginGraceSeconds {
                    connection.refuse("no login within \(Int(ServeConfiguration.loginGraceSeconds))s")
                }
            } else if now - connection.lastInput > configuration.idleTimeout.seconds {
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
    func shutDown() {
        guard !shuttingDown else { return }
        shuttingDown = true
        ServerLog.line("shutting down: \(connections.count) connections, \(children.count) games")
        listener?.close(promise: nil)
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
        connection.refuse("protocol error: \(error)")
    }
}
