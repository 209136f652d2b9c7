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
import Records
import Polycube

/// Saved progress in SQLite (`soma.db`): one player's records and positions, read at the start
/// of a game and written by merging, so that any number of games on one file never lose an
/// update.
///
/// A save writes only what changed since this store last read or wrote: a solve adds to the
/// count (it does not overwrite it), best time and fewest moves keep the minimum, each per
/// figure and assist (`RecordKey`), and a position
/// is written (or removed) only for the figure whose position changed. So when game A records a
/// solve and game B, opened earlier, quits later with its old copy, the solve stays.
///
/// Moves are handlings of a piece (pick up or select, put down: a perfect cube is 7). Cube rows
/// written before that (issue 12) counted every step and turn, so an old `fewest_moves` is at
/// least what the same solve counts now: it is kept as it is, and the first solve in the new
/// unit replaces it through the same minimum (a pentomino move was one tile put down already).
public final class ProgressStore {
    public let path: String
    public let player: String
    let file: SQLiteFile
    /// The wall clock, seconds since 1970: when a best was set (ties in the hall of fame go to
    /// the earlier). Tests set their own.
    var clock: () -> Double = { Date().timeIntervalSince1970 }
    /// What this store last read or wrote: a save sends the difference from it.
    private var baseline = Progress()
    /// Opened only to read (`init(readingOnly:)`): nothing is written, not even a row set aside.
    public private(set) var isReadOnly = false
    /// Whether the file has the player's row in `players` (found when opened, or written since).
    /// A player's row comes with their first write (`writing`), not with their first login: a
    /// login then never waits for the disk (a first write into a fresh write-ahead log is synced
    /// with its folder, about 1 ms of a new player's start-up, issue 35), and someone who only
    /// looks leaves no row.
    private var isRegistered = false

    /// The player on this machine; `soma serve` will use SSH key fingerprints.
    public static let localPlayer = "local"
    /// The longest poses text read back (a few kilobytes in practice).
    static let maxPosesText = 262_144
    /// The most rows read back from a table.
    static let maxRows = 100_000

    /// Opens (creating if need be) the database at `path`, its folder included.
    public convenience init(path: String, player: String = ProgressStore.localPlayer) throws(StoreError) {
        try self.init(path: path, player: player, busyMilliseconds: SQLiteFile.busyMilliseconds)
    }

