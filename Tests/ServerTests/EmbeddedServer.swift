import Crypto
import NIOCore
import NIOEmbedded
import NIOSSH
@testable import Server

/// A server's state on an `EmbeddedEventLoop`, with its connections and sessions on
/// `EmbeddedChannel`s of that loop (swift-nio-ssh's own way of testing handlers): bytes and
/// events go in by hand, what the handlers write comes out as values, and time moves only when
/// a test advances it, so the handlers' deadlines are tested exactly, with no socket, process
/// or wall clock. Its clocks (`ServerState.start`) are never started: a test drives each step.
final class EmbeddedServer {
    let loop = EmbeddedEventLoop()
    let state: ServerState
    /// Every channel made here, closed at `finish`.
    private var channels: [EmbeddedChannel] = []

    /// A server of `maxSessions` places; `exec` decides what `ssh HOST COMMAND` runs;
    /// `storeAnswers` stands for `--database`'s probe.
    init(maxSessions: Int = 2, maxInputBytesPerSecond: Int = 4096,
         exec: @escaping @Sendable (String) -> ExecDecision = { _ in .refuse("no commands here") },
         storeAnswers: (@Sendable () -> Bool)? = nil) {
        var configuration = ServeConfiguration(
            listen: ListenAddress(host: "127.0.0.1", port: 2222), stateDirectory: "/nonexistent/soma-embedded",
            maxSessions: maxSessions, idleTimeout: TimeSpan(seconds: 600), sessionLimit: TimeSpan(seconds: 3600),
            connectionsPerMinute: 60, maxInputBytesPerSecond: maxInputBytesPerSecond,
            executable: "/nonexistent/soma", gameArguments: ["play"], execArguments: exec)
        configuration.storeAnswering = storeAnswers
        configuration.proxyFrom = ProxySources("10.0.0.2")
        state = ServerState(configuration: configuration, loop: loop,
                            hostKey: NIOSSHPrivateKey(ed25519Key: Curve25519.Signing.PrivateKey()))
    }

    /// A channel on the server's loop, open (not yet active), counted for `finish`.
    func channel(from address: String? = nil, port: Int = 40000) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(loop: loop)
        if let address { channel.remoteAddress = try SocketAddress(ipAddress: address, port: port) }
        channels.append(channel)
        return channel
    }

    /// A TCP connection from `address` accepted by the server (its admission, its handlers);
    /// not made active, so the SSH handler stays silent. Nil when it has no `Connection` (refused,
    /// or waiting for a PROXY header).
    func accept(from address: String) throws -> (channel: EmbeddedChannel, connection: Connection?) {
        let before = Set(state.connections.keys)
        let channel = try channel(from: address)
        try state.accept(channel).wait()
        let id = state.connections.keys.first { !before.contains($0) }
        return (channel, id.flatMap { state.connections[$0] })
    }

    /// A session channel opened on `connection` (which must have logged in): a `GameSession`
    /// behind an `OutboundEvents` recorder, active.
    func openSession(on connection: Connection) throws -> (channel: EmbeddedChannel, events: OutboundEvents) {
        let channel = try channel()
        let events = OutboundEvents()
        try channel.pipeline.syncOperations.addHandler(events)
        try connection.openChannel(channel, type: .session).wait()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return (channel, events)
    }

    /// Closes what is left open, newest first (a session before its connection, as the SSH
    /// handler closes its child channels first), and drops what is left scheduled; the state's
    /// promise is kept.
    func finish() throws {
        for channel in channels.reversed() { _ = try channel.finish(acceptAlreadyClosed: true) }
        state.finished.succeed()
        loop.run()
    }
}

/// The outbound user events a handler sends (channel success and failure replies, exit status),
/// in order; each one's promise succeeds, as an SSH child channel's would once sent.
final class OutboundEvents: ChannelOutboundHandler, @unchecked Sendable {
    typealias OutboundIn = Any
    private(set) var events: [Any] = []

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        events.append(event)
        promise?.succeed()
    }

    /// The events as words a test compares: `success`, `failure`, `exit N`.
    var words: [String] {
        events.map { event in
            switch event {
            case is ChannelSuccessEvent: "success"
            case is ChannelFailureEvent: "failure"
            case let status as SSHChannelRequestEvent.ExitStatus: "exit \(status.exitStatus)"
            default: "\(event)"
            }
        }
    }
}

extension EmbeddedChannel {
    /// Everything written out so far as text, in order (ByteBuffers), and consumed.
    func writtenText() throws -> String {
        var text = ""
        while let buffer = try readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text
    }

    /// The session data written out so far, in order and consumed: each write as `out:` (the
    /// channel's own data) or `err:` (stderr) and its text.
    func sessionWrites() throws -> [String] {
        var writes: [String] = []
        while let data = try readOutbound(as: SSHChannelData.self) {
            guard case .byteBuffer(let buffer) = data.data else { continue }
            writes.append((data.type == .stdErr ? "err:" : "out:") + String(buffer: buffer))
        }
        return writes
    }

    /// Bytes in, as a client's.
    func send(_ text: String) throws {
        try writeInbound(ByteBuffer(string: text))
    }

    /// Session data in, as a client's typing.
    func type(_ text: String) throws {
        try writeInbound(SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(string: text))))
    }
}

extension ServerMetrics {
    /// The value of sample `name` (with its labels as written) in the served text.
    func sample(_ name: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }
}
