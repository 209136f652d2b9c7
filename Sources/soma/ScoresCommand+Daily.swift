import Generator
import Store

extension ScoresCommand {
    /// `soma scores daily`: the tables of today's daily puzzles (UTC, or `$SOMA_TODAY`) across
    /// players, the Soma figure's and then the pentomino puzzle's, fastest first, with moves and
    /// hints: every player of a server races on the same puzzles.
    func showDaily(store: ProgressStore?) throws {
        let day = try DailyCommand.day(option: nil)
        var out = ""
        for kind in ProgressStore.DailyKind.allCases {
            let rows = try store?.dailyTable(day: "\(day)", kind: kind) ?? []
            let title = kind == .pento ? "Daily pentomino puzzle of \(day)" : "Daily figure of \(day)"
            let what = kind == .pento ? "board" : ""
            if kind == .pento { out += "\n" }
            out += title + (rows.first.map { " (\(what.isEmpty ? "" : what + " ")\($0.figure), grade \($0.grade) of 5)" } ?? "") + "\n"
            if rows.isEmpty { out += "  no solves yet: `\(kind == .pento ? "soma daily pento" : "soma daily")` plays it\n" }
            for (rank, row) in rows.enumerated() {
                let whole = Int(row.seconds.rounded(.down))
                let time = "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
                let name = row.name ?? "anonymous"
                out += "  " + String(rank + 1).leftPadded(3) + "  " + name.rightPadded(24) + time.leftPadded(7)
                    + String(row.moves).leftPadded(5) + " moves" + String(row.hints).leftPadded(4) + (row.hints == 1 ? " hint" : " hints") + "\n"
            }
        }
        print(out, terminator: "")
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func rightPadded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
