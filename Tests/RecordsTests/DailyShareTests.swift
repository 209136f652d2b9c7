import Records
import Testing

/// `soma daily --share`: the line a player pastes, made from the day's stored row.
@Suite struct DailyShareTests {
    @Test("the share line: date, figure, grade, time, moves, hints and streak, and nothing of the solution")
    func share() {
        let row = DailyRow(day: "2026-11-26", figure: "g-10cbff", grade: 4, seconds: 185.7, moves: 9, hints: 0)
        #expect(row.shareText(streak: 3, kind: .figure)
                == "soma daily 2026-11-26 g-10cbff grade 4/5: solved in 3:05, 9 moves, no hints. Streak: 3 days.")
        let long = DailyRow(day: "2026-11-26", figure: "g-10cbff", grade: 5, seconds: 3_725, moves: 1, hints: 1)
        #expect(long.shareText(streak: 1, kind: .figure)
                == "soma daily 2026-11-26 g-10cbff grade 5/5: solved in 1:02:05, 1 move, 1 hint. Streak: 1 day.")
    }

    @Test("the share line of the pento puzzle says so")
    func sharePento() {
        let row = DailyRow(day: "2026-11-27", figure: "6x10", grade: 5, seconds: 161, moves: 9, hints: 0)
        #expect(row.shareText(streak: 1, kind: .pento)
                == "soma daily pento 2026-11-27 6x10 grade 5/5: solved in 2:41, 9 moves, no hints. Streak: 1 day.")
    }
}
