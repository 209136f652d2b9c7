#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SQLiteNIO

/// The daily puzzles' results: one row per player and day and kind (table `daily` for the Soma
/// figure, `daily_pento` for the pentomino puzzle, tables of their own so the rest of the schema
/// stays as it is), the first solve of the day kept and a better time or fewer moves on the
/// same day kept too. The streak and the share line are worked out from
/// these rows by the executable (`Generator.DailyStreak`, `DailyResult`).
extension ProgressStore {
    /// One day's result as stored: the day (`YYYY-MM-DD`), the figure's id, its grade, time,
    /// moves and hints. It also travels the store line (`StoreLine`) under `soma serve
    /// --database`, where each side checks it (`problem`) as a row read from disk is.
    public struct DailyRow: Codable, Hashable, Sendable {
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

        /// Why this row is none a game could have made, or nil: a day written `YYYY-MM-DD`
        /// (1970 to 9999), a short id of letters, digits and `-`, a grade of 1 to 5, and the
        /// time, moves and hints in the ranges `ProgressCheck` allows. The name is not checked
        /// here: it is shown only through `DisplayName`'s rules.
        public var problem: String? {
            if let why = Self.dayProblem(day) { return why }
            guard (1...16).contains(figure.utf8.count),
                  figure.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
            else { return "the daily puzzle's id is not 1 to 16 letters, digits and -" }
            guard (1...5).contains(grade) else { return "grade \(grade) is not 1 to 5" }
            if let why = ProgressCheck.seconds(seconds) ?? ProgressCheck.moves(moves) { return why }
            guard (0...ProgressCheck.maxMoves).contains(hints) else { return "hints \(hints) is not between 0 and \(ProgressCheck.maxMoves)" }
            return nil
        }

        /// Why `text` is not a day written `YYYY-MM-DD` with a year of 1970 to 9999 that is on
        /// the calendar (no 30 February: issue 36's modified game wrote one) and has begun
        /// somewhere on Earth by `latest` (a day number since 1970-01-01: by default tomorrow in
        /// UTC, as a player east of UTC may already be on it; a solve of 9999-12-31 is refused),
        /// or nil.
        static func dayProblem(_ text: String, latest: Int = DailyRow.latestDay()) -> String? {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard text.utf8.count == 10, parts.map(\.count) == [4, 2, 2],
                  parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                  (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
            else { return "the day is not a date written YYYY-MM-DD" }
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
            guard day <= days else { return "\(text) is not on the calendar" }
            guard dayNumber(year: year, month: month, day: day) <= latest else { return "the day \(text) has not begun anywhere yet" }
            return nil
        }

        /// Tomorrow in UTC, as days since 1970-01-01.
        static func latestDay() -> Int {
            Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)) + 1
        }

        /// Days since 1970-01-01 of a calendar date (Howard Hinnant's days-from-civil, as
        /// `Generator.PuzzleDay` counts them; Store does not import Generator).
        static func dayNumber(year: Int, month: Int, day: Int) -> Int {
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yoe = y - era * 400
            let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        }
    }

    /// The most daily results read back for one player and kind: eleven years of days, so a
    /// streak is never cut short, and the list fits one line of `StoreLine` (`maxLineBytes`).
    public static let maxDailyResults = 4000

    /// Which daily puzzle: each kind has its records and its streak.
    public enum DailyKind: String, Codable, Sendable, CaseIterable {
        /// The day's Soma figure (`soma daily`).
        case figure
        /// The day's pentomino puzzle (`soma daily pento`).
        case pento

        /// Its table: `daily` (the first kind, kept under its first name) or `daily_pento`; the
        /// same names in PostgreSQL (`SharedStore.PostgresSchema`).
        public var table: String { self == .figure ? "daily" : "daily_pento" }
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
        guard row.problem == nil else { return }
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

    /// This player's daily results, newest day first (at most `maxDailyResults`); rows that do
    /// not read back as sane values are skipped.
    public func dailyResults(kind: DailyKind = .figure) throws(StoreError) -> [DailyRow] {
        try file.run(Self.dailyTable(kind))
        let rows = try file.run("SELECT day, figure, grade, seconds, moves, hints FROM \(kind.table) WHERE player = ? ORDER BY day DESC LIMIT ?",
                                [.text(player), .integer(Self.maxDailyResults)])
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
        guard let day = row.column("day")?.string, let figure = row.column("figure")?.string,
              let grade = int(row.column("grade")), let seconds = double(row.column("seconds")),
              let moves = int(row.column("moves")), let hints = int(row.column("hints")) else { return nil }
        let read = DailyRow(day: day, figure: figure, grade: grade, seconds: seconds, moves: moves, hints: hints,
                            name: displayName(row.column("name")))
        return read.problem == nil ? read : nil
    }
}
