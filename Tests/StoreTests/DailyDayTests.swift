import Testing
@testable import Store

/// Issue 36: a modified game recorded daily results dated 2026-02-30 and 9999-12-31. A day must
/// be on the calendar and have begun somewhere (tomorrow in UTC at the latest).
@Suite struct DailyDayTests {
    typealias Row = ProgressStore.DailyRow

    @Test func daysCountFrom1970() {
        #expect(Row.dayNumber(year: 1970, month: 1, day: 1) == 0)
        #expect(Row.dayNumber(year: 2000, month: 3, day: 1) == 11_017)
        #expect(Row.dayNumber(year: 1969, month: 12, day: 31) == -1)
    }

    @Test func impossibleAndFutureDaysAreRefused() {
        let latest = Row.dayNumber(year: 2026, month: 11, day: 29)
        #expect(Row.dayProblem("2026-02-30", latest: latest) == "2026-02-30 is not on the calendar")
        #expect(Row.dayProblem("2023-02-29", latest: latest) == "2023-02-29 is not on the calendar")
        #expect(Row.dayProblem("2026-04-31", latest: latest) == "2026-04-31 is not on the calendar")
        #expect(Row.dayProblem("2024-02-29", latest: latest) == nil)
        #expect(Row.dayProblem("2000-02-29", latest: latest) == nil)
        #expect(Row.dayProblem("1900-02-29", latest: latest) == "the day is not a date written YYYY-MM-DD")
        #expect(Row.dayProblem("2026-11-29", latest: latest) == nil)
        #expect(Row.dayProblem("2026-11-30", latest: latest) == "the day 2026-11-30 has not begun anywhere yet")
        #expect(Row.dayProblem("9999-12-31", latest: latest) == "the day 9999-12-31 has not begun anywhere yet")
        // By the clock: tomorrow in UTC is taken, the day after is not.
        #expect(Row.dayProblem("9999-12-31", latest: Row.latestDay()) != nil)
    }
}
