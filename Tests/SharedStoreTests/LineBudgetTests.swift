import Foundation
import NIOCore
import NIOEmbedded
import Store
import Testing
@testable import SharedStore

/// Issue 36, failure 6: 20,000 saves from one modified game were all answered in half a second,
/// and 400 `load` requests it never read grew the server from 98 to 242 MB. A game's line has
/// a request rate and a bound on the requests waiting for their answers; a line over either is
/// cut off, with a line in the log.
@Suite("soma serve --database: each game's store line has a request rate and a bound on waiting requests")
struct LineBudgetTests {
    @Test("the budget: a burst at once, then the rate; answered requests free their places; time never runs back")
    func budget() {
        var b = LineBudget(.init(perSecond: 2, burst: 3, inFlight: 10))
        #expect([b.request(at: 0), b.request(at: 0), b.request(at: 0)] == [.take, .take, .take])
        #expect(b.request(at: 0) == .tooFast)
        // Half a second gives one more at 2 a second; a quarter more gives half of one: not enough.
        #expect(b.request(at: 0.5) == .take)
        #expect(b.request(at: 0.75) == .tooFast)
        #expect(b.request(at: 1.0) == .take)
        // A clock that goes back, or a NaN, refills nothing.
        #expect(b.request(at: 0.2) == .tooFast)
        #expect(b.request(at: .nan) == .tooFast)
        // A long pause refills the burst, no more.
        #expect(b.tokens < 1)
        #expect(b.request(at: 100) == .take)
        #expect(b.tokens == 2)

        var waiting = LineBudget(.init(perSecond: 1000, burst: 1000, inFlight: 2))
        #expect([waiting.request(at: 0), waiting.request(at: 0)] == [.take, .take])
        #expect(waiting.request(at: 0) == .tooMany)
        waiting.answered()
        #expect(waiting.waiting == 1)
        #expect(waiting.request(at: 0) == .take)
        // More answers than requests (a late answer) never go below none.
        for _ in 0..<5 { waiting.answered() }
        #expect(waiting.waiting == 0)
    }

    @Test("the standard budget lets a game's start and a fast script through: a hundred at once, twenty a second, eight waiting")
    func standard() {
        #expect(LineBudget.Limits.standard == .init(perSecond: 20, burst: 100, inFlight: 8))
        var b = LineBudget()
        // A script saving at 50 a second for two seconds, each answered: within the burst.
        for i in 0..<100 {
            #expect(b.request(at: Double(i) / 50) == .take, "request \(i)")
            b.answered()
        }
    }

    /// Records what the handler logs and which requests it hands on; answers nothing (so the
    /// channel's own thread is the only one to touch it).
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var logs: [String] = []
        private var requests = 0
        var log: [String] { lock.withLock { logs } }
        var handled: Int { lock.withLock { requests } }
        func note(_ line: String) { lock.withLock { logs.append(line) } }
        func handle() { lock.withLock { requests += 1 } }
    }

    /// A line's handler on an EmbeddedChannel, with `limits`, its clock at `now`.
    func channel(_ limits: LineBudget.Limits, now: @escaping @Sendable () -> Double, seen: Seen) throws -> EmbeddedChannel {
        let handler = LineHandler(player: "SHA256:abc", limits: limits, clock: now, log: { seen.note($0) }) { _, _ in seen.handle() }
        let channel = EmbeddedChannel(handler: handler)
        // An embedded channel is active once connected, as a game's socket is from the start.
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    func send(_ channel: EmbeddedChannel, _ request: StoreLine.Request) throws {
        let line = try #require(StoreLine.encode(request))
        try channel.writeInbound(channel.allocator.buffer(bytes: line.dropLast()))
    }

    /// Waits (bounded) for the handler's tasks to hand their requests on, giving its thread
    /// back meanwhile (those tasks run on the same pool as the tests).
    func waitFor(_ count: Int, _ seen: Seen) async -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while seen.handled < count {
            if Date() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    @Test("a game with more requests waiting than the bound is cut off, with a log line; the requests before it were handed on")
    func tooManyWaiting() async throws {
        let seen = Seen()
        let channel = try channel(.init(perSecond: 1000, burst: 1000, inFlight: 3), now: { 0 }, seen: seen)
        for _ in 0..<3 { try send(channel, .load) }
        #expect(channel.isActive)
        try send(channel, .load)
        #expect(!channel.isActive, "the fourth unanswered request closed the line")
        #expect(seen.log == ["the store line of player SHA256:abc was cut off: it had more than 3 requests waiting for "
                             + "their answers (it does not read them)"])
        #expect(await waitFor(3, seen))
        #expect(seen.handled == 3)
    }

    @Test("a game sending faster than the rate, past its burst, is cut off with a log line")
    func tooFast() async throws {
        let seen = Seen()
        let clock = Clock()
        let channel = try channel(.init(perSecond: 1, burst: 2, inFlight: 1000), now: { clock.now }, seen: seen)
        try send(channel, .ownName)
        try send(channel, .ownName)
        clock.now = 1
        try send(channel, .ownName)   // one more a second later
        #expect(channel.isActive && seen.log.isEmpty)
        try send(channel, .ownName)
        #expect(!channel.isActive)
        #expect(seen.log == ["the store line of player SHA256:abc was cut off: it sent more than 2 requests at once, above 1 a second"])
        #expect(await waitFor(3, seen))
    }

    /// The test's clock, set by the test.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0.0
        var now: Double {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }
}
