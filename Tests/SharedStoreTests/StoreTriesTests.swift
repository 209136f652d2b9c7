import Foundation
import Testing
@testable import SharedStore

/// How the store service tries a request (`StoreTries`), driven without a database: the events
/// it reports are what `soma_store_errors_total` and `soma_store_retries_total` count.
@Suite struct StoreTriesTests {
    /// Events as they are reported, and a fake request that fails a given number of times.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [StoreEvent] = []
        private var count = 0
        var observe: @Sendable (StoreEvent) -> Void { { event in self.lock.withLock { self.events.append(event) } } }
        var recorded: [StoreEvent] { lock.withLock { events } }
        var calls: Int { lock.withLock { count } }

        /// The call number, after throwing for the first `failures` calls.
        func request(failing failures: Int) throws -> Int {
            let call = lock.withLock {
                count += 1
                return count
            }
            if call <= failures { throw SharedStoreError("the database cannot be reached (connection refused)") }
            return call
        }
    }

    /// The test's own time: a pause moves it on at once (and is written down); a try is cut
    /// off only where `cutOffs` says so (by the try's number), and never otherwise, so no try
    /// races a real timer.
    final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 0.0
        private var taken: [Double] = []
        private var cutOffCalls = 0
        let cutOffs: Set<Int>

        init(cutOffs: Set<Int> = []) { self.cutOffs = cutOffs }

        /// The pauses taken, in order.
        var pauses: [Double] { lock.withLock { taken } }

        var clock: StoreTries.TryClock {
            StoreTries.TryClock(
                now: { self.lock.withLock { self.seconds } },
                pause: { pause in self.lock.withLock { self.seconds += pause; self.taken.append(pause) } },
                cutOff: { limit in
                    let call = self.lock.withLock { self.cutOffCalls += 1; return self.cutOffCalls }
                    if self.cutOffs.contains(call) {
                        self.lock.withLock { self.seconds += limit }
                        return
                    }
                    // Not this try: wait until the try ends (its task group cancels this).
                    try await Task.sleep(for: .seconds(86_400))
                })
        }
    }

    func tries(_ recorder: Recorder, clock: TestClock = TestClock()) -> StoreTries {
        StoreTries(observe: recorder.observe, firstPause: 0.01, longestPause: 0.02, clock: clock.clock)
    }

    @Test func aRequestThatSucceedsAtOnceReportsNothing() async throws {
        let recorder = Recorder()
        let outcome = try await tries(recorder).run { try recorder.request(failing: 0) }
        #expect(outcome.value == 1)
        #expect(outcome.tries == 1)
        #expect(recorder.recorded == [])
    }

    @Test func aSaveTriedUntilWrittenCountsEachFailureAndEachRetry() async throws {
        let recorder = Recorder()
        var firstFailures: [String] = []
        let outcome = try await tries(recorder).run(firstFailure: { failure in firstFailures.append(failure.reason) }) {
            try recorder.request(failing: 3)
        }
        #expect(outcome.value == 4)
        #expect(outcome.tries == 4)
        #expect(recorder.recorded == [.failedTry, .retry, .failedTry, .retry, .failedTry, .retry])
        #expect(firstFailures == ["the database cannot be reached (connection refused)"], "logged once")
    }

    @Test func aReadGivenUpAfterItsPatienceHasOneFailureMoreThanRetries() async throws {
        let recorder = Recorder()
        let time = TestClock()
        let tries = StoreTries(observe: recorder.observe, firstPause: 0.5, longestPause: 4, clock: time.clock)
        // Tries at 0, 0.5 and 1.5 s of the test's clock; the next would come at 3.5 s, past the
        // patience of 2 s.
        await #expect(throws: SharedStoreError.self) {
            try await tries.run(patience: 2) { try recorder.request(failing: 100) }
        }
        #expect(recorder.calls == 3, "given up within the patience")
        #expect(time.pauses == [0.5, 1.0])
        #expect(recorder.recorded == [.failedTry, .retry, .failedTry, .retry, .failedTry],
                "each failure but the last followed by a retry")
    }

    @Test func pausesDoubleUpToTheLongest() async throws {
        let recorder = Recorder()
        let time = TestClock()
        let tries = StoreTries(observe: recorder.observe, firstPause: 0.1, longestPause: 2, clock: time.clock)
        let outcome = try await tries.run { try recorder.request(failing: 7) }
        #expect(outcome.tries == 8)
        #expect(time.pauses == [0.1, 0.2, 0.4, 0.8, 1.6, 2, 2])
    }

    @Test func aTryWithNoAnswerInTimeIsCutOffAndCountedAsFailed() async throws {
        let recorder = Recorder()
        // The first try never answers and is cut off; the second answers at once and is not.
        let time = TestClock(cutOffs: [1])
        let outcome = try await tries(recorder, clock: time).run { () async throws -> Int in
            let call = try recorder.request(failing: 0)
            if call == 1 { try await Task.sleep(for: .seconds(86_400)) }
            return call
        }
        #expect(outcome.value == 2)
        #expect(recorder.recorded == [.failedTry, .retry])
        #expect(time.pauses == [0.01])
    }

    @Test func theCutOffSaysHowLongItWaited() async {
        let tries = StoreTries(observe: { _ in }, trySeconds: 0.05, clock: TestClock(cutOffs: [1]).clock)
        do {
            _ = try await tries.bounded { try await Task.sleep(for: .seconds(86_400)) }
            Issue.record("not cut off")
        } catch {
            #expect("\(error)" == "the database did not answer in 0.05 seconds")
        }
        #expect(StoreTries.shown(5) == "5")
    }
}
