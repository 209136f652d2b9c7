#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Records
import NIOCore
import NIOPosix
import Store

/// The server's side of the games' store lines under `soma serve --database`: owns the
/// PostgreSQL pool, answers each game's requests (`StoreLine`) for the player whose session the
/// line belongs to, and writes saves in each player's order (`PlayerQueues`).
///
/// A save is answered `saved` as soon as it is checked and queued: the server holds it and
/// writes it, retrying with a growing pause while the database is down or restarting, so a
/// database restart loses nothing and never freezes a game; the id it gets when it is queued keeps
/// a try after a lost answer from applying it twice. A read (load, hall of fame, names)
/// waits for the player's earlier saves, is retried for up to `readPatienceSeconds`, then
/// answered `failed` with the reason. On SIGTERM the server stops taking players, its games
/// save, and `drain` waits (bounded) for the queued saves to be written. Each failed try and each
/// retry is told to the observer (`StoreEvent`: the server's metrics).
public final class StoreService: Sendable {
    let store: PostgresStore
    let group: MultiThreadedEventLoopGroup
    let queues = PlayerQueues()
    /// How every request for a game is tried (`StoreTries`); its failures and retries are told
    /// to the observer given at `init`.
    let tries: StoreTries
    private let runner: Task<Void, Never>
    /// Forgets the ids of the saves applied over a day ago, at start and every hour.
    private let pruner: Task<Void, Never>

    /// Seconds a read is retried before the game is told it failed (the game waits 15).
    static let readPatienceSeconds = 8.0
    /// Bad lines one game may send before its line is closed.
    static let maxBadLines = 8

    /// Connects to the database and brings its schema up to date, trying for up to `patience`
    /// seconds (a database starting beside the server); throws the last reason after that.
    /// `observe` is told of every failed try and every retry of the games' requests from then
    /// on (`StoreEvent`; the tries at start are not counted: the server is not serving yet).
    /// `playingWindow`: how long a player counts as playing now after their instance last said
    /// so (`soma serve --playing-window`).
    public init(address: DatabaseAddress, patience: Double = 10, playingWindow: Double = HallOfFame.playingWindow,
                observe: @escaping @Sendable (StoreEvent) -> Void = { _ in }) throws(SharedStoreError) {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let store = PostgresStore(address: address, group: group, playingWindow: playingWindow)
        self.store = store
        let tries = StoreTries(observe: observe)
        self.tries = tries
        runner = Task.detached { await store.run() }
        let deadline = DispatchTime.now() + patience
        var last: SharedStoreError?
        repeat {
            let outcome = Self.blocking { () async -> SharedStoreError? in
                do {
                    try await tries.bounded { try await store.prepare() }
                    return nil
                } catch {
                    return SharedStoreError.from(error)
                }
            }
            last = outcome
            guard let outcome else { break }
            if outcome.reason.hasPrefix("the database was written by a newer soma") { break }
            usleep(500_000)
        } while DispatchTime.now() < deadline
        if let last {
            runner.cancel()
            try? group.syncShutdownGracefully()
            throw last
        }
        pruner = Task.detached {
            while !Task.isCancelled {
                try? await store.pruneAppliedSaves(now: store.clock())
                try? await Task.sleep(for: .seconds(PostgresStore.pruneEverySeconds))
            }
        }
    }

