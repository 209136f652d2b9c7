#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Store

/// Who is playing now, written where the hall of fame reads it (issue 27): the server reports
/// the players of its keyed games (`Server.PresenceHook`, from its event loop, at each change
/// and every 20 s), and this writes them on a queue of its own, never on the server's loop:
/// into PostgreSQL under `--database` (`PostgresStore.replacePlaying`, the `playing` table all
/// instances share), else into the state directory's `soma.db` (`Store.PlayingTable`).
///
/// Each report replaces this process's rows (`instance`, random for each start); a report that
/// a newer one overtook while the database was slow is skipped, so a stalled database never
/// piles up writes. A write that fails is not retried: the next report (20 s at most) writes
/// the whole set again. `finish` removes this process's rows on a clean shutdown; a killed
/// server's rows stop counting after `HallOfFame.playingWindow` by themselves.
public final class PresenceReporter: @unchecked Sendable {
    private enum Sink {
        case sqlite(path: String)
        /// With the `--peer-listen` address other instances reach this one's games at, if any.
        case postgres(PostgresStore, peer: String?)
    }

    private let sink: Sink
    /// This server process, among all that write the table.
    public let instance: String
    private let queue = DispatchQueue(label: "soma.presence")
    // Touched only on `queue`.
    private var table: PlayingTable?
    private var latest: Set<String> = []
    private var generation = 0
    private var failing = false
    /// Whether anything was written (a server where no one played leaves the database alone).
    private var wrote = false

    /// Into the shared PostgreSQL of `service`; each row names `peer`, where the other
    /// instances ask to watch this one's games (`soma serve --peer-listen`), if given.
    public convenience init(database service: StoreService, peer: String? = nil) {
        self.init(sink: .postgres(service.store, peer: peer))
    }

    /// Into the SQLite file at `path` (the state directory's `soma.db`).
    public convenience init(sqlite path: String) {
        self.init(sink: .sqlite(path: path))
    }

    private init(sink: Sink) {
        self.sink = sink
        instance = String(UInt64.random(in: 1...UInt64.max), radix: 16)
    }

    /// `players` are in a game on this server now (returns at once; written on the queue).
    public func report(_ players: Set<String>) {
        queue.async {
            self.latest = players
            self.generation += 1
            let generation = self.generation
            // Behind any report queued meanwhile: only the newest is written.
            self.queue.async {
                if generation == self.generation { self.write(self.latest) }
            }
        }
    }

    /// Returns once every report made before the call is written or skipped (a report's write
    /// is queued behind the report itself, hence two turns of the queue).
    func settle() {
        queue.sync {}
        queue.sync {}
    }

    /// The server has stopped: its rows are removed (waits for the write, at most a few seconds).
    public func finish() {
        queue.sync {
            generation += 1
            if wrote { write([]) }
            table = nil
        }
    }

    private func write(_ players: Set<String>) {
        wrote = true
        let problem: String?
        switch sink {
        case .sqlite(let path):
            do throws(StoreError) {
                if table == nil { table = try PlayingTable(path: path, instance: instance) }
                try table?.replace(players, now: Date().timeIntervalSince1970)
                problem = nil
            } catch {
                table = nil
                problem = error.description
            }
        case .postgres(let store, let peer):
            let instance = self.instance
            problem = StoreService.blocking { () async -> String? in
                do {
                    try await StoreService.bounded { try await store.replacePlaying(players, instance: instance, peer: peer) }
                    return nil
                } catch {
                    return SharedStoreError.from(error).reason
                }
            }
        }
        if let problem, !failing {
            StoreService.log("who is playing now cannot be written: \(problem)")
        } else if problem == nil, failing {
            StoreService.log("who is playing now is written again")
        }
        failing = problem != nil
    }
}
