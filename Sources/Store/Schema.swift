/// The tables of `soma.db`. One row per player and figure in each; the player is a key column
/// ("local" on this machine; `soma serve` will key by the SSH key's fingerprint).
///
/// Later versions add columns and tables; this one names the columns it reads and writes, so
/// what a newer soma stored beside them is left alone. `user_version` says which schema the
/// file has; a file from a newer, incompatible soma is refused rather than rewritten.
///
/// Version 2 (the hall of fame) adds to version 1: on `records`, when each best was set
/// (`best_seconds_at`, `fewest_moves_at`, seconds since 1970; NULL for bests set before, which
/// then count as the earliest), so that ties rank whoever got there first; the `names` table of
/// display names; and indexes by figure for the ranked tables. A version 1 file is brought up to
/// date on opening (`migrations`), its rows kept as they are.
///
/// Version 3 (issue 24) keys `records` by (player, figure, assist): `assist` is the text `off`,
/// `fits` or `solvable` (`Records.Assist`), and each assist is ranked apart. SQLite cannot change a
/// primary key in place, so an older file's `records` is copied into the new shape
/// (`recordsRebuild`), every old row under `off`: before the assist existed every solve was
/// steered. The PostgreSQL back end keeps the same key and the same three words.
///
/// `positions.saved_at` (seconds since 1970; NULL for positions saved before it) says when each
/// position was last written, so a returning player opens on the figure they were last playing
/// (`ProgressStore.Loaded.savedAt`). Added like the dates above, to any file that lacks it; a
/// soma that does not know it names its columns and leaves it alone (a row it writes keeps the
/// older time, which only makes that figure look less recent).
///
/// `positions.hints` and `positions.judged` (issue 38): the hints taken in the unfinished attempt
/// and whether judging was on in it (1), NULL when there was none, so that a game quit and
/// resumed is recorded with the help it had. Added like `saved_at`.
///
/// `playing` (issue 27) says who is in a game under `soma serve` now: one row per player and
/// server process (`instance`, a random id), `seen_at` the last time that server said so
/// (seconds since 1970; it says so every 20 s, `PlayingTable`). The hall of fame marks a player
/// seen within `HallOfFame.playingWindow`. Added like `saved_at`, without a new version: a table
/// an older soma does not know is one it never reads, and a version 4 would make every older
/// soma refuse the whole file.
enum Schema {
    static let version = 3

    static let statements = [
        """
        CREATE TABLE IF NOT EXISTS players (
            player TEXT PRIMARY KEY NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS records (\(recordsColumns))
        """,
        """
        CREATE TABLE IF NOT EXISTS positions (
            player TEXT NOT NULL,
            figure TEXT NOT NULL,
            poses TEXT NOT NULL,
            moves INTEGER NOT NULL,
            seconds REAL NOT NULL,
            PRIMARY KEY (player, figure))
        """,
        // Rows that failed their checks on reading: kept here, never deleted, out of the game's way.
        """
        CREATE TABLE IF NOT EXISTS set_aside (
            player TEXT NOT NULL,
            figure TEXT NOT NULL,
            kind TEXT NOT NULL,
            reason TEXT NOT NULL,
            row TEXT NOT NULL)
        """,
        // One display name per player, chosen once; `folded` (lower case) keeps names unique
        // without regard to case.
        """
        CREATE TABLE IF NOT EXISTS names (
            player TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            folded TEXT NOT NULL UNIQUE,
            chosen_at REAL NOT NULL)
        """,
        playing,
    ]

    /// The tables `statements` make, by name (`ProgressStore` asks whether a file has them all).
    static let tables = statements.map { createdName($0, after: "CREATE TABLE IF NOT EXISTS ") }
    /// The indexes `indexes` make, by name.
    static let indexNames = indexes.map { createdName($0, after: "CREATE INDEX IF NOT EXISTS ") }

    /// The name a `CREATE ... IF NOT EXISTS name ...` statement makes: the word after `prefix`.
    /// Read byte by byte: `Character`'s letter test looks up Unicode's tables, and every login
    /// runs this (issue 35).
    static func createdName(_ statement: String, after prefix: String) -> String {
        let bytes = Array(statement.utf8)
        var start = bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") } ?? bytes.count
        precondition(bytes[start...].starts(with: prefix.utf8), "not a CREATE IF NOT EXISTS statement: \(statement)")
        start += prefix.utf8.count
        let end = bytes[start...].firstIndex { !isNameByte($0) } ?? bytes.count
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether `word` is one of the names in `sql` (runs of letters, digits, `_` and any byte
    /// of a character beyond ASCII): a column of a table is one of the names in its CREATE
    /// statement as SQLite keeps it, which ALTER TABLE ADD COLUMN extends.
    static func names(_ sql: String, include word: String) -> Bool {
        let bytes = Array(sql.utf8)
        var start = 0
        while start < bytes.count {
            guard isNameByte(bytes[start]) else { start += 1; continue }
            let end = bytes[start...].firstIndex { !isNameByte($0) } ?? bytes.count
            if bytes[start..<end].elementsEqual(word.utf8) { return true }
            start = end
        }
        return false
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), 0x80...: true
        default: false
        }
    }

    /// Who is in a game now, per server process (see above); rewritten by `PlayingTable`.
    static let playing = """
        CREATE TABLE IF NOT EXISTS playing (
            player TEXT NOT NULL,
            instance TEXT NOT NULL,
            seen_at REAL NOT NULL,
            PRIMARY KEY (player, instance))
        """

    /// The columns of `records` since version 3.
    static let recordsColumns = """
        player TEXT NOT NULL,
            figure TEXT NOT NULL,
            assist TEXT NOT NULL,
            times_solved INTEGER NOT NULL,
            best_seconds REAL NOT NULL,
            fewest_moves INTEGER NOT NULL,
            best_seconds_at REAL,
            fewest_moves_at REAL,
            PRIMARY KEY (player, figure, assist)
        """

    /// Brings a `records` table without the `assist` column (versions 1 and 2, after
    /// `addedColumns`) to version 3: a new table, the old rows copied under `off`, the old table
    /// (and its indexes) dropped, the new one renamed. Run in the opening transaction, so a
    /// failure leaves the file as it was.
    static let recordsRebuild = [
        "DROP TABLE IF EXISTS records_v3",
        "CREATE TABLE records_v3 (\(recordsColumns))",
        """
        INSERT INTO records_v3 (player, figure, assist, times_solved, best_seconds, fewest_moves, best_seconds_at, fewest_moves_at)
        SELECT player, figure, 'off', times_solved, best_seconds, fewest_moves, best_seconds_at, fewest_moves_at FROM records
        """,
        "DROP TABLE records",
        "ALTER TABLE records_v3 RENAME TO records",
    ]

    /// Columns later versions added to a table, added to files that lack them (ALTER TABLE
    /// cannot say IF NOT EXISTS, so the store asks `table_info` first).
    static let addedColumns: [(table: String, column: String, definition: String)] = [
        ("records", "best_seconds_at", "REAL"),
        ("records", "fewest_moves_at", "REAL"),
        ("positions", "saved_at", "REAL"),
        ("positions", "hints", "INTEGER"),
        ("positions", "judged", "INTEGER"),
    ]

    /// Made after the added columns, which they cover: a figure's ranked tables (one per
    /// assist) read in order.
    static let indexes = [
        "CREATE INDEX IF NOT EXISTS records_by_time ON records (figure, assist, best_seconds, best_seconds_at)",
        "CREATE INDEX IF NOT EXISTS records_by_moves ON records (figure, assist, fewest_moves, fewest_moves_at)",
    ]
}
