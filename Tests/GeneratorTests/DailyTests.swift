import Testing
@testable import Generator

@Suite struct DailyTests {
    @Test("dates read and print back, and count days across months, leap years and centuries")
    func days() throws {
        let day = try #require(PuzzleDay(parsing: "2026-11-26"))
        #expect(day.description == "2026-11-26")
        #expect(PuzzleDay(parsing: "1970-01-01")?.dayNumber == 0)
        #expect(PuzzleDay(parsing: "2000-03-01")!.dayNumber - PuzzleDay(parsing: "2000-02-28")!.dayNumber == 2)
        #expect(PuzzleDay(parsing: "2100-03-01")!.dayNumber - PuzzleDay(parsing: "2100-02-28")!.dayNumber == 1)
        #expect(PuzzleDay(parsing: "2026-03-01")!.previous.description == "2026-02-28")
        for bad in ["2026-02-29", "2026-13-01", "2026-1-01", "26-11-26", "", "2026-11-26x", "1969-12-31", "２０２６-11-26"] {
            #expect(PuzzleDay(parsing: bad) == nil, "\(bad)")
        }
        #expect(PuzzleDay(secondsSince1970: 86_400 * 3 + 5).description == "1970-01-04")
        for n in stride(from: 0, to: 800_000, by: 997) {
            #expect(PuzzleDay(parsing: PuzzleDay(dayNumber: n).description)?.dayNumber == n)
        }
    }




    @Test("the daily golden dates: each day's figure is pinned", arguments: GoldenDays.list)
    func goldenDay(date: String, id: String) throws {
        let day = try #require(PuzzleDay(parsing: date))
        let figure = try DailyRule.figure(for: day).get()
        #expect(figure.id.text == id)
        #expect(figure.count.distinct == 1)
    }

    @Test("the day's file names the day and the rule")
    func dailyFile() throws {
        let day = PuzzleDay(parsing: "2026-11-26")!
        let figure = try DailyRule.figure(for: day).get()
        #expect(DailyRule.fileText(figure, day: day).hasPrefix("; The daily figure of 2026-11-26 (daily rule 1).\n; A Soma figure"))
    }

    @Test("a streak counts days in a row, up to today, or yesterday while today is open")
    func streak() {
        let today = PuzzleDay(parsing: "2026-11-26")!
        let days = { (offsets: [Int]) in Set(offsets.map { PuzzleDay(dayNumber: today.dayNumber - $0) }) }
        #expect(DailyStreak.length(solved: days([0, 1, 2]), today: today) == 3)
        #expect(DailyStreak.length(solved: days([1, 2]), today: today) == 2)
        #expect(DailyStreak.length(solved: days([0, 2, 3]), today: today) == 1)
        #expect(DailyStreak.length(solved: days([2, 3]), today: today) == 0)
        #expect(DailyStreak.length(solved: [], today: today) == 0)
    }
    /// Issue 36: the streak stopped at 3,999 days, the store's window of 4,000 rows (which
    /// future-dated rows used up too). Read a page at a time, it goes on as long as the run.
    @Test("a streak of 5,000 days is counted whole, read in pages of 4,000 days on or before the day asked")
    func streakOfAnyLength() {
        let today = PuzzleDay(parsing: "2026-11-26")!
        // Solved: the 5,000 days up to today, a gap, 10 days more; and 4,000 days after today.
        let solved = (0..<5000).map { today.dayNumber - $0 } + (5001..<5011).map { today.dayNumber - $0 }
            + (1...4000).map { today.dayNumber + $0 }
        let newestFirst = solved.sorted(by: >).map(PuzzleDay.init(dayNumber:))
        var reads: [PuzzleDay] = []
        // A store's answer: the newest 4,000 days on or before `through`.
        let store = { (through: PuzzleDay) -> [PuzzleDay] in
            reads.append(through)
            return Array(newestFirst.lazy.filter { $0 <= through }.prefix(4000))
        }
        #expect(DailyStreak.length(today: today, days: store) == 5000)
        #expect(reads == [today, PuzzleDay(dayNumber: today.dayNumber - 4000)], "two pages: 4,000 days, then 1,000 and the gap")
        // The day after the last solved day is still open: the run of 4,000 after today ends
        // yesterday; a day later it is over.
        #expect(DailyStreak.length(today: PuzzleDay(dayNumber: today.dayNumber + 4001), days: store) == 4000 + 5000)
        #expect(DailyStreak.length(today: PuzzleDay(dayNumber: today.dayNumber + 4002), days: store) == 0)
        let yesterdayOnward = (1...4500).map { PuzzleDay(dayNumber: today.dayNumber - $0) }
        #expect(DailyStreak.length(today: today) { through in Array(yesterdayOnward.filter { $0 <= through }.prefix(4000)) } == 4500)
        // A store that answers days after the one asked, and the same page again: counted once.
        let careless = { (_: PuzzleDay) -> [PuzzleDay] in Array(newestFirst.prefix(6000)) }
        #expect(DailyStreak.length(today: today, days: careless) == 2000, "the 4,000 later days passed over; the page ends the count")
        #expect(DailyStreak.length(today: today) { _ in [PuzzleDay]() } == 0)
        // The same as the set's count where the set is whole.
        #expect(DailyStreak.length(solved: Set(newestFirst), today: today) == 5000)
    }
}
