/// One day's result of a daily puzzle, as the stores keep it: the day (`YYYY-MM-DD`), the
/// figure's id, its grade, time, moves and hints. It also travels the store line (`StoreLine`) under `soma serve
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
    public var problem: String? { problem(latestDay: nil) }

    /// `problem`, and also a day that has not begun anywhere by `latestDay` (days since
    /// 1970-01-01; the store passes tomorrow in UTC by its clock: `DailyRow.problemNow` in Store).
    public func problem(latestDay: Int?) -> String? {
        if let why = Self.dayProblem(day, latest: latestDay) { return why }
        guard (1...16).contains(figure.utf8.count),
              figure.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return "the daily puzzle's id is not 1 to 16 letters, digits and -" }
        guard (1...5).contains(grade) else { return "grade \(grade) is not 1 to 5" }
        if let why = ProgressCheck.seconds(seconds) ?? ProgressCheck.moves(moves) { return why }
        guard (0...ProgressCheck.maxMoves).contains(hints) else { return "hints \(hints) is not between 0 and \(ProgressCheck.maxMoves)" }
        return nil
    }

    /// Why `text` is not a day written `YYYY-MM-DD` with a year of 1970 to 9999 that is on
    /// the calendar (no 30 February: issue 36's modified game wrote one) and, when `latest` is
    /// given (a day number since 1970-01-01), has begun somewhere on Earth by then (a solve of
    /// 9999-12-31 is refused), or nil.
    public static func dayProblem(_ text: String, latest: Int? = nil) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.map(\.count) == [4, 2, 2],
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1970...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return "the day is not a date written YYYY-MM-DD" }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day <= days else { return "\(text) is not on the calendar" }
        if let latest, dayNumber(year: year, month: month, day: day) > latest {
            return "the day \(text) has not begun anywhere yet"
        }
        return nil
    }

    /// Days since 1970-01-01 of a calendar date (Howard Hinnant's days-from-civil, as
    /// `Generator.PuzzleDay` counts them; Records does not import Generator).
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }
}
