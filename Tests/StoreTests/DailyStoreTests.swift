import Foundation
import Testing
@testable import Store

@Suite("ProgressStore: the daily figure's results")
struct DailyStoreTests {
    typealias Row = ProgressStore.DailyRow

    @Test("one row per player and day; a second solve keeps the best of each; the day's table ranks players by time")
    func perDay() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let mine = try ProgressStore(path: path)
        try mine.recordDaily(Row(day: "2026-11-25", figure: "g-bd7a11", grade: 4, seconds: 200, moves: 9, hints: 2))
        try mine.recordDaily(Row(day: "2026-11-25", figure: "g-bd7a11", grade: 4, seconds: 150, moves: 11, hints: 0))
        try mine.recordDaily(Row(day: "2026-11-24", figure: "g-b29892", grade: 5, seconds: 90, moves: 7, hints: 0))
        #expect(try mine.dailyResults() == [
            Row(day: "2026-11-25", figure: "g-bd7a11", grade: 4, seconds: 150, moves: 9, hints: 0),
            Row(day: "2026-11-24", figure: "g-b29892", grade: 5, seconds: 90, moves: 7, hints: 0),
        ])
        let other = try ProgressStore(path: path, player: "SHA256:other")
        _ = try other.chooseName("Ada")
        try other.recordDaily(Row(day: "2026-11-25", figure: "g-bd7a11", grade: 4, seconds: 100, moves: 8, hints: 1))
        let table: [Row] = try mine.dailyTable(day: "2026-11-25")
        #expect(table.map(\.name) == ["Ada", nil])
        #expect(table.map(\.seconds) == [100, 150])
        #expect(try mine.dailyTable(day: "2026-11-23").isEmpty)
    }

    @Test("values that make no sense are not written, and rows that do not read back sanely are skipped")
    func hostile() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let store = try ProgressStore(path: path)
        try store.recordDaily(Row(day: "2026-11-25", figure: "g-bd7a11", grade: 9, seconds: 10, moves: 7, hints: 0))
        try store.recordDaily(Row(day: "2026-11-25", figure: "g-bd7a11", grade: 3, seconds: .nan, moves: 7, hints: 0))
        try store.recordDaily(Row(day: "2026-13-25", figure: "g-bd7a11", grade: 3, seconds: 10, moves: 7, hints: 0), kind: .pento)
        try store.recordDaily(Row(day: "2026-11-25", figure: "g-\u{1B}[2J", grade: 3, seconds: 10, moves: 7, hints: 0), kind: .pento)
        #expect(try store.dailyResults().isEmpty)
        #expect(try store.dailyResults(kind: .pento).isEmpty)
        try StoreFixtures.sql(path, "INSERT INTO daily VALUES ('local', '2026-11-26', 'g-1', 3, -5, 7, 0, 0)")
        try StoreFixtures.sql(path, "INSERT INTO daily VALUES ('local', 'x', 'g-1', 3, 5, 7, 0, 0)")
        #expect(try store.dailyResults().isEmpty)
    }
}
