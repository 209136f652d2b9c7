#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SQLiteNIO

/// One SQLite database file behind a small synchronous API, for the app loop (which has no
/// event loop of its own): every statement is run on sqlite-nio's thread pool and waited for.
///
/// The connection is opened in WAL mode (readers never wait for a writer, and a crash mid-write
/// leaves the last committed state) with a `busy_timeout`, so that several games on one file take
/// turns instead of failing. `synchronous = NORMAL`: in WAL mode a commit does not wait for the
/// disk, so a power cut can lose the last few saves but never damages the file (a save takes
/// well under a millisecond instead of a disk flush). Writers take the lock up front (`BEGIN IMMEDIATE`), so a
/// read-then-write transaction never fails half-way on a lock another writer took meanwhile.
final class SQLiteFile {
    let path: String
    private let connection: SQLiteConnection
    private var closed = false

    /// How long a statement waits for another writer before giving up.
    static let busyMilliseconds = 5000

    init(path: String, busyMilliseconds: Int = SQLiteFile.busyMilliseconds) throws(StoreError) {
        self.path = path
        // sqlite-nio's event loop and thread pool start on the first open: they start with the
        // terminal signals blocked, so those keep going to the game's own thread.
        let opened = SignalMask.blockingTerminalSignals {
            Result { try SQLiteConnection.open(storage: .file(path: path)).wait() }
        }
        switch opened {
        case .success(let c): connection = c
        case .failure(let error): throw StoreError.sqlite(path, error)
        }
        do throws(StoreError) {
            // Replaces sqlite-nio's busy handler, which retries at once and forever.
            _ = try run("PRAGMA busy_timeout = \(busyMilliseconds)")
            let mode = try run("PRAGMA journal_mode = WAL").first?.column("journal_mode")?.string
            guard mode?.lowercased() == "wal" else {
                throw StoreError(path: path, reason: "the database cannot be switched to WAL mode (\(mode ?? "no answer"))")
            }
            _ = try run("PRAGMA synchronous = NORMAL")
        } catch {
            close()
            throw error
        }
    }

    /// Runs one statement with `binds` for its `?` placeholders and returns its rows.
    @discardableResult
    func run(_ sql: String, _ binds: [SQLiteData] = []) throws(StoreError) -> [SQLiteRow] {
        guard !closed else { throw StoreError(path: path, reason: "the database was closed") }
        do {
            return try connection.query(sql, binds).wait()
        } catch {
            throw StoreError.sqlite(path, error)
        }
    }

    /// Runs `body` as one write transaction: all of it is committed, or none.
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try run("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try run("COMMIT")
            return value
        } catch {
            _ = try? run("ROLLBACK")
            throw error
        }
    }

    /// Closes the connection once; later calls do nothing (sqlite-nio's close of a closed
    /// connection passes a null handle to SQLite, which crashes a release build).
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? connection.close().wait()
    }
}
