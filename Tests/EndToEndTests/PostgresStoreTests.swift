import Foundation
import NIOPosix
import Store
import Testing
@testable import SharedStore

/// `PostgresStore` (and `StoreService.writeRetrying` over it) against a PostgreSQL server of the
/// test's own: a save tried twice (its first try's answer lost after its commit, or two tries at
/// once) is applied once; the ids are
/// pruned after a day; a database from before `applied_saves` is brought up to date.
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

    /// Runs `body` with a store on `database`, its pool running and its schema prepared.
    static func withStore(_ database: PostgresServer, clock: Clock = Clock(),
                          _ body: (PostgresStore) async throws -> Void) async throws {
        let address = try #require(DatabaseAddress(database.url))
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let store = PostgresStore(address: address, group: group, clock: clock.read)
        let runner = Task { await store.run() }
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

    @Test("the same save (same id) applied twice, in turn or at once, counts its solve once; another save adds up")
    func appliedOnce() async throws {
        let database = try PostgresServer()
        try await Self.withStore(database) { store async throws in
            let first = UUID()
            #expect(try await store.apply(Self.solve, id: first, player: "alice"))
            #expect(try Self.timesSolved(database, "alice") == "1")
            // The second try of a save whose first committed after its answer was cut off.
            #expect(try await !store.apply(Self.solve, id: first, player: "alice"))
            #expect(try Self.timesSolved(database, "alice") == "1")
            // Two tries at once: the unique id makes one wait for the other, which applies it.
            let both = UUID()
            async let one = store.apply(Self.solve, id: both, player: "alice")
            async let two = store.apply(Self.solve, id: both, player: "alice")
            let applied = try await [one, two]
            #expect(applied.filter { $0 }.count == 1, "\(applied)")
            #expect(try Self.timesSolved(database, "alice") == "2")
            // Another player's save with its own id is another save.
            #expect(try await store.apply(Self.solve, id: UUID(), player: "bob"))
            #expect(try Self.timesSolved(database, "bob") == "1")
            #expect(try database.query("SELECT count(*) FROM applied_saves WHERE player = 'alice'") == "2")
        }
    }

    @Test("a save whose first try committed but whose answer was lost is tried again and applied once")
    func answerLostAfterCommit() async throws {
        let database = try PostgresServer()
        try await Self.withStore(database) { store async throws in
            let events = Recorded<StoreEvent>()
            let tries = StoreTries(observe: events.append, firstPause: 0.01)
            let applied = Recorded<Bool>()
            let id = UUID()
            let count = await StoreService.writeRetrying("a save", player: "alice", tries: tries) {
                applied.append(try await store.apply(Self.solve, id: id, player: "alice"))
                // The first try committed, and then its answer was lost (the 5 s cut).
                if applied.values.count == 1 { throw SharedStoreError("the database did not answer in 5 seconds") }
                return applied.values.last!
            }
            #expect(count == 2)
            #expect(applied.values == [true, false], "the first try applied it, the second found its id")
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

    @Test("the ids of saves older than a day are pruned; progress is not")
    func idsPruned() async throws {
        let database = try PostgresServer()
        let clock = Clock()
        let start = clock.read()
        try await Self.withStore(database, clock: clock) { store in
            for offset in [0, 1800, 86_000] {
                clock.set(start + Double(offset))
                #expect(try await store.apply(Self.solve, id: UUID(), player: "alice"))
            }
            try await store.pruneAppliedSaves(now: start + 86_400 + 1000)
            #expect(try database.query("SELECT applied_at - \(Int(start)) FROM applied_saves ORDER BY 1") == "1800\n86000")
            try await store.pruneAppliedSaves(now: start + 2 * 86_400)
            #expect(try database.query("SELECT count(*) FROM applied_saves") == "0")
            #expect(try Self.timesSolved(database, "alice") == "3", "pruning takes ids, never progress")
        }
    }

    @Test("a database of the version before applied_saves is brought up to date; a newer one is left alone")
    func upgradeFromVersionBefore() async throws {
        let database = try PostgresServer()
        try await Self.withStore(database) { _ in }
        _ = try database.query("DROP TABLE applied_saves")
        _ = try database.query("UPDATE soma_schema SET version = \(PostgresSchema.version - 1)")
        try await Self.withStore(database) { store async throws in
            #expect(try await store.apply(Self.solve, id: UUID(), player: "alice"))
        }
        #expect(try database.query("SELECT version FROM soma_schema") == "\(PostgresSchema.version)")
        #expect(try database.query("SELECT count(*) FROM applied_saves") == "1")
        _ = try database.query("UPDATE soma_schema SET version = \(PostgresSchema.version + 1)")
        await #expect(throws: SharedStoreError.self) { try await Self.withStore(database) { _ in } }
        #expect(try database.query("SELECT version FROM soma_schema") == "\(PostgresSchema.version + 1)")
    }
}
