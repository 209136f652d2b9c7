import SQLiteNIO

/// The daily puzzles' results: one row per player and day and kind (table `daily` for the Soma
/// figure, `daily_pento` for the pentomino puzzle, tables of their own so the rest of the schema
/// stays as it is), the first solve of the day kept and a better time or fewer moves on the
/// same day kept too. The streak and the share line are worked out from
/// these rows by the executable (`Generator.DailyStreak`, `DailyResult`).
extension ProgressStore {
    /// One day's result as stored: the day (`YYYY-MM-DD`), the figure's id, its grade, time,
    /// moves and hints.
    public struct DailyRow: Hashable, Sendable {
        public var day: String
        public var figure: String
        public var grade: Int
        public var seconds: Double
        public var moves: Int
        public var hints: Int
        /// The display name of the player, for the day's table across players.
        public var name: String?

        public init(day: String, figure: String, grade: Int, seconds: Double, moves: Int, hints: Int, name: String? = nil) {
            self.day = day
            self.figure = figure
            self.grade = grade
            self.seconds = seconds
            self.moves = moves
            self.hints = hints
            self.name = name
        }
    }

    /// Which daily puzzle: each kind has its records and its streak.
    public enum DailyKind: String, Sendable, CaseIterable {
        /// The day's Soma figure (`soma daily`).
        case figure
        /// The day's pentomino puzzle (`soma daily pento`).
        case pento

        /// Its table: `daily` (the first kind, kept under its first name) or `daily_pento`.
        var table: String { self == .figure ? "daily" : "daily_pento" }
    }

    static func dailyTable(_ kind: DailyKind) -> String { """
        CREATE TABLE IF NOT EXISTS \(kind.table) (
            player TEXT NOT NULL,
            day TEXT NOT NULL,
            figure TEXT NOT NULL,
            grade INTEGER NOT NULL,
            seconds REAL NOT NULL,
            moves INTEGER NOT NULL,
            hints INTEGER NOT NULL,
            solved_at REAL NOT NULL,
            PRIMARY KEY (player, day))
        """
    }

    /// Records a solve of the day's figure: the first of the day, or a better time, fewer moves
    /// or fewer hints than the one kept (each the minimum).
    public func recordDaily(_ row: DailyRow, kind: DailyKind = .figure) throws(StoreError) {
        guard row.seconds.isFinite, row.seconds >= 0, row.moves >= 0, row.hints >= 0,
              (1...5).contains(row.grade), row.day.count == 10, row.figure.count <= 16 else { return }
        let now = clock()
        try file.transaction { () throws(StoreError) in
            try file.run(Self.dailyTable(kind))
            try file.run("""
                INSERT INTO \(kind.table) (player, day, figure, grade, seconds, moves, hints, solved_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (player, day) DO UPDATE SET
                    seconds = min(seconds, excluded.seconds), moves = min(moves, excluded.moves),
                    hints = min(hints, excluded.hints)
                """, [.text(player), .text(row.day), .text(row.figure), .integer(row.grade), .float(row.seconds),
                      .integer(row.moves), .integer(row.hints), .float(now)])
        }
    }

    /// This player's daily results, newest day first (at most `maxRows`); rows that do not
    /// read back as sane values are skipped.
    public func dailyResults(kind: DailyKind = .figure) throws(StoreError) -> [DailyRow] {
        try file.run(Self.dailyTable(kind))
        let rows = try file.run("SELECT day, figure, grade, seconds, moves, hints FROM \(kind.table) WHERE player = ? ORDER BY day DESC LIMIT ?",
                                [.text(player), .integer(Self.maxRows)])
        return rows.compactMap(Self.dailyRow)
    }

    /// Every player's result on `day`, fastest first (ties: fewer moves, then the earlier solve),
    /// with display names: the day's table of the hall of fame.
    public func dailyTable(day: String, kind: DailyKind = .figure) throws(StoreError) -> [DailyRow] {
        try file.run(Self.dailyTable(kind))
        let rows = try file.run("""
            SELECT d.day, d.figure, d.grade, d.seconds, d.moves, d.hints, n.name
            FROM \(kind.table) d LEFT JOIN names n ON n.player = d.player
            WHERE d.day = ? ORDER BY d.seconds, d.moves, d.solved_at LIMIT 100
            """, [.text(day)])
        return rows.compactMap(Self.dailyRow)
    }

    static func dailyRow(_ row: SQLiteRow) -> DailyRow? {
        guard let day = row.column("day")?.string, day.count == 10,
              let figure = row.column("figure")?.string, figure.count <= 16,
              let grade = int(row.column("grade")), (1...5).contains(grade),
              let seconds = double(row.column("seconds")), seconds.isFinite, seconds >= 0,
              let moves = int(row.column("moves")), moves >= 0,
              let hints = int(row.column("hints")), hints >= 0 else { return nil }
        return DailyRow(day: day, figure: figure, grade: grade, seconds: seconds, moves: moves, hints: hints,
                        name: displayName(row.column("name")))
    }
}
