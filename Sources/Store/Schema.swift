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
/// `positions.saved_at` (seconds since 1970; NULL for positions saved before it) says when each
/// position was last written, so a returning player opens on the figure they were last playing
/// (`ProgressStore.Loaded.savedAt`). Added like the dates above, to any file that lacks it; a
/// soma that does not know it names its columns and leaves it alone (a row it writes keeps the
/// older time, which only makes that figure look less recent).
enum Schema {
    static let version = 2

    static let statements = [
        """
        CREATE TABLE IF NOT EXISTS players (
            player TEXT PRIMARY KEY NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS records (
            player TEXT NOT NULL,
            figure TEXT NOT NULL,
            times_solved INTEGER NOT NULL,
            best_seconds REAL NOT NULL,
            fewest_moves INTEGER NOT NULL,
            PRIMARY KEY (player, figure))
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
    ]

    /// Columns later versions added to a table, added to files that lack them (ALTER TABLE
    /// cannot say IF NOT EXISTS, so the store asks `table_info` first).
    static let addedColumns: [(table: String, column: String, definition: String)] = [
        ("records", "best_seconds_at", "REAL"),
        ("records", "fewest_moves_at", "REAL"),
        ("positions", "saved_at", "REAL"),
    ]

    /// Made after the added columns, which they cover: a figure's ranked tables read in order.
    static let indexes = [
        "CREATE INDEX IF NOT EXISTS records_by_time ON records (figure, best_seconds, best_seconds_at)",
        "CREATE INDEX IF NOT EXISTS records_by_moves ON records (figure, fewest_moves, fewest_moves_at)",
    ]
}
