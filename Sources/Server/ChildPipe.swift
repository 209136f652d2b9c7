import NIOCore

/// What reads a session's terminal (`ChildPipe`) hands its bytes and its end to.
protocol ChildPipeSink: AnyObject {
    /// The child wrote these bytes.
    func output(_ raw: ByteBuffer)
    /// The terminal's channel closed: the child and all it started are gone (or it was closed).
    func terminalClosed()
}

/// Reads the server's end of a session's terminal and hands the bytes to the session, in order;
/// the read error that comes when the child has closed its end (EIO) closes this channel, and
/// the close is reported once. Tested on `EmbeddedChannel` (`ChildPipeTests`).
final class ChildPipe: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    private let sink: any ChildPipeSink

    init(sink: any ChildPipeSink) {
        self.sink = sink
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        sink.output(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        sink.terminalClosed()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
