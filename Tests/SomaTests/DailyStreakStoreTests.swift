import Foundation
import Generator
import Testing
@testable import App
@testable import Store

/// Issue 36, failure 11: the daily streak stopped at 3,999 days, the 4,000 rows the store reads
/// back, a window that rows dated after the day used up too. `DailyRecord.streak` reads the
/// store a page at a time back from the day (`DailyStreak`), each page on or before the day it
/// still needs.
@Suite("The daily streak over any number of days, read from the SQLite store")
struct DailyStreakStoreTests {
    @Test("5,000 days in a row are a streak of 5,000, with 4,000 rows dated after the day in the same table")
    func fiveThousandDays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-streak-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try ProgressStore(path: folder + "/soma.db")
        let today = try #require(PuzzleDay(parsing: "2026-11-26"))
        // The 5,000 days up to today, then a gap of a day, then three more; and 4,000 rows after
        // today (written before days were checked against the clock).
        let days = (0..<5000).map { today.dayNumber - $0 } + [5001, 5002, 5003].map { today.dayNumber - $0 }
            + (1...4000).map { today.dayNumber + $0 }
        try store.file.transaction { () throws(StoreError) in
            try store.file.run(ProgressStore.dailyTable(.figure))
            for day in days {
                try store.file.run("INSERT INTO daily VALUES (?, ?, 'g-000000', 3, 60, 7, 0, 0)",
                                   [.text(ProgressStore.localPlayer), .text("\(PuzzleDay(dayNumber: day))")])
            }
        }
        #expect(try DailyRecord.streak(kind: .figure, today: today, store: store) == 5000)
        // Today still open: the run up to yesterday.
        #expect(try DailyRecord.streak(kind: .figure, today: PuzzleDay(dayNumber: today.dayNumber - 1), store: store) == 4999)
        // A page is the newest rows on or before the day asked, at most the window.
        let page = try store.dailyResults(kind: .figure, through: "\(today)")
        #expect(page.count == ProgressStore.maxDailyResults)
        #expect(page.first?.day == "\(today)")
        #expect(page.last?.day == "\(PuzzleDay(dayNumber: today.dayNumber - ProgressStore.maxDailyResults + 1))")
        // Without a day: the newest rows, as before (the dated-later ones first).
        #expect(try store.dailyResults(kind: .figure, through: nil).first?.day == "\(PuzzleDay(dayNumber: today.dayNumber + 4000))")
        // Another kind's table has no streak.
        #expect(try DailyRecord.streak(kind: .pento, today: today, store: store) == 0)
    }
}
