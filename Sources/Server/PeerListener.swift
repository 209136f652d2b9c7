import Crypto
import NIOCore
import NIOPosix

/// `soma serve --peer-listen HOST:PORT`: where the other instances of a cluster ask for a
/// watcher of a game on this one (`PeerWatcher`). An address only the instances reach (a
/// loopback or cluster network): the stream is authenticated by the shared secret, not
/// encrypted. At most `maxConnections` at once; each greets, then must ask within
/// `PeerWire.handshakeSeconds`.
enum PeerListener {
    static let maxConnections = 64

    static func bind(_ address: ListenAddress, group: EventLoopGroup, server: ServerState, key: SymmetricKey) throws(ServeError) -> Channel {
        let cap = ConnectionCap(limit: maxConnections)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 32)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                guard cap.admit(channel) else { return channel.eventLoop.makeSucceededVoidFuture() }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PeerWatcher(server: server, key: key))
                }
            }
        do {
            return try bootstrap.bind(host: address.host, port: address.port).wait()
        } catch {
            throw ServeError.cannot("listen for peers on \(address)", error)
        }
    }
}

/// `--peer-listen` and `--peer-secret-file`, and how to find which instances a player is on.
public struct PeerOptions: Sendable {
    /// Where this instance takes other instances' watch requests, and what it advertises.
    public var listen: ListenAddress
    /// The secret every instance of the cluster is given.
    public var key: SymmetricKey
    /// The instances (their `--peer-listen` addresses, this one's left out) where a player of
    /// this display name is in a game now, answered from any thread (the `playing` table); nil:
    /// no lookup (watching stays within this instance).
    public var lookup: (@Sendable (_ name: String, _ answer: @escaping @Sendable ([ListenAddress]) -> Void) -> Void)?

    /// The secret is read from `secretFile` (`PeerSecret`: its owner's alone, 16 to 4096 bytes).
    public init(listen: ListenAddress, secretFile: String) throws(ServeError) {
        self.listen = listen
        key = SymmetricKey(data: try PeerSecret.read(secretFile))
    }
}
