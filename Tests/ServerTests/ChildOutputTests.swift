import NIOCore
import NIOEmbedded
import Testing
@testable import Server

/// What a session makes of its child's bytes (`ChildOutput`, a value) and the handler that reads
/// them off the terminal (`ChildPipe`, on an `EmbeddedChannel`): issue 35 item 7.
@Suite struct ChildOutputTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("a game's notes are taken out in order; what is left is shown, the first bytes shown marked once")
    func gameOutput() {
        var output = ChildOutput(limit: 10)
        let onlyNote = output.game(Self.bytes("\u{1b}]5379;watch on\u{07}"))
        #expect(onlyNote == .init(shown: nil, notes: ["watch on"], isFirstFrame: false), "only a note: nothing shown, the first frame still to come")
        let first = output.game(Self.bytes("frame 1\u{1b}]5379;a\u{07}!\u{1b}]53"))
        #expect(first == .init(shown: Self.bytes("frame 1!"), notes: ["a"], isFirstFrame: true))
        let second = output.game(Self.bytes("79;b\u{07}frame 2"))
        #expect(second == .init(shown: Self.bytes("frame 2"), notes: ["b"], isFirstFrame: false), "a note split across chunks is found whole")
        let empty = output.game([])
        #expect(empty == .init(shown: nil, notes: [], isFirstFrame: false))
        #expect(output.written == 0, "a game's bytes count against no limit")
    }

    @Test("a command's bytes: up to the limit pass; one byte more does not, nor anything after")
    func commandLimit() {
        var output = ChildOutput(limit: 10)
        var answers: [Bool] = []
        for count in [4, 6, 1, 0] { answers.append(output.command(count)) }
        #expect(answers == [true, true, false, false])
        #expect(output.written == 11)
        var huge = ChildOutput(limit: 10)
        let once = huge.command(Int.max), twice = huge.command(Int.max)
        #expect(!once && !twice, "counted without trapping past Int.max")
        #expect(huge.written == Int.max)
    }

    /// What a `ChildPipe` handed on.
    final class Sink: ChildPipeSink {
        var events: [String] = []
        func output(_ raw: ByteBuffer) { events.append("output \(String(buffer: raw))") }
        func terminalClosed() { events.append("closed") }
    }

    @Test("the pipe hands each read to the session in order, and its close once")
    func pipeHandsOn() throws {
        let sink = Sink()
        let channel = EmbeddedChannel(handler: ChildPipe(sink: sink))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.writeInbound(ByteBuffer(string: "frame 1"))
        try channel.writeInbound(ByteBuffer(string: "\u{1b}]5379;x\u{07}"))
        #expect(sink.events == ["output frame 1", "output \u{1b}]5379;x\u{07}"], "bytes as read: the session filters them")
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil, "nothing passed further down the pipe")
        _ = try channel.finish()
        #expect(sink.events == ["output frame 1", "output \u{1b}]5379;x\u{07}", "closed"])
    }

    @Test("a read error (the child closed its end: EIO) closes the pipe, and the session is told once")
    func readErrorCloses() throws {
        struct EIO: Error {}
        let sink = Sink()
        let channel = EmbeddedChannel(handler: ChildPipe(sink: sink))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        channel.pipeline.fireErrorCaught(EIO())
        #expect(!channel.isActive)
        #expect(sink.events == ["closed"])
        _ = try channel.finish(acceptAlreadyClosed: true)
        #expect(sink.events == ["closed"])
    }
}