    /// Runs async work from a synchronous caller (the command line, before and after the server).
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let box = Box<T>()
        Task.detached {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    final class Box<T>: @unchecked Sendable { var value: T? }

    /// `StoreLineHook.Serve`: answers the line `descriptor` for `player`.
    public func serve(player: String, descriptor: CInt) {
        NIOPipeBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(BoundedLineDecoder()))
                    try channel.pipeline.syncOperations.addHandler(LineHandler(service: self, player: player))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: descriptor)
            .whenFailure { error in
                close(descriptor)
                Self.log("store line for player \(player) cannot be read: \(error)")
            }
    }

    /// Waits up to `seconds` for the queued saves to be written; answers how many players'
    /// saves were still waiting (0: all written).
    public func drain(seconds: Double) -> Int {
        let queues = self.queues
        let left = Self.blocking { () async -> Int in
            await withTaskGroup(of: Int?.self) { group in
                group.addTask {
                    await queues.waitForAll()
                    return 0
                }
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                    return nil
                }
                let first = await group.next()!
                group.cancelAll()
                if let first { return first }
                return await queues.pending
            }
        }
        pruner.cancel()
        runner.cancel()
        try? group.syncShutdownGracefully()
        return left
    }

    // MARK: Requests

    /// Answers one request; `reply` sends the answer.
    func handle(_ request: StoreLine.Request, player: String, reply: @escaping @Sendable (StoreLine.Reply) -> Void) async {
        switch request {
        case .save(let change):
            if let problem = change.problem {
                reply(.failed("the save was refused: \(problem)"))
                return
            }
            // Queued before the answer, so a read the game sends next comes after it. The id,
            // made here, is what keeps a write tried again from being applied twice.
            let id = UUID()
            await queues.enqueue(player) { [store, tries] in
                await Self.writeRetrying("a save", player: player, tries: tries) {
                    try await store.apply(change, id: id, player: player)
                }
            }
            reply(.saved)
        case .load:
            await read(player, reply) { store in
                let (records, positions, savedAt) = try await store.load(player: player)
                return .loaded(records: records, positions: positions, savedAt: savedAt)
            }
        case .fame(let figure, let assist):
            guard ProgressChange.nameProblem(figure) == nil, ProgressChange.assists.contains(assist) else {
                reply(.failed("no such figure or assist"))
                return
            }
            await read(player, reply) { store in
                .fame(StoreLine.FameTables(try await store.hallOfFame(figure: figure, assist: assist, player: player)))
            }
        case .ownName:
            await read(player, reply) { store in .name(try await store.displayName(player: player)) }
        case .chooseName(let text):
            await read(player, reply) { store in
                switch try await store.chooseName(String(text.prefix(200)), player: player) {
                case .accepted(let name): return .accepted(name)
                case .refused(let why): return .refused(why)
                }
            }
        case .recordDaily(let row, let kind):
            // Checked as a save is, then held and written in the player's order like one.
            if let problem = row.problemNow {
                reply(.failed("the daily result was refused: \(problem)"))
                return
            }
            // Written again whole if a try's answer is lost: the row keeps the least values, so
            // a second write changes nothing.
            await queues.enqueue(player) { [store, tries] in
                await Self.writeRetrying("a daily result", player: player, tries: tries) {
                    try await store.recordDaily(row, kind: kind, player: player)
                    return true
                }
            }
            reply(.saved)
        case .dailyResults(let kind):
            await read(player, reply) { store in .daily(try await store.dailyResults(kind: kind, player: player)) }
        }
    }

    /// Queues a read after the player's saves and retries it within the patience.
    private func read(_ player: String, _ reply: @escaping @Sendable (StoreLine.Reply) -> Void,
                      _ work: @escaping @Sendable (PostgresStore) async throws -> StoreLine.Reply) async {
        await queues.enqueue(player) { [store, tries] in
            do throws(SharedStoreError) {
                reply(try await tries.run(patience: Self.readPatienceSeconds) { try await work(store) }.value)
            } catch {
                reply(.failed(error.reason))
            }
        }
    }

    /// Runs `write` (`what`, for the log) until it succeeds, trying again with a growing pause:
    /// the game was told it is kept. `write` answers whether that try wrote it; a save's says no
    /// when an earlier try had (its id is in `applied_saves`: that try was cut off after its
    /// commit), so the save is applied once. Answers the tries it took.
    @discardableResult
    static func writeRetrying(_ what: String, player: String, tries: StoreTries,
                              _ write: @escaping @Sendable () async throws -> Bool) async -> Int {
        let written = try? await tries.run(firstFailure: { failure in
            log("\(what) for player \(player) waits for the database: \(failure.reason)")
        }) {
            try await write()
        }
        guard let written else { return 0 }
        if written.tries == 1 { return 1 }
        if written.value {
            log("\(what) for player \(player) was written after \(written.tries) tries")
        } else {
            log("\(what) for player \(player) had been written by an earlier try, whose answer came too late: applied once")
        }
        return written.tries
    }

    /// `work`, or a failure after `StoreTries.trySeconds` (for writes that are not a game's
    /// requests, such as `PresenceReporter`'s, and not counted).
    static func bounded<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await StoreTries(observe: { _ in }).bounded(work)
    }

    /// One line on standard error, as the server's log does.
    static func log(_ message: String) {
        let line = Array(("soma serve: " + message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
