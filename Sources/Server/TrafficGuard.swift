import NIOCore

/// The first handler of every connection, before SSH: checks that the client speaks SSH-2.0 (a
/// version line of at most 255 bytes, RFC 4253 4.2), and caps the bytes a connection may send
/// before it logs in and every second after, so that a 1 MB banner, wrong protocol bytes or a
/// flood cost the server a few kilobytes and one closed socket.
final class TrafficGuard: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private unowned let connection: Connection
    /// What arrived before the version line was complete, passed on once it is checked.
    private var held: ByteBuffer?
    private var versionChecked = false
    private var total = 0
    private var meter = InputMeter(limit: TrafficGuard.maxBytesPerSecond)

    static let prefix = Array("SSH-2.0-".utf8)
    static let maxVersionLine = 255
    /// Raw bytes a second after login: room for the most input a session may type, many times over.
    static let maxBytesPerSecond = 1 << 20

    init(connection: Connection) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        total += buffer.readableBytes
        if total > 0 { connection.firstBytes() }
        if connection.player == nil, total > ServeConfiguration.maxBytesBeforeLogin {
            return connection.refuse("\(total) bytes before logging in", as: .traffic)
        }
        if connection.player != nil, !meter.admit(buffer.readableBytes, now: MonotonicTime.now()) {
            return connection.refuse("over \(Self.maxBytesPerSecond) bytes in a second", as: .traffic)
        }
        guard !versionChecked else { return context.fireChannelRead(data) }
        if held == nil { held = buffer } else { held!.writeBuffer(&buffer) }
        let bytes = held!.readableBytesView
        let checked = bytes.prefix(Self.prefix.count)
        guard checked.elementsEqual(Self.prefix.prefix(checked.count)) else {
            return connection.refuse("not an SSH-2.0 client", as: .traffic, tell: "soma: this port speaks SSH-2.0 only\r\n", context: context)
        }
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            if bytes.count >= Self.maxVersionLine {
                connection.refuse("a version line over \(Self.maxVersionLine) bytes", as: .traffic)
            }
            return
        }
        guard newline - bytes.startIndex < Self.maxVersionLine else {
            return connection.refuse("a version line over \(Self.maxVersionLine) bytes", as: .traffic)
        }
        versionChecked = true
        let passed = held!
        held = nil
        context.fireChannelRead(wrapInboundOut(passed))
    }
}
