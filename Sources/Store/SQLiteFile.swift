import CSQLite

/// One SQLite database file behind a small synchronous API, for the app loop (which has no
/// event loop of its own): each statement runs on the caller's thread through SQLite's C
/// interface. The game used sqlite-nio until round six; its event loop and thread pool were
/// the game's only use of SwiftNIO, which then made up a third of a first `make run` and part of
/// every login's start-up (issues 32 and 35), for statements that take microseconds.
///
/// The connection is opened in WAL mode (readers never wait for a writer, and a crash mid-write
/// leaves the last committed state) with a `busy_timeout`, so that several games on one file take
/// turns instead of failing. `synchronous = NORMAL`: in WAL mode a commit does not wait for the
/// disk, so a power cut can lose the last few saves but never damages the file (a save takes
/// well under a millisecond instead of a disk flush). Writers take the lock up front (`BEGIN IMMEDIATE`), so a
/// read-then-write transaction never fails half-way on a lock another writer took meanwhile.
///
/// Not shared between threads: its users hold one lock around it (`GuardedKeeper`); SQLite is
/// opened in its serialized mode all the same, so a mistake there is a wait, not a corruption.
final class SQLiteFile {
    let path: String
    private var connection: OpaquePointer?

    /// How long a statement waits for another writer before giving up.
    static let busyMilliseconds = 5000

    /// Set once, before the first connection initialises SQLite (`csqlite_page_cache_without_bulk`).
    private static let configured: Void = { _ = csqlite_page_cache_without_bulk() }()

    init(path: String, busyMilliseconds: Int = SQLiteFile.busyMilliseconds) throws(StoreError) {
        self.path = path
        Self.configured
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? ""
            sqlite3_close_v2(handle)
            throw StoreError.sqlite(path, code: code, message: message)
        }
        connection = handle
        sqlite3_extended_result_codes(handle, 1)
        do throws(StoreError) {
            _ = try run("PRAGMA busy_timeout = \(max(0, min(busyMilliseconds, 600_000)))")
            _ = try run("PRAGMA synchronous = NORMAL")
            let mode = try run("PRAGMA journal_mode = WAL").first?.column("journal_mode")?.string
            guard mode?.lowercased() == "wal" else {
                throw StoreError(path: path, reason: "the database cannot be switched to WAL mode (\(mode ?? "no answer"))")
            }
        } catch {
            close()
            throw error
        }
    }

    /// Opens `path` only to read it, for a game whose state directory (or file system) is
    /// read-only: its saved positions are still shown, nothing is written. SQLite reads a WAL
    /// database read-only when its `-wal` and `-shm` files exist or can be made (`mode=ro`);
    /// in a folder where they can be neither (a clean close removed them) only as an immutable
    /// file, which is then all there is to read.
    init(readingOnly path: String) throws(StoreError) {
        Self.configured
        self.path = path
        var last = StoreError(path: path, reason: "the database could not be used")
        for query in ["mode=ro", "immutable=1"] {
            var handle: OpaquePointer?
            let code = sqlite3_open_v2("file:" + Self.uriPath(path) + "?" + query, &handle,
                                       SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX, nil)
            guard code == SQLITE_OK, let handle else {
                last = StoreError.sqlite(path, code: code, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "")
                sqlite3_close_v2(handle)
                continue
            }
            connection = handle
            sqlite3_extended_result_codes(handle, 1)
            do throws(StoreError) {
                // The first read is where a WAL file that cannot be opened fails.
                _ = try run("PRAGMA user_version")
                return
            } catch {
                last = error
                close()
            }
        }
        throw last
    }

    /// A path as a `file:` URI's path: `%`, `?` and `#` (and anything not printable ASCII)
    /// percent-encoded, so no part of the name is taken for the query.
    static func uriPath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte > 0x20 && byte < 0x7F && !"%?#".contains(c) {
                out.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    deinit { close() }

    /// Runs one statement with `binds` for its `?` placeholders and returns its rows.
    @discardableResult
    func run(_ sql: String, _ binds: [SQLiteData] = []) throws(StoreError) -> [SQLiteRow] {
        guard let connection else { throw StoreError(path: path, reason: "the database was closed") }
        var statement: OpaquePointer?
        var code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code) }
        defer { sqlite3_finalize(statement) }
        for (index, value) in binds.enumerated() {
            code = Self.bind(value, at: Int32(index + 1), in: statement)
            guard code == SQLITE_OK else { throw failure(code) }
        }
        let count = sqlite3_column_count(statement)
        let names = (0..<count).map { sqlite3_column_name(statement, $0).map { String(cString: $0) } ?? "" }
        var rows: [SQLiteRow] = []
        while true {
            code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(code) }
            rows.append(SQLiteRow(names: names, values: (0..<count).map { Self.value(statement, $0) }))
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

    /// Closes the connection once; later calls do nothing.
    func close() {
        guard let connection else { return }
        self.connection = nil
        sqlite3_close_v2(connection)
    }

    private func failure(_ code: Int32) -> StoreError {
        let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? ""
        return StoreError.sqlite(path, code: code, message: message)
    }

    /// SQLite copies text and blobs it is given (`SQLITE_TRANSIENT`), so nothing must outlive the call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func bind(_ value: SQLiteData, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .integer(let i): sqlite3_bind_int64(statement, index, Int64(i))
        case .float(let d): sqlite3_bind_double(statement, index, d)
        case .text(let s): sqlite3_bind_text(statement, index, s, -1, transient)
        case .blob(let bytes):
            bytes.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32(clamping: $0.count), transient) }
        case .null: sqlite3_bind_null(statement, index)
        }
    }

    private static func value(_ statement: OpaquePointer, _ column: Int32) -> SQLiteData {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(Int(truncatingIfNeeded: sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT:
            return .float(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, column) else { return .text("") }
            let length = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(statement, column))
            guard length > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: length)))
        default:
            return .null
        }
    }
}
