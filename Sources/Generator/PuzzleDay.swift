/// A calendar day (proleptic Gregorian, UTC): what the daily figure is for. A plain value with
/// no clock: the command reads today's date and passes it in.
public struct PuzzleDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// The day `seconds` after 1970-01-01T00:00:00Z falls on.
    public init(secondsSince1970 seconds: Double) {
        dayNumber = Int((seconds / 86_400).rounded(.down))
    }

    /// A date written `YYYY-MM-DD` (years 1970 to 9999), or nil.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1970...9999).contains(y), (1...12).contains(m), d >= 1, d <= PuzzleDay.daysIn(month: m, year: y)
        else { return nil }
        dayNumber = PuzzleDay.dayNumber(year: y, month: m, day: d)
    }

    /// Year, month and day (Howard Hinnant's civil-from-days).
    public var date: (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (y, m, d) = date
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d))"
    }

    public var previous: PuzzleDay { PuzzleDay(dayNumber: dayNumber - 1) }

    public static func < (a: PuzzleDay, b: PuzzleDay) -> Bool { a.dayNumber < b.dayNumber }

    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
