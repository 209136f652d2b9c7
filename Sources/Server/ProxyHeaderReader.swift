import NIOCore

/// The first handler of a connection from a `--proxy-from` balancer, before anything of SSH: it
/// holds the bytes until they make a PROXY header (`ProxyHeader`, at most
/// `ProxyHeader.maxLength` bytes, within `deadline`), hands the header to `found` (which puts
/// the connection's own handlers after this one, as for a direct connection), passes on what
/// followed the header, and leaves the pipeline. A header that is broken, missing (an SSH
/// client straight from a balancer's address) or late goes to `failed` with the reason, which
/// closes the connection; nothing of it is ever written back or passed on, even before the close
/// lands. One closed by the other side before its header is told to `failed` too, as not refused
/// (`refused` false): a balancer's TCP check. Unit-tested on `EmbeddedChannel`
/// (`ProxyHeaderReaderTests`).
final class ProxyHeaderReader: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let deadline: TimeAmount
    private let found: (ProxyHeader) -> Void
    private let failed: (_ reason: String, _ refused: Bool) -> Void
    private var held: ByteBuffer?
    private var settled = false
    /// The header was found: what follows is the client's, passed on.
    private var passing = false
    private var timeout: Scheduled<Void>?

    init(deadline: TimeAmount, found: @escaping (ProxyHeader) -> Void, failed: @escaping (_ reason: String, _ refused: Bool) -> Void) {
        self.deadline = deadline
        self.found = found
        self.failed = failed
    }

    func handlerAdded(context: ChannelHandlerContext) {
        timeout = context.eventLoop.assumeIsolated().scheduleTask(in: deadline) {
            self.fail("no PROXY header within \(self.deadline.nanoseconds / 1_000_000_000)s")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timeout?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !settled else {
            if passing { context.fireChannelRead(data) }
            return
        }
        var buffer = unwrapInboundIn(data)
        if held == nil { held = buffer } else { held!.writeBuffer(&buffer) }
        switch ProxyHeader.parse(held!.readableBytesView) {
        case .needMore:
            return
        case .invalid(let reason):
            fail(reason)
        case .header(let header, let length):
            settled = true
            passing = true
            timeout?.cancel()
            var rest = held!
            held = nil
            rest.moveReaderIndex(forwardBy: length)
            found(header)
            if rest.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(rest)) }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !settled { fail("closed before its PROXY header", refused: false) }
        context.fireChannelInactive()
    }

    private func fail(_ reason: String, refused: Bool = true) {
        guard !settled else { return }
        settled = true
        held = nil
        timeout?.cancel()
        failed(reason, refused)
    }
}
