#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore
import NIOPosix
import Records
import Store

/// The server's side of the games' store lines under `soma serve --database`: owns the
/// PostgreSQL pool, answers each game's requests (`StoreLine`) for the player whose session the
/// line belongs to, and writes saves in each player's order (`PlayerQueues`).
///
/// A save is answered `saved` once it is on this instance's disk (`SaveJournal`, flushed) and
/// queued: the server writes it, retrying with a growing pause while the database is down or
/// restarting, so a database restart loses nothing and never freezes a game, and a killed
/// instance's next start writes what its journal holds; the number it gets in the journal keeps
/// a try after a lost answer, or a replay, from applying it twice. A read (load, hall of fame,
/// names) waits for the player's earlier saves, is retried for up to `readPatienceSeconds`, then
/// answered `failed` with the reason. On SIGTERM the server stops taking players, its games
/// save, and `drain` waits (bounded) for the queued saves to be written, leaving the rest in the
/// journal. Each failed try and each retry is told to the observer (`StoreEvent`: the server's
/// metrics). A probe asks the database every `probeEverySeconds` whether it answers
/// (`isAnswering`: the health check says 503 and new logins are refused while it does not).
public final class StoreService: Sendable {
    let store: PostgresStore
    let group: MultiThreadedEventLoopGroup
    let queues = PlayerQueues()
    /// How every request for a game is tried (`StoreTries`); its failures and retries are told
    /// to the observer given at `init`.
    let tries: StoreTries
    private let runner: Task<Void, Never>
    /// Asks the database whether it answers, every `probeEverySeconds`.
    private let prober: Task<Void, Never>
    /// The acknowledged writes not yet in the database, on disk.
    let journal: SaveJournal
    private let answering: Flag
    private let notices = Notices()

    /// Seconds between two probes, and the most one may take before the database counts as away.
    static let probeEverySeconds = 0.5
    static let probeSeconds = 1.0

    /// Seconds a read is retried before the game is told it failed (the game waits 15).
    static let readPatienceSeconds = 8.0
    /// Bad lines one game may send before its line is closed.
    static let maxBadLines = 8

    /// Connects to the database and brings its schema up to date, trying for up to `patience`
    /// seconds (a database starting beside the server); throws the last reason after that.
    /// `observe` is told of every failed try and every retry of the games' requests from then
    /// on (`StoreEvent`; the tries at start are not counted: the server is not serving yet).
    ///
    /// `stateDirectory` holds the journal (`SaveJournal`): what it still holds from an earlier
    /// run (killed, or stopped while the database was away) is queued to be written first.
    /// `playingWindow`: how long a player counts as playing now after their instance last said
    /// so (`soma serve --playing-window`). `logger`: where PostgreSQL's client writes (the
    /// server's own log under `soma serve`).
    public init(address: DatabaseAddress, stateDirectory: String, patience: Double = 10,
                playingWindow: Double = HallOfFame.playingWindow, logger: Logger = Logger(label: "soma.postgres"),
                observe: @escaping @Sendable (StoreEvent) -> Void = { _ in }) throws(SharedStoreError) {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let store = PostgresStore(address: address, group: group, playingWindow: playingWindow, logger: logger)
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
        do throws(SharedStoreError) {
            journal = try SaveJournal(folder: stateDirectory, notes: Self.log)
            let origin = journal.origin
            let newest = Self.blocking { () async -> Result<Int64, SharedStoreError> in
                do throws(SharedStoreError) {
                    return .success(try await store.lastSequence(origin: origin))
                } catch {
                    return .failure(error)
                }
            }
            journal.continueAfter(try newest.get())
        } catch {
            runner.cancel()
            try? group.syncShutdownGracefully()
            throw error
        }
        let answering = Flag(true)
        self.answering = answering
        prober = Task.detached {
            let probe = StoreTries(observe: { _ in }, trySeconds: Self.probeSeconds)
            while !Task.isCancelled {
                // A probe's answer is as old as its start: a write that succeeded (or failed)
                // while it waited is newer news, and the probe's answer is dropped then.
                let asked = answering.stamp
                let up = (try? await probe.bounded { try await store.ping() }) != nil
                answering.set(up, ifUnchangedSince: asked)
                try? await Task.sleep(for: StoreTries.duration(Self.probeEverySeconds))
            }
        }
        let kept = journal.pending
        if !kept.isEmpty {
            Self.log("\(kept.count) saves of \(Set(kept.map(\.player)).count) players kept in \(journal.path) by an earlier run "
                     + "are written to the database first")
            for entry in kept { queueWrite(entry) }
        }
    }

