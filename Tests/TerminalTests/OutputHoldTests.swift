import CNcurses
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A frame written in one piece (output_hold.c): what is written to the held descriptor waits
/// until the hold is released, then arrives whole and in order; other writes pass straight.
@Suite(.serialized) struct OutputHoldTests {
    /// What can be read from `descriptor` now, without waiting.
    static func available(_ descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &bytes, bytes.count)
        return count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : ""
    }

    static func send(_ text: String, to descriptor: Int32) -> Int {
        Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    @Test func heldWritesArriveTogetherAtTheRelease() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)

        cn_hold_output(ends[1])
        #expect(Self.send("\u{1b}[1;1Habc", to: ends[1]) == 9)
        #expect(Self.send("\u{1b}[2;5Hdef", to: ends[1]) == 9)
        #if os(Linux)
        // The release and test builds link with --wrap=write on Linux: the bytes wait.
        #expect(cn_held_bytes() == 18)
        #expect(Self.available(ends[0]) == "")
        #endif
        #expect(cn_release_output() == 0)
        #expect(cn_held_bytes() == 0)
        let frame = Self.available(ends[0])
        #expect(frame == "\u{1b}[1;1Habc\u{1b}[2;5Hdef")

        // Outside a hold, a write goes straight through.
        #expect(Self.send("g", to: ends[1]) == 1)
        #expect(Self.available(ends[0]) == "g")
        // So does a write past any hold, as a signal handler's restore is.
        cn_hold_output(ends[1])
        #expect(Array("h".utf8).withUnsafeBytes { cn_write_through(ends[1], $0.baseAddress, 1) } == 1)
        #expect(Self.available(ends[0]) == "h")
        #expect(cn_release_output() == 0)
    }

    @Test func aHoldLetsOtherDescriptorsThrough() throws {
        var held: [Int32] = [0, 0], other: [Int32] = [0, 0]
        try #require(pipe(&held) == 0 && pipe(&other) == 0)
        defer { for end in held + other { close(end) } }
        for end in [held[0], other[0]] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        cn_hold_output(held[1])
        #expect(Self.send("x", to: other[1]) == 1)
        #expect(Self.available(other[0]) == "x")
        #expect(cn_release_output() == 0)
    }
}
