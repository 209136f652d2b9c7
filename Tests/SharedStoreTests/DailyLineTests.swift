import Foundation
import Testing
@testable import Store

/// The daily puzzles' results on the store line: what travels, and what either side refuses.
@Suite("the store line carries daily results")
struct DailyLineTests {
    typealias Row = ProgressStore.DailyRow
    let good = Row(day: "2026-11-26", figure: "g-bd7a11", grade: 4, seconds: 83.5, moves: 9, hints: 1)

    @Test("record and read requests, and the daily reply, survive a line each way")
    func lines() throws {
        for request in [StoreLine.Request.recordDaily(good, kind: .figure), .recordDaily(good, kind: .pento), .dailyResults(kind: .pento)] {
            let bytes = try #require(StoreLine.encode(request))
            #expect(bytes.last == 0x0A && !bytes.dropLast().contains(0x0A))
            #expect(StoreLine.decode(StoreLine.Request.self, from: bytes.dropLast()) == request)
        }
        #expect(String(decoding: try #require(StoreLine.encode(StoreLine.Request.dailyResults(kind: .pento))), as: UTF8.self)
                == #"{"dailyResults":{"kind":"pento"}}"# + "\n")
        // A page of the streak: the rows on or before a day (issue 36: the streak stopped at 3,999 days).
        let page = StoreLine.Request.dailyResults(kind: .figure, through: "2026-11-26")
        #expect(StoreLine.decode(StoreLine.Request.self, from: try #require(StoreLine.encode(page)).dropLast()) == page)
        #expect(StoreLine.decode(StoreLine.Request.self, from: Array(#"{"dailyResults":{"kind":"figure","through":"2026-11-26"}}"#.utf8)) == page)
        let reply = StoreLine.Reply.daily(Array(repeating: good, count: ProgressStore.maxDailyResults))
        let bytes = try #require(StoreLine.encode(reply), "the most rows a server sends fit one line")
        #expect(StoreLine.decode(StoreLine.Reply.self, from: bytes.dropLast()) == reply)
        // A kind neither side knows is no request at all.
        #expect(StoreLine.decode(StoreLine.Request.self, from: Array(#"{"dailyResults":{"kind":"chess"}}"#.utf8)) == nil)
    }

    @Test("a row no game could make has a problem: day, id, grade, time, moves, hints")
    func problems() {
        #expect(good.problem == nil)
        #expect(Row(day: "2026-11-26", figure: "6x10", grade: 1, seconds: 0, moves: 0, hints: 0).problem == nil)
        var bad = good
        for day in ["2026-13-01", "2026-11-32", "1969-12-31", "2026-1-026", "2026/11/26", "", "2026-11-26x", "２０２６-11-26",
                    "2026-11-\u{0}6", "+026-11-26"] {
            bad.day = day
            #expect(bad.problem == "the day is not a date written YYYY-MM-DD", "\(day)")
        }
        bad = good
        for figure in ["", "g-\u{1B}[2J", String(repeating: "g", count: 17), "g bd7a11", "g-é"] {
            bad.figure = figure
            #expect(bad.problem == "the daily puzzle's id is not 1 to 16 letters, digits and -", "\(figure)")
        }
        bad = good
        bad.grade = 0
        #expect(bad.problem == "grade 0 is not 1 to 5")
        bad.grade = 6
        #expect(bad.problem == "grade 6 is not 1 to 5")
        for seconds in [-1, .nan, .infinity, 1e300] {
            bad = good
            bad.seconds = seconds
            #expect(bad.problem != nil, "\(seconds)")
        }
        bad = good
        bad.moves = -1
        #expect(bad.problem == "moves -1 is not between 0 and 100000000")
        bad = good
        bad.hints = Int.max
        #expect(bad.problem == "hints \(Int.max) is not between 0 and 100000000")
    }
}