    /// `busyMilliseconds`: how long to wait for another writer (shorter in tests).
    /// `beforeLocking`: run between reading the file's schema version and taking the write lock,
    /// where another process may make the schema (tests play that process).
    /// `registering`: a file made or completed here gets the player's row (`makeSchema`: no row).
    init(path: String, player: String, busyMilliseconds: Int, registering: Bool = true,
         beforeLocking: () throws(StoreError) -> Void = {}) throws(StoreError) {
        self.path = path
        self.player = player
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if !folder.isEmpty { try Self.makeFolder(folder) }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw StoreError(path: path, reason: "a folder is in the database file's place")
            case S_IFIFO: throw StoreError(path: path, reason: "a FIFO (named pipe) is in the database file's place, not a regular file")
            default: throw StoreError(path: path, reason: "a device or socket is in the database file's place, not a regular file")
            }
        } else if Self.isReadOnlyFileSystem(folder.isEmpty ? "." : folder) {
            throw StoreError(path: path, reason: "the file system is read-only: the database cannot be made")
        }
        do {
            file = try SQLiteFile(path: path, busyMilliseconds: busyMilliseconds)
        } catch {
            throw Self.explained(error, path: path)
        }
        do {
            try prepare(registering: registering, beforeLocking: beforeLocking)
        } catch {
            file.close()
            throw Self.explained(error, path: path)
        }
        identity = Self.identity(of: path)
    }

    /// Opens the database at `path` only to read it: where it cannot be written (a read-only
    /// state directory or file system), the saved progress is still read and shown, and the
    /// game says it is not saved (`SavedProgress`). Makes nothing, changes nothing.
    public init(readingOnly path: String, player: String = ProgressStore.localPlayer) throws(StoreError) {
        self.path = path
        self.player = player
        file = try SQLiteFile(readingOnly: path)
        isReadOnly = true
        let version = try file.run("PRAGMA user_version").first?.column("user_version")?.integer ?? 0
        guard version <= Schema.version else {
            file.close()
            throw StoreError(path: path, reason: "the database was written by a newer soma (schema \(version), "
                             + "this soma knows \(Schema.version)); it was left as it is")
        }
    }

    /// The device and inode the path named when the store was opened: a game that runs for an
    /// hour must notice when the file is deleted (or replaced) meanwhile, since SQLite would go on
    /// writing into the open, unlinked file and every save would vanish at exit.
    private var identity: FileIdentity?

    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Nil while the path still names the file this store opened; else why not, in words.
    func fileMoved() -> StoreError? {
        guard let identity else { return nil }
        guard let now = Self.identity(of: path) else {
            return StoreError(path: path, reason: "the database was deleted while the game ran")
        }
        return now == identity ? nil
            : StoreError(path: path, reason: "the database was replaced by another file while the game ran; nothing was written into either")
    }

    /// Whether the file system holding `folder` is mounted read-only.
    static func isReadOnlyFileSystem(_ folder: String) -> Bool {
        var info = statvfs()
        return statvfs(folder, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// A failure to open with what the player can do about it: a read-only file system named
    /// as such (SQLite says only that it cannot open the file), a damaged file with the way out.
    static func explained(_ error: StoreError, path: String) -> StoreError {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        if isReadOnlyFileSystem(folder.isEmpty ? "/" : folder) {
            return StoreError(path: path, reason: "the file system is read-only")
        }
        if error.reason.hasPrefix("the database is damaged") || error.reason.hasPrefix("the file is not a soma database") {
            return StoreError(path: path, reason: error.reason + "; move it away (mv \(path) \(path).damaged) "
                + "and soma starts a new one, keeping the old file for you")
        }
        return error
    }

    deinit { file.close() }

    /// `mkdir -p`, with the system's reason when it fails (Foundation's error says only
    /// "error 512" here).
    static func makeFolder(_ folder: String) throws(StoreError) {
        var path = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            // String's own append of a Substring: `"/" + part` took the generic
            // append(contentsOf:), whose first use searched every conformance record
            // (200,000 instructions of a login's start-up, issue 35).
            path.append("/")
            path.append(contentsOf: part)
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw StoreError(path: folder, reason: "the folder cannot be made (\(String(cString: strerror(errno)).lowercased()))")
            }
        }
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw StoreError(path: folder, reason: "the folder cannot be made (a file is in its place)")
        }
    }

    private func prepare(registering: Bool, beforeLocking: () throws(StoreError) -> Void) throws(StoreError) {
        let before = try schemaVersion()
        try beforeLocking()
        // The write transaction is taken even for a file that needs nothing: taking it is what
        // finds a database that cannot be written (issue 36: said at the start, not at the first
        // save). In it, a returning player's file is found up to date by two reads, and the dozen
        // statements that would make or extend it are not parsed (issue 35: a login's start-up).
        try file.transaction { () throws(StoreError) in
            // Read again under the lock when it was not yet this soma's: the games of a server's
            // first burst of logins all found a new file at version 0, and each that waited for
            // the lock then ran the whole schema over the one the first had made (16 games at
            // once: 12 ms of CPU each instead of 4.5).
            let version = before == Schema.version ? before : try schemaVersion()
            if version == Schema.version, try isUpToDate() {
                // A file that has everything (every login to a server): nothing is written, none
                // of the schema's statements parsed again; a new player's row waits for their
                // first write.
                isRegistered = try !file.run("SELECT 1 FROM players WHERE player = ?", [.text(player)]).isEmpty
                return
            }
            for statement in Schema.statements { try file.run(statement) }
            for added in Schema.addedColumns {
                let columns = try file.run("PRAGMA table_info(\(added.table))").compactMap { $0.column("name")?.string }
                if !columns.contains(added.column) {
                    try file.run("ALTER TABLE \(added.table) ADD COLUMN \(added.column) \(added.definition)")
                }
            }
            let recordColumns = try file.run("PRAGMA table_info(records)").compactMap { $0.column("name")?.string }
            if !recordColumns.contains("assist") {
                for statement in Schema.recordsRebuild { try file.run(statement) }
            }
            for statement in Schema.indexes { try file.run(statement) }
            if version < Schema.version { try file.run("PRAGMA user_version = \(Schema.version)") }
            guard registering else { return }
            try file.run(Self.registration, [.text(player)])
            isRegistered = true
        }
    }

    /// Makes the database at `path` (its folder must exist), or completes its schema, for no
    /// player: what `soma serve` does at its start, so that no login's game pays for it (the
    /// first login to a new server made it: 10M instructions, 3-4 ms of that game's CPU, and
    /// the other games of the first burst waited for its lock, issue 35). A file already up to
    /// date is only read.
    public static func makeSchema(path: String) throws(StoreError) {
        _ = try ProgressStore(path: path, player: "", busyMilliseconds: SQLiteFile.busyMilliseconds, registering: false)
    }

    /// The file's schema version (`PRAGMA user_version`); an error for one newer than this soma's,
    /// whose file is left as it is.
    private func schemaVersion() throws(StoreError) -> Int {
        let version = try file.run("PRAGMA user_version").first?.column("user_version")?.integer ?? 0
        guard version <= Schema.version else {
            throw StoreError(path: path, reason: "the database was written by a newer soma (schema \(version), "
                             + "this soma knows \(Schema.version)); it was left as it is")
        }
        return version
    }

    /// The player's row in `players`, written once (`prepare` on a file it makes, else `writing`).
    private static let registration = "INSERT OR IGNORE INTO players (player) VALUES (?)"

    /// Runs `body` in a write transaction, with the player's row written first when the file has
    /// none yet (`isRegistered`): every write of a player's goes through here.
    func writing<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let registers = !isRegistered
        let value = try file.transaction { () throws(StoreError) -> T in
            if registers { try file.run(Self.registration, [.text(player)]) }
            return try body()
        }
        if registers { isRegistered = true }
        return value
    }

    /// Whether the file already has everything `prepare` makes but the player's row: every
    /// table, every added column, the `assist` column of `records`, every index. Read from
    /// `sqlite_schema` in one statement (PRAGMA table_info as a table in a query cost more than
    /// the statements it saves), against `Schema`'s own lists, so a table, column or index
    /// added there is asked for too. Anything not found, or a schema of more than `maxSchemaRows`
    /// rows (no file of ours), answers false: `prepare` then runs as it always did.
    private func isUpToDate() throws(StoreError) -> Bool {
        var tables: [String: String] = [:]
        var indexes: Set<String> = []
        for row in try file.run("SELECT type, name, sql FROM sqlite_schema WHERE type IN ('table', 'index') LIMIT \(Self.maxSchemaRows + 1)") {
            guard let name = row.column("name")?.string else { continue }
            if row.column("type")?.string == "index" { indexes.insert(name) } else { tables[name] = row.column("sql")?.string ?? "" }
        }
        guard tables.count + indexes.count <= Self.maxSchemaRows, Schema.tables.allSatisfy({ tables[$0] != nil }),
              Schema.indexNames.allSatisfy(indexes.contains) else { return false }
        let columns = Schema.addedColumns.map { (table: $0.table, column: $0.column) } + [(table: "records", column: "assist")]
        for (table, column) in columns where !Schema.names(tables[table] ?? "", include: column) { return false }
        return true
    }

    /// The most rows of `sqlite_schema` read to check a file's schema (ours has eight).
    static let maxSchemaRows = 100

    // MARK: Reading

    /// What `load` found: the progress that passed its checks, and one line for each row set aside.
    public struct Loaded: Sendable {
        public var progress: Records.Progress
        public var notes: [String]
        /// When each position read was last saved (seconds since 1970), for those that say:
        /// the newest is the figure the player was last playing.
        public var savedAt: [String: Double] = [:]
    }

    /// Reads this player's progress. Every value is checked; a row that fails is moved to the
    /// `set_aside` table (kept, never deleted) with a note naming the figure, and the rest is
    /// used. A position is checked against its figure when `figure` knows the name. Reading is
    /// bounded: at most `maxRows` rows a table, names of at most 1000 characters (longer ones are
    /// no figure's and stay unread), poses texts of at most `maxPosesText` characters.
    public func load(figure: (String) -> Figure? = { _ in nil }) throws(StoreError) -> Loaded {
        var progress = Progress()
        var savedAt: [String: Double] = [:]
        // A record is set aside by its rowid (its assist may be no text at all); a position by its key.
        var rejects: [(figure: String, kind: String, reason: String, row: String, rowid: Int?)] = []
        let records = try file.run("""
            SELECT rowid, figure, CASE WHEN length(assist) <= 20 THEN assist END AS assist, times_solved, best_seconds, fewest_moves
            FROM records WHERE player = ? AND length(figure) <= 1000 LIMIT \(Self.maxRows)
            """, [.text(player)])
        for row in records {
            guard let name = row.column("figure")?.string, let rowid = row.column("rowid")?.integer else { continue }
            let times = row.column("times_solved"), best = row.column("best_seconds"), fewest = row.column("fewest_moves")
            let assistText = row.column("assist")?.string
            let described = "assist \(assistText.map { UntrustedText.shown($0) } ?? "?"), times_solved \(times?.description ?? "?"), best_seconds \(best?.description ?? "?"), fewest_moves \(fewest?.description ?? "?")"
            guard let assist = assistText.flatMap(Assist.init(rawValue:)) else {
                rejects.append((figure: name, kind: "record", reason: "the assist is not off, fits or solvable", row: described, rowid: rowid))
                continue
            }
            guard let t = Self.int(times), let b = Self.double(best), let f = Self.int(fewest) else {
                rejects.append((figure: name, kind: "record", reason: "a value is not a number", row: described, rowid: rowid))
                continue
            }
            let record = FigureRecord(timesSolved: t, bestSeconds: b, fewestMoves: f)
            if let why = ProgressCheck.record(record) {
                rejects.append((figure: name, kind: "record", reason: why, row: described, rowid: rowid))
            } else {
                progress.records[RecordKey(name, assist)] = record
            }
        }
        let positions = try file.run("""
            SELECT figure, CASE WHEN length(poses) <= \(Self.maxPosesText) THEN poses END AS poses, moves, seconds, saved_at,
                hints, judged
            FROM positions WHERE player = ? AND length(figure) <= 1000 LIMIT \(Self.maxRows)
            """, [.text(player)])
        for row in positions {
            guard let name = row.column("figure")?.string else { continue }
            let moves = row.column("moves"), seconds = row.column("seconds")
            let text = row.column("poses")?.string
            let described = "moves \(moves?.description ?? "?"), seconds \(seconds?.description ?? "?"), poses \(text ?? "(too long)")"
            guard let text, let m = Self.int(moves), let s = Self.double(seconds),
                  let poses = try? JSONDecoder().decode([SavedPose].self, from: Data(text.utf8)) else {
                rejects.append((figure: name, kind: "position", reason: "the row is not a position", row: described, rowid: nil))
                continue
            }
            // Hints and judging are absent (NULL) when there were none; a value that is not a
            // whole number is read as absent, and a count out of range is set aside by the check.
            let position = SavedPosition(poses: poses, moves: m, seconds: s, hints: Self.int(row.column("hints")),
                                         judged: Self.int(row.column("judged")).map { $0 != 0 })
            if let why = figure(name).map({ ProgressCheck.position(position, fits: $0) }) ?? ProgressCheck.position(position) {
                rejects.append((figure: name, kind: "position", reason: why, row: described, rowid: nil))
            } else {
                progress.inProgress[name] = position
                if let at = Self.double(row.column("saved_at")), at.isFinite { savedAt[name] = at }
            }
        }
        // A store opened only to read leaves the rows where they are (the notes still say them).
        if !rejects.isEmpty && !isReadOnly {
            try writing { () throws(StoreError) in
                for r in rejects {
                    try file.run("INSERT INTO set_aside (player, figure, kind, reason, row) VALUES (?, ?, ?, ?, ?)",
                                 [.text(player), .text(r.figure), .text(r.kind), .text(r.reason), .text(r.row)])
                    if let rowid = r.rowid {
                        try file.run("DELETE FROM records WHERE rowid = ?", [.integer(rowid)])
                    } else {
                        try file.run("DELETE FROM positions WHERE player = ? AND figure = ?", [.text(player), .text(r.figure)])
                    }
                }
            }
        }
        baseline = progress
        let notes = rejects.map {
            "saved \($0.kind) of \(Self.quoted($0.figure)) set aside (\(UntrustedText.shown($0.reason))); kept in \(path), table set_aside"
        }
        return Loaded(progress: progress, notes: notes, savedAt: savedAt)
    }

    /// An integer column: an INTEGER, or a REAL that is a whole number in range.
    static func int(_ data: SQLiteData?) -> Int? {
        switch data {
        case .integer(let i): Int(exactly: i)
        case .float(let d): d.isFinite && d.rounded() == d && abs(d) < 1e15 ? Int(d) : nil
        default: nil
        }
    }

    /// A position's hints or judging as a column: NULL when there was none.
    static func help(_ value: Int?) -> SQLiteData {
        value.map { .integer($0) } ?? .null
    }

    static func double(_ data: SQLiteData?) -> Double? {
        switch data {
        case .integer(let i): Double(i)
        case .float(let d): d
        default: nil
        }
    }

    // MARK: Writing

    /// Writes what changed in `progress` since the last load or save, in one short transaction
    /// that merges with what other games wrote meanwhile. On failure nothing is written, the
    /// file keeps its last good state, and the next save tries the same changes again.
    public func save(_ progress: Records.Progress) throws(StoreError) {
        if let moved = fileMoved() { throw moved }
        let before = baseline
        let now = clock()
        // The same difference a remote save sends (`ProgressChange`), so both back ends merge alike.
        let change = ProgressChange.between(before, progress)
        try writing { () throws(StoreError) in
            for record in change.records {
                try file.run(Self.upsertRecord(solves: "times_solved + excluded.times_solved"),
                             [.text(player), .text(record.figure), .integer(record.solves), .float(record.bestSeconds),
                              .integer(record.fewestMoves), .float(now), .text(record.assist)])
            }
            for entry in change.positions {
                if let position = entry.position {
                    let poses = try Self.encoded(position.poses, path: path)
                    try file.run("""
                        INSERT INTO positions (player, figure, poses, moves, seconds, saved_at, hints, judged)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (player, figure) DO UPDATE SET
                            poses = excluded.poses, moves = excluded.moves, seconds = excluded.seconds,
                            saved_at = excluded.saved_at, hints = excluded.hints, judged = excluded.judged
                        """, [.text(player), .text(entry.figure), .text(poses), .integer(position.moves),
                              .float(position.seconds ?? 0), .float(now), Self.help(position.hints),
                              Self.help(position.judged.map { $0 ? 1 : 0 })])
                } else {
                    try file.run("DELETE FROM positions WHERE player = ? AND figure = ?", [.text(player), .text(entry.figure)])
                }
            }
        }
        baseline = progress
    }

    /// Adds a record (player, figure, solves, best seconds, fewest moves, the time now, the
    /// assist) to what is stored, per player, figure and assist: `solves` says how the counts combine; each best keeps the minimum, and the
    /// time it was set only when the new one is strictly better (a tie keeps the earlier date,
    /// which ranks first). SQLite evaluates every SET expression on the row as it was before.
    static func upsertRecord(solves: String) -> String {
        """
        INSERT INTO records (player, figure, times_solved, best_seconds, fewest_moves, best_seconds_at, fewest_moves_at, assist)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7)
        ON CONFLICT (player, figure, assist) DO UPDATE SET
            times_solved = \(solves),
            best_seconds = min(best_seconds, excluded.best_seconds),
            best_seconds_at = CASE WHEN excluded.best_seconds < best_seconds THEN excluded.best_seconds_at
                                   ELSE best_seconds_at END,
            fewest_moves = min(fewest_moves, excluded.fewest_moves),
            fewest_moves_at = CASE WHEN excluded.fewest_moves < fewest_moves THEN excluded.fewest_moves_at
                                   ELSE fewest_moves_at END
        """
    }

    private static func encoded(_ poses: [SavedPose], path: String) throws(StoreError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(poses) else {
            throw StoreError(path: path, reason: "a position could not be written as text")
        }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: Importing

    /// Adds progress read from elsewhere (the old JSON file) to what is stored: the count of
    /// solves keeps the larger of the two (the old file is a snapshot of all solves before it, so
    /// importing a second copy of it never counts them twice), best values keep the minimum, and
    /// a position is added only where none is stored. Runs in
    /// one transaction with `finish`, which is called before the commit (the import renames the
    /// old file there, so a failed commit leaves nothing half done that `finish` cannot undo).
    func merge(_ imported: Progress, finish: () throws(StoreError) -> Void) throws(StoreError) {
        let now = clock()
        try writing { () throws(StoreError) in
            for (key, record) in imported.records.sorted(by: { $0.key < $1.key }) {
                try file.run(Self.upsertRecord(solves: "max(times_solved, excluded.times_solved)"),
                             [.text(player), .text(key.figure), .integer(record.timesSolved), .float(record.bestSeconds),
                              .integer(record.fewestMoves), .float(now), .text(key.assist.rawValue)])
            }
            for (name, position) in imported.inProgress.sorted(by: { $0.key < $1.key }) {
                try file.run("""
                    INSERT OR IGNORE INTO positions (player, figure, poses, moves, seconds, hints, judged) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.text(player), .text(name), .text(Self.encoded(position.poses, path: path)),
                          .integer(position.moves), .float(position.seconds ?? 0), Self.help(position.hints),
                          Self.help(position.judged.map { $0 ? 1 : 0 })])
            }
            try finish()
        }
    }

    /// A figure name as text from disk may hold anything: `UntrustedText` escapes what a
    /// terminal would act on (controls, bidirectional overrides).
    static func quoted(_ name: String) -> String {
        UntrustedText.shown(name)
    }
}
