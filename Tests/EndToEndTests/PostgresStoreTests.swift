import Foundation
import Game
import NIOPosix
import Polycube
import Store
import Testing
@testable import SharedStore

/// `PostgresStore` (and `StoreService.writeRetrying` over it) against a PostgreSQL server of the
/// test's own: a save tried twice (its first try's answer lost after its commit, two tries at
/// once, a journal's replay) is applied once, with one mark per player and journal however many
/// saves; a database of version 4 (`applied_saves`) is brought up to date, one of version 5 gains
/// the positions' help columns.
@Suite("PostgresStore on a real PostgreSQL", .timeLimit(.minutes(10)), .serialized,
       .requires(.postgres))
struct PostgresStoreTests {
    /// Seconds since 1970 as the store reads them, set by the test.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 1_800_000_000.0
        var read: @Sendable () -> Double { { self.lock.withLock { self.now } } }
        func set(_ seconds: Double) { lock.withLock { now = seconds } }
    }

    /// A thread of the suite's own for its async work. The end-to-end tests around it are
    /// synchronous and block the threads of the global executor (two on a 2-core machine) while
    /// they poll a screen for seconds; on those threads each `await` of these tests waited for
    /// one to come free, and two tries of one save at once (every step an await) did not finish
    /// within the time limit, their database not even made. On a serial queue of its own (an
    /// overcommitting thread) the tests go at the database's pace.
    final class OwnThread: TaskExecutor, @unchecked Sendable {
        private let queue = DispatchQueue(label: "soma.postgres-store-tests")
        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job), executor = asUnownedTaskExecutor()
            queue.async { job.runSynchronously(on: executor) }
        }
    }
    static let ownThread = OwnThread()

    /// Runs `body` with a store on `database`, its pool running and its schema prepared, on
    /// the suite's own thread (`OwnThread`).
    static func withStore(_ database: PostgresServer, clock: Clock = Clock(),
                          _ body: (PostgresStore) async throws -> Void) async throws {
        try await withTaskExecutorPreference(ownThread) {
            try await onOwnThread(database, clock: clock, body)
        }
    }

    private static func onOwnThread(_ database: PostgresServer, clock: Clock,
                                    _ body: (PostgresStore) async throws -> Void) async throws {
        let address = try #require(DatabaseAddress(database.url))
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let store = PostgresStore(address: address, group: group, clock: clock.read)
        let runner = Task(executorPreference: ownThread) { await store.run() }
        do {
            try await store.prepare()
            try await body(store)
        } catch {
            runner.cancel()
            try? await group.shutdownGracefully()
            throw error
        }
        runner.cancel()
        try? await group.shutdownGracefully()
    }

    static let solve = ProgressChange(records: [.init(figure: "Cube", solves: 1, bestSeconds: 30, fewestMoves: 7, assist: "off")])

    static func timesSolved(_ database: PostgresServer, _ player: String) throws -> String {
        try database.query("SELECT times_solved FROM records WHERE player = '\(player)' AND figure = 'Cube'")
    }

    @Test("the same save (same number) applied twice, in turn or at once, counts its solve once; a newer one adds up; an older one is not applied")
    func appliedOnce() async throws {
        let database = try PostgresServer()
        try await Self.withStore(database) { store async throws in
            #expect(try await store.apply(Self.solve, origin: "a", seq: 1, player: "alice"))
            #expect(try Self.timesSolved(database, "alice") == "1")
            // The second try of a save whose first committed after its answer was cut off.
            #expect(try await !store.apply(Self.solve, origin: "a", seq: 1, player: "alice"))
            #expect(try Self.timesSolved(database, "alice") == "1")
            // Two tries at once: the row lock makes one wait for the other, which applies it.
            async let one = store.apply(Self.solve, origin: "a", seq: 2, player: "alice")
            async let two = store.apply(Self.solve, origin: "a", seq: 2, player: "alice")
            let applied = try await [one, two]
            #expect(applied.filter { $0 }.count == 1, "\(applied)")
            #expect(try Self.timesSolved(database, "alice") == "2")
            // A number below the mark was applied before it (a journal's replay): nothing.
            #expect(try await !store.apply(Self.solve, origin: "a", seq: 1, player: "alice"))
            // Another instance's journal, another player: their own marks.
            #expect(try await store.apply(Self.solve, origin: "b", seq: 1, player: "alice"))
            #expect(try await store.apply(Self.solve, origin: "a", seq: 1, player: "bob"))
            #expect(try Self.timesSolved(database, "alice") == "3")
            #expect(try Self.timesSolved(database, "bob") == "1")
            #expect(try await store.lastSequence(origin: "a") == 2)
            #expect(try await store.lastSequence(origin: "none") == 0)
        }
    }

    @Test("a save whose first try committed but whose answer was lost is tried again and applied once")
    func answerLostAfterCommit() async throws {
        let database = try PostgresServer()
        try await Self.withStore(database) { store async throws in
            let events = Recorded<StoreEvent>()
            let tries = StoreTries(observe: events.append, firstPause: 0.01)
            let applied = Recorded<Bool>()
            let count = await StoreService.writeRetrying("a save", player: "alice", tries: tries) {
                applied.append(try await store.apply(Self.solve, origin: "a", seq: 7, player: "alice"))
                // The first try committed, and then its answer was lost (the 5 s cut).
                if applied.values.count == 1 { throw SharedStoreError("the database did not answer in 5 seconds") }
                return applied.values.last!
            }
            #expect(count == 2)
            #expect(applied.values == [true, false], "the first try applied it, the second found its number")
            #expect(events.values == [.failedTry, .retry])
            #expect(try Self.timesSolved(database, "alice") == "1")
        }
    }

    /// Values as they happen, from any task.
    final class Recorded<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [Value] = []
        var append: @Sendable (Value) -> Void { { value in self.lock.withLock { self.recorded.append(value) } } }
        var values: [Value] { lock.withLock { recorded } }
    }

    static func position(_ moves: Int) -> ProgressChange {
        let pose = SavedPose(Placement(piece: "V", orientation: .identity, offset: Cell(0, 0, 0)))
        return ProgressChange(positions: [.init(figure: "Cube", position: SavedPosition(poses: [pose], moves: moves, seconds: 12))])
    }

    @Test("a journal replayed late brings back no older position: a position keeps the newest time it was saved at")
    func olderPositionKept() async throws {
        let database = try PostgresServer()
        try await Self.withStore(database) { store async throws in
            // Instance b wrote moves 5 at time 200; instance a's journal, replayed later, has moves 3 of time 100.
            #expect(try await store.apply(Self.position(5), origin: "b", seq: 1, player: "alice", at: 1_800_000_200))
            #expect(try await store.apply(Self.position(3), origin: "a", seq: 1, player: "alice", at: 1_800_000_100))
            #expect(try database.query("SELECT moves, saved_at FROM positions WHERE player = 'alice'") == "5|1800000200")
            // A newer one is written, and a clearing older than the position clears nothing.
            #expect(try await store.apply(Self.position(6), origin: "a", seq: 2, player: "alice", at: 1_800_000_300))
            #expect(try database.query("SELECT moves FROM positions WHERE player = 'alice'") == "6")
            let cleared = ProgressChange(positions: [.init(figure: "Cube", position: nil)])
            #expect(try await store.apply(cleared, origin: "b", seq: 2, player: "alice", at: 1_800_000_250))
            #expect(try database.query("SELECT moves FROM positions WHERE player = 'alice'") == "6")
            #expect(try await store.apply(cleared, origin: "b", seq: 3, player: "alice", at: 1_800_000_400))
            #expect(try database.query("SELECT count(*) FROM positions WHERE player = 'alice'") == "0")
        }
    }

    @Test("a thousand saves of one player from one journal leave one mark: the space does not grow with play")
    func constantSpace() async throws {
        let database = try PostgresServer()
        try await Self.withStore(database) { store in
            var applied = 0
            for seq in 1...1000 where try await store.apply(Self.solve, origin: "a", seq: Int64(seq), player: "alice") {
                applied += 1
            }
            #expect(applied == 1000)
            let marks = try database.query("SELECT count(*), max(seq) FROM save_marks")
            #expect(marks == "1|1000")
            let solved = try Self.timesSolved(database, "alice")
            #expect(solved == "1000")
        }
    }

    @Test("an unfinished position keeps its hints and judging; a database of version 5 gains the columns, its positions kept")
    func positionHelp() async throws {
        let database = try PostgresServer()
        let pose = SavedPose(Placement(piece: "V", offset: Cell(0, 0, 0)))
        let helped = SavedPosition(poses: [pose], moves: 3, seconds: 12, hints: 2, judged: true)
        let plain = SavedPosition(poses: [pose], moves: 4, seconds: 20)
        try await Self.withStore(database) { store async throws in
            #expect(try await store.apply(ProgressChange(positions: [.init(figure: "Cube", position: helped)]),
                                          origin: "a", seq: 1, player: "alice"))
            #expect(try await store.load(player: "alice").positions["Cube"] == helped)
        }
        // As version 5 had it: no help columns, the row kept.
        _ = try database.query("ALTER TABLE positions DROP COLUMN hints, DROP COLUMN judged")
        _ = try database.query("UPDATE soma_schema SET version = 5")
        try await Self.withStore(database) { store async throws in
            #expect(try database.query("SELECT version FROM soma_schema") == "\(PostgresSchema.version)")
            #expect(try await store.load(player: "alice").positions["Cube"]
                    == SavedPosition(poses: [pose], moves: 3, seconds: 12), "the row survives, its help unknown")
            #expect(try await store.apply(ProgressChange(positions: [.init(figure: "Cube", position: helped)]),
                                          origin: "a", seq: 2, player: "alice"))
            #expect(try await store.load(player: "alice").positions["Cube"] == helped)
            // A new attempt with no help clears it.
            #expect(try await store.apply(ProgressChange(positions: [.init(figure: "Cube", position: plain)]),
                                          origin: "a", seq: 3, player: "alice"))
            #expect(try await store.load(player: "alice").positions["Cube"] == plain)
        }
    }

    @Test("a database of version 4 (applied_saves) is brought up to date, its table dropped; a newer one is left alone")
    func upgradeFromVersionBefore() async throws {
        let database = try PostgresServer()
        try await Self.withStore(database) { _ in }
        _ = try database.query("DROP TABLE save_marks")
        _ = try database.query("CREATE TABLE applied_saves (id uuid PRIMARY KEY, player text NOT NULL, applied_at double precision NOT NULL)")
        _ = try database.query("UPDATE soma_schema SET version = 4")
        try await Self.withStore(database) { store async throws in
            #expect(try await store.apply(Self.solve, origin: "a", seq: 1, player: "alice"))
        }
        #expect(try database.query("SELECT version FROM soma_schema") == "\(PostgresSchema.version)")
        #expect(try database.query("SELECT count(*) FROM save_marks") == "1")
        #expect(try database.query("SELECT count(*) FROM pg_tables WHERE tablename = 'applied_saves'") == "0")
        _ = try database.query("UPDATE soma_schema SET version = \(PostgresSchema.version + 1)")
        await #expect(throws: SharedStoreError.self) { try await Self.withStore(database) { _ in } }
        #expect(try database.query("SELECT version FROM soma_schema") == "\(PostgresSchema.version + 1)")
    }
}
