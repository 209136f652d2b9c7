#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Records

/// The daily puzzles' results: one row per player and day and kind (table `daily` for the Soma
/// figure, `daily_pento` for the pentomino puzzle, tables of their own so the rest of the schema
/// stays as it is), the first solve of the day kept and a better time or fewer moves on the
/// same day kept too. The streak and the share line are worked out from
/// these rows by the executable (`Generator.DailyStreak`, `DailyRow.shareText`).
extension ProgressStore {
    /// The records of a day's result, kept here under the names the store has always used.
    public typealias DailyRow = Records.DailyRow
    public typealias DailyKind = Records.DailyKind

    /// The most daily results read back for one player and kind: eleven years of days, so a
    /// streak is never cut short, and the list fits one line of `StoreLine` (`maxLineBytes`).
    public static let maxDailyResults = 4000

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
        guard row.problemNow == nil else { return }
        let now = clock()
        try writing { () throws(StoreError) in
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

    /// This player's daily results, newest day first (at most `maxDailyResults`), on or before
    /// the day `through` (`YYYY-MM-DD`) when given: the streak reads back page by page from
    /// today (`DailyStreak`), so rows dated later never fill its window. Rows that do not read
    /// back as sane values are skipped.
    public func dailyResults(kind: DailyKind = .figure, through day: String? = nil) throws(StoreError) -> [DailyRow] {
        try file.run(Self.dailyTable(kind))
        let rows = try file.run("SELECT day, figure, grade, seconds, moves, hints FROM \(kind.table) WHERE player = ? AND day <= ? "
                                + "ORDER BY day DESC LIMIT ?",
                                [.text(player), .text(Self.throughDay(day)), .integer(Self.maxDailyResults)])
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

    /// The last day a read of daily results takes: `day` when it is a date, else every day (a
    /// day is `YYYY-MM-DD`, so text order is date order).
    public static func throughDay(_ day: String?) -> String {
        day.flatMap { DailyRow.dayProblem($0) == nil ? $0 : nil } ?? "9999-12-31"
    }

    static func dailyRow(_ row: SQLiteRow) -> DailyRow? {
        guard let day = row.column("day")?.string, let figure = row.column("figure")?.string,
              let grade = int(row.column("grade")), let seconds = double(row.column("seconds")),
              let moves = int(row.column("moves")), let hints = int(row.column("hints")) else { return nil }
        let read = DailyRow(day: day, figure: figure, grade: grade, seconds: seconds, moves: moves, hints: hints,
                            name: displayName(row.column("name")))
        return read.problem == nil ? read : nil
    }
}

extension DailyKind {
    /// Its table: `daily` (the first kind, kept under its first name) or `daily_pento`; the
    /// same names in PostgreSQL (`SharedStore.PostgresSchema`).
    public var table: String { self == .figure ? "daily" : "daily_pento" }
}

extension DailyRow {
    /// `problem` as a row is checked where it arrives to be kept (the SQLite file, the server's
    /// store line): also refused, a day that has not begun anywhere yet by this machine's clock
    /// (tomorrow in UTC at the latest, as a player east of UTC may already be on it).
    public var problemNow: String? { problem(latestDay: Self.latestDay()) }

    /// Tomorrow in UTC, as days since 1970-01-01.
    public static func latestDay() -> Int {
        Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)) + 1
    }
}
