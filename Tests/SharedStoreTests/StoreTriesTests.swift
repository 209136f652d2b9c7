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

    func tries(_ recorder: Recorder, trySeconds: Double = 5) -> StoreTries {
        StoreTries(observe: recorder.observe, trySeconds: trySeconds, firstPause: 0.01, longestPause: 0.02)
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
        let tries = StoreTries(observe: recorder.observe, firstPause: 0.5, longestPause: 4)
        // Tries at 0, 0.5 and 1.5 s on an idle machine (the next would come at 3.5 s, past the
        // patience of 2 s); fewer when the machine is loaded, so the test counts the pattern.
        await #expect(throws: SharedStoreError.self) {
            try await tries.run(patience: 2) { try recorder.request(failing: 100) }
        }
        let calls = recorder.calls
        #expect((1...3).contains(calls), "given up within the patience")
        #expect(recorder.recorded == Array(repeating: [StoreEvent.failedTry, .retry], count: calls).flatMap { $0 }.dropLast(),
                "each failure but the last followed by a retry")
    }

    @Test func aTryWithNoAnswerInTimeIsCutOffAndCountedAsFailed() async throws {
        let recorder = Recorder()
        // Half a second: the second try, which answers at once, is not cut off on a loaded machine.
        let outcome = try await tries(recorder, trySeconds: 0.5).run { () async throws -> Int in
            let call = try recorder.request(failing: 0)
            if call == 1 { try await Task.sleep(for: .seconds(10)) }
            return call
        }
        #expect(outcome.value == 2)
        #expect(recorder.recorded == [.failedTry, .retry])
    }

    @Test func theCutOffSaysHowLongItWaited() async {
        let tries = StoreTries(observe: { _ in }, trySeconds: 0.05)
        do {
            _ = try await tries.bounded { try await Task.sleep(for: .seconds(10)) }
            Issue.record("not cut off")
        } catch {
            #expect("\(error)" == "the database did not answer in 0.05 seconds")
        }
        #expect(StoreTries.shown(5) == "5")
    }
}
