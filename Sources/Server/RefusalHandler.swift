import NIOCore

/// The only handler of a connection refused at the door (`Admission`): it says why in the one
/// form every SSH client shows, an SSH_MSG_DISCONNECT (RFC 4253 11.1) right after the version
/// line, sent in the clear as the protocol allows before the key exchange. OpenSSH prints
/// "Received disconnect from HOST port P:12: soma: ..."; a bare close would read "Connection
/// closed by remote host". No key exchange, no crypto: a refusal costs a few bytes. What the
/// client sends is read and dropped, and the socket closed shortly after, so the close is a FIN
/// and not a reset that could discard the message before the client reads it.
final class RefusalHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    private let message: String
    private var told = false

    /// `SSH_DISCONNECT_TOO_MANY_CONNECTIONS`.
    static let tooManyConnections: UInt32 = 12
    /// How long the client has to read the message before the socket closes.
    static let lingerMilliseconds: Int64 = 300

    init(message: String) {
        self.message = message
    }

    /// Added after the connection opened (behind a PROXY header, `ProxyHeaderReader`): it says
    /// why at once.
    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { tell(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        tell(context: context)
        context.fireChannelActive()
    }

    private func tell(context: ChannelHandlerContext) {
        guard !told else { return }
        told = true
        let bytes = Self.refusal(message)
        var buffer = context.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        context.writeAndFlush(NIOAny(buffer), promise: nil)
        let channel = context.channel
        context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Self.lingerMilliseconds)) { channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    /// The version line and the unencrypted disconnect packet that carries `description`
    /// (at most 200 bytes of it): length, padding length, payload, 4 to 11 bytes of padding
    /// making the whole a multiple of 8 (RFC 4253 6).
    static func refusal(_ description: String) -> [UInt8] {
        let text = Array(description.utf8.prefix(200))
        var payload: [UInt8] = [1]
        payload += bigEndian(tooManyConnections)
        payload += bigEndian(UInt32(text.count)) + text
        payload += bigEndian(UInt32(0))
        var padding = 8 - (5 + payload.count) % 8
        if padding < 4 { padding += 8 }
        let length = UInt32(1 + payload.count + padding)
        return Array("SSH-2.0-soma\r\n".utf8) + bigEndian(length) + [UInt8(padding)] + payload
            + [UInt8](repeating: 0, count: padding)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }
}
