import Crypto
import Foundation
import NIOCore
import NIOPosix
import NIOSSH

/// An SSH client made of swift-nio-ssh, for what the OpenSSH client cannot do on cue: dozens of
/// sessions at once from one test with exact timings (the load test), window sizes no terminal
/// has (0x0, 10000x10000), input floods. Connects from a loopback address of its own choosing
/// (all of 127.0.0.0/8 is this machine), with an Ed25519 key made in memory or as a guest.
final class SSHTestClient: @unchecked Sendable {
    static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    private let lock = NSLock()
    private var received: [UInt8] = []
    private var status: Int?
    private var isClosed = false
    private var firstFrame: Date?
    /// When the connection was asked for.
    let started = Date()
    /// Text whose first appearance is the first frame (its time is kept).
    let frameMarker: String
    private var connection: Channel?
    private var session: Channel?

    /// Connects from `source` to 127.0.0.1:`port` and opens a session: a terminal of
    /// `width` x `height` (none when `width` is nil) and a shell, or `exec`; `reading` false
    /// leaves what the server sends unread.
    init(port: Int, source: String = "127.0.0.1", key: Curve25519.Signing.PrivateKey?, user: String = "player",
         width: Int? = 100, height: Int = 36, exec: String? = nil, frameMarker: String = "moves ", reading: Bool = true) throws {
        self.frameMarker = frameMarker
        let authentication = Offer(user: user, key: key)
        let connection = try ClientBootstrap(group: Self.group)
            .bind(to: try SocketAddress(ipAddress: source, port: 0))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSHHandler(
                        role: .client(SSHClientConfiguration(userAuthDelegate: authentication, serverAuthDelegate: AnyHostKey())),
                        allocator: channel.allocator, inboundChildChannelInitializer: nil))
                }
            }
            .connectTimeout(.seconds(10))
            .connect(host: "127.0.0.1", port: port).wait()
        self.connection = connection
        let session = try connection.eventLoop.flatSubmit { () -> EventLoopFuture<Channel> in
            let promise = connection.eventLoop.makePromise(of: Channel.self)
            do {
                let handler = try connection.pipeline.syncOperations.handler(type: NIOSSHHandler.self)
                handler.createChannel(promise, channelType: .session) { child, _ in
                    child.eventLoop.makeCompletedFuture {
                        // Not reading: the window is never opened again, as for `ssh ... | sleep 3600`.
                        if !reading { try child.syncOptions?.setOption(ChannelOptions.autoRead, value: false) }
                        try child.pipeline.syncOperations.addHandler(Reader(client: self))
                    }
                }
            } catch {
                promise.fail(error)
            }
            return promise.futureResult
        }.wait()
        self.session = session
        if let width {
            try session.triggerUserOutboundEvent(SSHChannelRequestEvent.PseudoTerminalRequest(
                wantReply: false, term: "xterm-256color", terminalCharacterWidth: width, terminalRowHeight: height,
                terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:]))).wait()
        }
        if let exec {
            try session.triggerUserOutboundEvent(SSHChannelRequestEvent.ExecRequest(command: exec, wantReply: false)).wait()
        } else {
            try session.triggerUserOutboundEvent(SSHChannelRequestEvent.ShellRequest(wantReply: false)).wait()
        }
    }

    deinit {
        connection?.close(promise: nil)
    }

    /// Everything received so far, as text.
    var text: String { lock.withLock { String(decoding: received, as: UTF8.self) } }
    var exitStatus: Int? { lock.withLock { status } }
    var closed: Bool { lock.withLock { isClosed } }
    /// Seconds from the connection's start to the first frame, once it came.
    var timeToFirstFrame: Double? { lock.withLock { firstFrame.map { $0.timeIntervalSince(started) } } }

    /// Bytes typed into the session.
    func send(_ text: String) throws {
        guard let session else { return }
        var buffer = session.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        try session.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer))).wait()
    }

    func windowChange(width: Int, height: Int) throws {
        try session?.triggerUserOutboundEvent(SSHChannelRequestEvent.WindowChangeRequest(
            terminalCharacterWidth: width, terminalRowHeight: height, terminalPixelWidth: 0, terminalPixelHeight: 0)).wait()
    }

    func close() {
        connection?.close(promise: nil)
    }

    /// Polls every 20 ms until `condition` holds or `timeout` seconds pass.
    @discardableResult
    func wait(timeout: Double = 20, _ condition: (SSHTestClient) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(self) {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// Waits until what was received after `offset` bytes contains `text`.
    func waitFor(_ text: String, after offset: Int = 0, timeout: Double = 20) -> Bool {
        wait(timeout: timeout) { client in client.lock.withLock {
            String(decoding: client.received.dropFirst(offset), as: UTF8.self).contains(text)
        } }
    }

    var receivedCount: Int { lock.withLock { received.count } }

    fileprivate func receive(_ bytes: ByteBuffer) {
        lock.withLock {
            guard received.count < 8 << 20 else { return }
            // Only the new bytes (and a marker's length before them) are searched: a command's
            // megabytes of output, read on the one event loop every client shares, are not
            // scanned again at every read.
            let from = max(0, received.count - frameMarker.utf8.count)
            received += bytes.readableBytesView
            if firstFrame == nil, String(decoding: received[from...], as: UTF8.self).contains(frameMarker) { firstFrame = Date() }
        }
    }

    fileprivate func exited(_ code: Int) { lock.withLock { status = code } }
    fileprivate func ended() { lock.withLock { isClosed = true } }

    /// The session channel's reader.
    private final class Reader: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = SSHChannelData
        let client: SSHTestClient

        init(client: SSHTestClient) {
            self.client = client
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let message = unwrapInboundIn(data)
            if case .byteBuffer(let bytes) = message.data { client.receive(bytes) }
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let exit = event as? SSHChannelRequestEvent.ExitStatus { client.exited(exit.exitStatus) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            client.ended()
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            context.close(promise: nil)
        }
    }

    /// Offers the key once (or, without one, no authentication at all), then gives up.
    private final class Offer: NIOSSHClientUserAuthenticationDelegate, @unchecked Sendable {
        let user: String
        let key: Curve25519.Signing.PrivateKey?
        var offered = false

        init(user: String, key: Curve25519.Signing.PrivateKey?) {
            self.user = user
            self.key = key
        }

        func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                    nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
            guard !offered else { return nextChallengePromise.succeed(nil) }
            offered = true
            if let key {
                nextChallengePromise.succeed(NIOSSHUserAuthenticationOffer(
                    username: user, serviceName: "", offer: .privateKey(.init(privateKey: NIOSSHPrivateKey(ed25519Key: key)))))
            } else {
                nextChallengePromise.succeed(NIOSSHUserAuthenticationOffer(username: user, serviceName: "", offer: .none))
            }
        }
    }

    private final class AnyHostKey: NIOSSHClientServerAuthenticationDelegate, @unchecked Sendable {
        func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
            validationCompletePromise.succeed(())
        }
    }
}
