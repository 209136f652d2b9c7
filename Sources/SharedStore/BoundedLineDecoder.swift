import NIOCore
import Store

/// Splits a game's bytes into lines of at most `StoreLine.maxLineBytes`; a longer line is an
/// error (the line is closed), never a buffer that grows without end.
struct BoundedLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = ByteBuffer

    struct TooLong: Error {}

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if let newline = buffer.readableBytesView.firstIndex(of: 0x0A) {
            let length = newline - buffer.readerIndex
            guard let line = buffer.readSlice(length: length) else { return .needMoreData }
            buffer.moveReaderIndex(forwardBy: 1)
            context.fireChannelRead(wrapInboundOut(line))
            return .continue
        }
        if buffer.readableBytes > StoreLine.maxLineBytes { throw TooLong() }
        return .needMoreData
    }
}
