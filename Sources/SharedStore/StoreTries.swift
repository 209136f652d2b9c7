/// How the store service tries one request to the database: each try is cut off after
/// `trySeconds` (the pool waits for a connection while the database is down), a failed try is
/// followed by a pause that doubles up to `longestPause`, and every failed try and every try
/// after the first is told to `observe` (`StoreEvent`). A value of its own so that the loop can
/// be driven without a database and without waiting (SharedStoreTests give it a clock of their
/// own: `TryClock`).
struct StoreTries: Sendable {
    /// Told of every failed try and every try after the first.
    var observe: @Sendable (StoreEvent) -> Void
    /// Seconds one try may take before it is counted as failed. A save's write that reached
    /// the database and committed after the cut is tried again, but not applied twice: each
    /// save carries an id its transaction records (`PostgresStore.apply`).
    var trySeconds = 5.0
    /// The pause after the first failed try.
    var firstPause = 0.1
    /// The longest pause between two tries.
    var longestPause = 2.0
    /// The time the tries are measured in: the real one, or a test's.
    var clock = TryClock.continuous

    /// What the loop asks of time: the seconds elapsed since some start, a pause between tries,
    /// and the wait that cuts a try off (a test's own clock answers each without waiting, in an
    /// order it decides).
    struct TryClock: Sendable {
        var now: @Sendable () -> Double
        var pause: @Sendable (_ seconds: Double) async -> Void
        var cutOff: @Sendable (_ seconds: Double) async throws -> Void

        static let continuous: TryClock = {
            let start = ContinuousClock.now
            return TryClock(
                now: {
                    let elapsed = ContinuousClock.now - start
                    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                },
                pause: { seconds in try? await Task.sleep(for: StoreTries.duration(seconds)) },
                cutOff: { seconds in try await Task.sleep(for: StoreTries.duration(seconds)) })
        }()
    }

    /// Tries `work` until it succeeds, or until waiting for the next try would take it past
    /// `patience` seconds from the first (nil: no end, as for a save the game was told is
    /// kept; only the task's cancellation stops it). Answers the value and the tries it took;
    /// throws the last failure. `firstFailure` is told of the first failure (for the log).
    func run<T: Sendable>(patience: Double? = nil, firstFailure: (SharedStoreError) -> Void = { _ in },
                          _ work: @escaping @Sendable () async throws -> T) async throws(SharedStoreError) -> (value: T, tries: Int) {
        let start = clock.now()
        var pause = firstPause
        var tries = 0
        while true {
            tries += 1
            if tries > 1 { observe(.retry) }
            do {
                return (try await bounded(work), tries)
            } catch {
                let failure = SharedStoreError.from(error)
                observe(.failedTry)
                if tries == 1 { firstFailure(failure) }
                if let patience, clock.now() - start + pause > patience { throw failure }
                if Task.isCancelled { throw failure }
                await clock.pause(pause)
                pause = min(pause * 2, longestPause)
            }
        }
    }

    /// `work`, or a failure after `trySeconds`.
    func bounded<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let seconds = trySeconds
        let cutOff = clock.cutOff
        return try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await cutOff(seconds)
                throw SharedStoreError("the database did not answer in \(Self.shown(seconds)) seconds")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    static func duration(_ seconds: Double) -> Duration { .milliseconds(Int(seconds * 1000)) }

    /// Whole seconds as `5`, others as `0.05`.
    static func shown(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
