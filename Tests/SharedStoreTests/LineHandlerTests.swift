import NIOCore
import NIOEmbedded
import Store
import Testing
@testable import SharedStore

/// A game's store line on the server's side (`BoundedLineDecoder`, `LineHandler`) on
/// `NIOAsyncTestingChannel` (the answers come from the service's tasks, off the loop): requests
/// read from lines however they are cut, answers written back as exact lines, bad lines answered
/// `failed` and the line closed at the eighth, a line over 1 MiB closed.
@Suite(.timeLimit(.minutes(1))) struct LineHandlerTests {
    /// What the handler handed on.
    actor Seen {
        var requests: [String] = []
        func add(_ request: StoreLine.Request) { requests.append("\(request)") }
    }

    /// A line's pipeline as `StoreService.serve` makes it, the service replaced by `answer`, active.
    static func line(_ seen: Seen, answer: StoreLine.Reply = .saved) async throws -> NIOAsyncTestingChannel {
        let channel = try await NIOAsyncTestingChannel { channel in
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(BoundedLineDecoder()))
            try channel.pipeline.syncOperations.addHandler(LineHandler(player: "SHA256:ann", clock: { 0 }, log: { _ in }) { request, reply in
                await seen.add(request)
                reply(answer)
            })
        }
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1))
        return channel
    }

    static func text(_ buffer: ByteBuffer) -> String { String(buffer: buffer) }

    @Test("a request cut across reads is read once and answered with one exact line")
    func requestAnswered() async throws {
        let seen = Seen()
        let channel = try await Self.line(seen)
        try await channel.writeInbound(ByteBuffer(string: #"{"lo"#))
        try await channel.writeInbound(ByteBuffer(string: #"ad":{}}"# + "\n"))
        let answer = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
        #expect(Self.text(answer) == #"{"saved":{}}"# + "\n")
        #expect(await seen.requests == ["load"])
        #expect(channel.isActive)
        _ = try await channel.finish()
    }

    @Test("an answer too large for a line is answered failed, in one line")
    func answerTooLarge() async throws {
        let seen = Seen()
        let huge = StoreLine.Reply.name(String(repeating: "n", count: StoreLine.maxLineBytes))
        let channel = try await Self.line(seen, answer: huge)
        try await channel.writeInbound(ByteBuffer(string: #"{"ownName":{}}"# + "\n"))
        let answer = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
        #expect(Self.text(answer) == #"{"failed":{"_0":"the answer is too large"}}"# + "\n")
        _ = try await channel.finish()
    }

    @Test("lines that are not requests: each answered failed, never handed on; the eighth closes the line")
    func badLines() async throws {
        let seen = Seen()
        let channel = try await Self.line(seen)
        let failed = #"{"failed":{"_0":"the request could not be read"}}"# + "\n"
        for count in 1...StoreService.maxBadLines {
            try await channel.writeInbound(ByteBuffer(string: count % 2 == 0 ? "not json\n" : #"{"drop":"tables"}"# + "\n"))
            #expect(try await channel.readOutbound(as: ByteBuffer.self).map(Self.text) == failed)
            #expect(channel.isActive == (count < StoreService.maxBadLines), "after \(count) bad lines")
        }
        #expect(await seen.requests == [])
        _ = try await channel.finish(acceptAlreadyClosed: true)
    }

    @Test("a line of 1 MiB without its newline is waited for; one byte more closes the line, nothing answered")
    func lineTooLong() async throws {
        let seen = Seen()
        let channel = try await Self.line(seen)
        try await channel.writeInbound(ByteBuffer(repeating: UInt8(ascii: "x"), count: StoreLine.maxLineBytes))
        #expect(channel.isActive)
        try await channel.writeInbound(ByteBuffer(string: "x"))
        #expect(!channel.isActive)
        #expect(try await channel.readOutbound(as: ByteBuffer.self) == nil)
        #expect(await seen.requests == [])
        _ = try await channel.finish(acceptAlreadyClosed: true)
    }
}
