/// The tables of the shared store in PostgreSQL (`soma serve --database`): the same rows as
/// `soma.db` (Store's `Schema`), with the records keyed by player, figure and assist (`off`,
/// `fits`, `solvable`), so that the hall of fame can tell assisted solves apart from the start.
/// Times are seconds since 1970 (double precision), as in SQLite.
///
/// `soma_schema` holds the version. Every instance brings the database up to date when it
/// starts, under an advisory lock so that two instances starting at once do not race; one that
/// finds a newer version than it knows refuses to start rather than write rows it does not
/// understand. `upgrades[n - 1]` takes version n to n + 1.
///
/// Version 5: `save_marks`, per player and instance journal (`SaveJournal.origin`) the newest
/// save number applied, so that a save tried again after its commit was cut off, or replayed
/// from the journal, is not applied twice (`PostgresStore.apply`); it replaces version 4's
/// `applied_saves`, which kept a row per save for a day.
///
/// Version 6: `positions.hints` and `positions.judged`, the hints taken in an unfinished attempt
/// and whether judging was on in it (NULL when there was none), as in SQLite's `positions`.
///
/// Version 7: `playing.peer`, the `--peer-listen` address of the row's instance (NULL without
/// it), where another instance asks to watch that player's game (`PeerWatch`).
enum PostgresSchema {
    static let version = 7
    /// The advisory lock every instance takes while it creates or upgrades the tables.
    static let lockKey = 0x736F_6D61   // "soma"

    static let create = [
        "CREATE TABLE IF NOT EXISTS soma_schema (version integer NOT NULL)",
        "CREATE TABLE IF NOT EXISTS players (player text PRIMARY KEY)",
        """
        CREATE TABLE IF NOT EXISTS records (
            player text NOT NULL,
            figure text NOT NULL,
            assist text NOT NULL CHECK (assist IN ('off', 'fits', 'solvable')),
            times_solved bigint NOT NULL,
            best_seconds double precision NOT NULL,
            fewest_moves bigint NOT NULL,
            best_seconds_at double precision,
            fewest_moves_at double precision,
            PRIMARY KEY (player, figure, assist))
        """,
        """
        CREATE TABLE IF NOT EXISTS positions (
            player text NOT NULL,
            figure text NOT NULL,
            poses text NOT NULL,
            moves bigint NOT NULL,
            seconds double precision NOT NULL,
            saved_at double precision NOT NULL,
            hints bigint,
            judged boolean,
            PRIMARY KEY (player, figure))
        """,
        """
        CREATE TABLE IF NOT EXISTS names (
            player text PRIMARY KEY,
            name text NOT NULL,
            folded text NOT NULL UNIQUE,
            chosen_at double precision NOT NULL)
        """,
        dailyTable("daily"),
        dailyTable("daily_pento"),
        playing,
        "CREATE INDEX IF NOT EXISTS records_by_time ON records (figure, best_seconds, best_seconds_at)",
        "CREATE INDEX IF NOT EXISTS records_by_moves ON records (figure, fewest_moves, fewest_moves_at)",
        saveMarks,
    ]

    /// A daily puzzle's results: `daily` for the figure's, `daily_pento` (version 2) for the
    /// pentomino puzzle's; the same columns as SQLite's (`ProgressStore.dailyTable`).
    static func dailyTable(_ name: String) -> String { """
        CREATE TABLE IF NOT EXISTS \(name) (
            player text NOT NULL,
            day text NOT NULL,
            figure text NOT NULL,
            grade integer NOT NULL,
            seconds double precision NOT NULL,
            moves bigint NOT NULL,
            hints bigint NOT NULL,
            solved_at double precision NOT NULL,
            PRIMARY KEY (player, day))
        """
    }

    /// Who is in a game now, per server process (`instance`); see `Store.Schema.playing` and
    /// `PresenceReporter`. Version 3.
    static let playing = """
        CREATE TABLE IF NOT EXISTS playing (
            player text NOT NULL,
            instance text NOT NULL,
            seen_at double precision NOT NULL,
            peer text,
            PRIMARY KEY (player, instance))
        """

    /// The saves applied lately, by the id their server gave them when it queued them.
    /// Version 4 only (dropped by 5).
    static let appliedSaves = [
        """
        CREATE TABLE IF NOT EXISTS applied_saves (
            id uuid PRIMARY KEY,
            player text NOT NULL,
            applied_at double precision NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS applied_saves_by_time ON applied_saves (applied_at)",
    ]

    /// The newest save number applied per player and journal. Version 5.
    static let saveMarks = """
        CREATE TABLE IF NOT EXISTS save_marks (
            player text NOT NULL,
            origin text NOT NULL,
            seq bigint NOT NULL,
            PRIMARY KEY (player, origin))
        """

    /// Statements that take version n (index n - 1) to n + 1.
    static let upgrades: [[String]] = [
        // 1 -> 2: the daily pentomino puzzle's table.
        [dailyTable("daily_pento")],
        // 2 -> 3: who is playing now.
        [playing],
        // 3 -> 4: the ids of the saves applied lately.
        appliedSaves,
        // 4 -> 5: a mark per player and journal instead of a row per save.
        [saveMarks, "DROP TABLE IF EXISTS applied_saves"],
        // 5 -> 6: the help an unfinished attempt had.
        ["ALTER TABLE positions ADD COLUMN IF NOT EXISTS hints bigint, ADD COLUMN IF NOT EXISTS judged boolean"],
        // 6 -> 7: where each instance takes other instances' watchers.
        ["ALTER TABLE playing ADD COLUMN IF NOT EXISTS peer text"],
    ]
}