    /// Whether the database answered the last probe (and every try since has not failed).
    public var isAnswering: Bool { answering.value }

    /// Where a player of display name `name` is in a game now, by the `--peer-listen` addresses
    /// of their instances other than `instance` (`PostgresStore.watchPeers`); none when the
    /// database does not answer within one bounded try. Returns at once; `answer` is called on
    /// a queue of its own (never the server's loop, which must not wait for the database).
    public func watchPeers(name: String, excluding instance: String, answer: @escaping @Sendable ([String]) -> Void) {
        let store = self.store
        DispatchQueue.global().async {
            answer(Self.blocking { () async -> [String] in
                (try? await Self.bounded { try await store.watchPeers(name: name, excluding: instance) }) ?? []
            })
        }
    }

    /// What a player in a game is told of their saves: they wait for the database (told once,
    /// at the first failed try), then they are all written (told once).
    public enum SaveNotice: Sendable, Equatable {
        case waiting, written
    }

    /// `tell` hears each player's `SaveNotice`s from now on (from any thread).
    public func onSaves(_ tell: @escaping @Sendable (_ player: String, _ notice: SaveNotice) -> Void) {
        notices.set(tell)
    }

    /// Who has been told their saves wait, and whom to tell.
    final class Notices: @unchecked Sendable {
        private let lock = DispatchQueue(label: "soma.notices")
        private var waiting: Set<String> = []
        private var tell: (@Sendable (String, SaveNotice) -> Void)?

        func set(_ tell: @escaping @Sendable (String, SaveNotice) -> Void) { lock.sync { self.tell = tell } }

        /// A write of `player`'s failed: told once until `written`.
        func failed(_ player: String) {
            let tell = lock.sync { waiting.insert(player).inserted ? self.tell : nil }
            tell?(player, .waiting)
        }

        /// Every write of `player`'s is in: told if they were told of waiting.
        func written(_ player: String) {
            let tell = lock.sync { waiting.remove(player) != nil ? self.tell : nil }
            tell?(player, .written)
        }
    }

