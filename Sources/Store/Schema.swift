/// The tables of `soma.db`. One row per player and figure in each; the player is a key column
/// ("local" on this machine; `soma serve` will key by the SSH key's fingerprint).
///
/// Later versions add columns and tables; this one names the columns it reads and writes, so
/// what a newer soma stored beside them is left alone. `user_version` says which schema the
/// file has; a file from a newer, incompatible soma is refused rather than rewritten.
enum Schema {
    static let version = 1

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
    ]
}
