import Crypto
import Dispatch
import Logging
import NIOCore
import NIOPosix
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve`: an SSH server whose every session is a game (see docs/serve.md and
/// `GameSession`). `run` returns when the server has shut down (SIGTERM, SIGINT or SIGHUP).
public enum GameServer {
    public static func run(_ configuration: ServeConfiguration) throws(ServeError) {
        ServerLog.use(format: configuration.logFormat, level: configuration.logLevel)
        let key = try HostKeyFile.loadOrCreate(path: configuration.hostKeyPath)
        let hostKey = NIOSSHPrivateKey(ed25519Key: key)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let state = ServerState(configuration: configuration, loop: group.next(), hostKey: hostKey)
        // `finished` is completed by a shutdown; a start that fails before serving (a port in
        // use, a signal pipe that cannot be made) completes it here instead, before the group
        // goes: SwiftNIO's debug build traps on a promise left uncompleted ("leaking promise").
        var served = false
        defer { if !served { state.finished.fail(ServeError("the server did not start")) } }
        configuration.gameNotes.attach(state)
        defer { configuration.gameNotes.attach(nil) }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
            .childChannelOption(ChannelOptions.Types.SocketOption(level: .tcp, name: .init(rawValue: TCP_KEEPIDLE)),
                                value: ServeConfiguration.keepAliveIdleSeconds)
            .childChannelOption(ChannelOptions.Types.SocketOption(level: .tcp, name: .init(rawValue: TCP_KEEPINTVL)),
                                value: ServeConfiguration.keepAliveIntervalSeconds)
            .childChannelOption(ChannelOptions.Types.SocketOption(level: .tcp, name: .init(rawValue: TCP_KEEPCNT)),
                                value: ServeConfiguration.keepAliveProbes)
            .childChannelInitializer { channel in state.accept(channel) }
        let listener: Channel
        do {
            listener = try bootstrap.bind(host: configuration.listen.host, port: configuration.listen.port).wait()
        } catch {
            throw ServeError.cannot("listen on \(configuration.listen)", error)
        }
        // Every early exit from here on closes it (the port is free again for the next try).
        defer { if !served { listener.close(promise: nil) } }
        if let address = configuration.metrics, let warning = MetricsEndpoint.exposure(of: address) {
            ServerLog.logger.warning("\(warning)")
        }
        let metricsListener = try configuration.metrics.map { address throws(ServeError) in
            try MetricsEndpoint.bind(address, group: group, metrics: state.metrics)
        }
        defer { metricsListener?.close(promise: nil) }
        var health: Channel?
        if let address = configuration.health {
            do {
                health = try HealthCheck.bind(address, group: group, status: { [state] in state.health })
            } catch {
                throw ServeError.cannot("answer health checks on \(address)", error)
            }
        }
        defer { health?.close(promise: nil) }
        let peerListener = try configuration.peers.map { peers throws(ServeError) in
            try PeerListener.bind(peers.listen, group: group, server: state, key: peers.key)
        }
        defer { peerListener?.close(promise: nil) }
        let fingerprint = Player.fingerprint(openSSH: String(openSSHPublicKey: hostKey.publicKey)) ?? "?"
        try? state.loop.submit {
            state.listener = listener
            state.peerListener = peerListener
            state.start()
        }.wait()
        // Signals become a call on the loop; the handlers do nothing else. In place before
        // "listening on" is written: whoever waits for that line (a supervisor, a test) may send
        // SIGTERM at once.
        try StopSignals.install { state.loop.execute { state.shutDown() } }
        signal(SIGPIPE, SIG_IGN)
        let listening: String = "listening on \(configuration.listen), host key \(fingerprint), state in \(configuration.stateDirectory)"
            + (configuration.metrics.map { ", metrics on http://\($0)/metrics" } ?? "")
            + (configuration.proxyFrom.map { ", PROXY headers from \($0)" } ?? "")
            + (configuration.peers.map { ", peers on \($0.listen)" } ?? "")
        ServerLog.logger.notice("\(listening)")

        served = true
        try? state.finished.futureResult.wait()
        // Still answering 503 and serving metrics while the last saves are written.
        configuration.afterGames?()
        ServerLog.logger.notice("stopped")
    }
}