    /// A Bool read and written from any thread, with a count of its settings so that an answer
    /// found from an older state does not overwrite a newer one: a probe started while the
    /// database was down used to end after a save had just been written and say "away" again,
    /// and a player logging in then was refused (seen in a loaded `make test` run).
    final class Flag: @unchecked Sendable {
        private let lock = DispatchQueue(label: "soma.flag")
        private var current: Bool
        private var settings = 0
        init(_ value: Bool) { current = value }
        var value: Bool { lock.sync { current } }
        /// How many times it was set so far: what `set(_:ifUnchangedSince:)` compares.
        var stamp: Int { lock.sync { settings } }
        func set(_ value: Bool) { lock.sync { current = value; settings &+= 1 } }
        /// Sets `value` only if nothing set it since `stamp` was read; answers whether it did.
        @discardableResult
        func set(_ value: Bool, ifUnchangedSince stamp: Int) -> Bool {
            lock.sync {
                guard settings == stamp else { return false }
                current = value
                settings &+= 1
                return true
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

    /// What `drain` left: the journal's entries not yet in the database, of how many players,
    /// and where they are kept.
    public struct Left: Sendable {
        public var saves: Int
        public var players: Int
        public var path: String
    }

    /// Waits up to `seconds` for the queued saves to be written; answers what is still waiting
    /// (kept in the journal, written at the next start with this state directory). Never waits
    /// past `seconds`, whatever the database does.
    public func drain(seconds: Double) -> Left {
        let deadline = DispatchTime.now() + seconds
        while journal.waiting.entries > 0 && DispatchTime.now() < deadline {
            usleep(50_000)
        }
        let waiting = journal.waiting
        prober.cancel()
        if waiting.entries == 0 {
            runner.cancel()
            try? group.syncShutdownGracefully()
        }
        // Else the writes still trying are left to end with the process: their entries are on disk.
        return Left(saves: waiting.entries, players: waiting.players, path: journal.path)
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
            // On disk, then queued, then answered: a read the game sends next comes after it, and
            // the number the journal gives keeps a write tried again from being applied twice.
            await keep(request, player: player, reply)
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
            await keep(request, player: player, reply)
        case .dailyResults(let kind, let through):
            if let through, let why = ProgressStore.DailyRow.dayProblem(through) {
                reply(.failed("the daily results were not read: \(why)"))
                return
            }
            await read(player, reply) { store in .daily(try await store.dailyResults(kind: kind, player: player, through: through)) }
        }
    }

    /// A checked write: into the journal (flushed), queued, then answered `saved`; a journal
    /// that cannot keep it answers `failed` (the game keeps its change and says it is not saved).
    private func keep(_ request: StoreLine.Request, player: String, _ reply: @escaping @Sendable (StoreLine.Reply) -> Void) async {
        let entry: SaveJournal.Entry
        do throws(SharedStoreError) {
            entry = try journal.append(player: player, request: request)
        } catch {
            Self.log("a save for player \(player) was refused: \(error.reason)")
            reply(.failed("the server cannot keep it: \(error.reason)"))
            return
        }
        await queues.enqueue(player, writeJob(entry))
        reply(.saved)
    }

    /// Queues a journal entry's write (at start, for what an earlier run left).
    private func queueWrite(_ entry: SaveJournal.Entry) {
        let queues = self.queues, job = writeJob(entry)
        Self.blocking { await queues.enqueue(entry.player, job) }
    }

    /// The job that writes a journal entry until it is in the database, then marks it done.
    private func writeJob(_ entry: SaveJournal.Entry) -> @Sendable () async -> Void {
        let store = self.store, tries = self.tries, journal = self.journal, answering = self.answering, notices = self.notices
        let origin = journal.origin
        return {
            let player = entry.player
            let written: Int
            switch entry.request {
            case .save(let change):
                written = await Self.writeRetrying("a save", player: player, tries: tries, failed: {
                    answering.set(false)
                    notices.failed(player)
                }) {
                    try await store.apply(change, origin: origin, seq: entry.seq, player: player, at: entry.at)
                }
            case .recordDaily(let row, let kind):
                written = await Self.writeRetrying("a daily result", player: player, tries: tries, failed: {
                    answering.set(false)
                    notices.failed(player)
                }) {
                    try await store.recordDaily(row, kind: kind, player: player)
                    return true
                }
            default:
                written = 1
            }
            if written > 0 {
                // Written: the database answers, whatever the last probe found.
                answering.set(true)
                journal.done(entry.seq)
                if !journal.hasPending(player: player) { notices.written(player) }
            }
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
    /// when an earlier try had (its number is the player's mark in `save_marks`: that try was
    /// cut off after its commit, or an earlier run wrote it before it was killed), so the save
    /// is applied once. `failed` is told of the first failure. Answers the tries it took (0:
    /// cancelled before it was written).
    @discardableResult
    static func writeRetrying(_ what: String, player: String, tries: StoreTries, failed: @Sendable () -> Void = {},
                              _ write: @escaping @Sendable () async throws -> Bool) async -> Int {
        let written = try? await tries.run(firstFailure: { failure in
            failed()
            log("\(what) for player \(player) waits for the database: \(failure.reason)")
        }) {
            try await write()
        }
        guard let written else { return 0 }
        if written.tries == 1 { return 1 }
        if written.value {
            log("\(what) for player \(player) was written after \(written.tries) tries")
        } else {
            log("\(what) for player \(player) had been written by an earlier try (its answer came too late, "
                + "or the instance stopped before it noted it): applied once")
        }
        return written.tries
    }

    /// `work`, or a failure after `StoreTries.trySeconds` (for writes that are not a game's
    /// requests, such as `PresenceReporter`'s, and not counted).
    static func bounded<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await StoreTries(observe: { _ in }).bounded(work)
    }

    /// Seconds on the monotonic clock (a line's budget, `LineHandler`).
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// One line on standard error, as the server's log does.
    static func log(_ message: String) {
        let line = Array(("soma serve: " + message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
