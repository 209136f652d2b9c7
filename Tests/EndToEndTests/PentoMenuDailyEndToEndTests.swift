import Foundation
import Polycube
import Store
import Testing

/// The board menu's "Today's puzzle" on the release binary: from `soma pento`, m Up Enter opens
/// the day's pentomino puzzle, drawn exactly as `soma daily pento` draws it (the same board and
/// fixed tiles as `--print`); solved by keys from its one solution, it counts toward the day's
/// record and the streak, as a solve in `soma daily pento` does, and the menu then says so.
@Suite("soma pento's Today's puzzle", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct PentoMenuDailyEndToEndTests {
    static let day = DailyPentoEndToEndTests.day

    /// `soma ARGUMENTS` on a 120x40 terminal, with `SOMA_TODAY` the test's day; the shell
    /// says `EXIT=status` when it ends.
    static func start(_ arguments: String, stateFile: String) throws -> Tmux {
        try Tmux("env TERM=xterm-256color SOMA_TODAY=\(day) '\(SomaBinary.path)' \(arguments) --state-file '\(stateFile)'; "
                 + "echo \"EXIT=$?\"; exec sleep 600", width: 120, height: 40)
    }

    /// The screen's rows between the status line and the bottom line: the board and the tiles.
    static func picture(_ tmux: Tmux) throws -> [Substring] {
        let rows = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
        return Array(rows.dropFirst().prefix(38))
    }

    @Test("m Up Enter in soma pento opens the day's puzzle as soma daily pento does; solved, the day and the streak are recorded")
    func todayFromTheMenu() throws {
        let (figure, solution) = try DailyPentoEndToEndTests.puzzle(Self.day)
        let fixed = figure.preplaced.count
        try #require(fixed >= 1 && fixed + solution.count == 12)
        let placedLine = "0/\(12 - fixed) placed, \(fixed) fixed (grey)"

        // What `soma daily pento` draws for the day (its own state file: nothing solved there).
        let otherState = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(otherState) }
        let daily = try Self.start("daily pento", stateFile: otherState)
        try #require(daily.waitForScreen(containing: placedLine), "\((try? daily.screen()) ?? "")")
        let expected = try Self.picture(daily)
        try daily.send(keys: "q")
        #expect(daily.waitForScreen(containing: "EXIT=0", timeout: 30), "\((try? daily.screen()) ?? "")")

        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        // The day before was solved already: the streak becomes 2.
        try ProgressStore(path: stateFile).recordDaily(.init(day: "2026-11-26", figure: "6x10", grade: 3, seconds: 99,
                                                              moves: 9, hints: 0), kind: .pento)
        let tmux = try Self.start("pento", stateFile: stateFile)
        try #require(tmux.waitForScreen(containing: "0/12 on the board"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "Today's puzzle  \(Self.day), the same for every player"),
                "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains(">  6x10 "), "the cursor is on the board being played")
        // Three keys from the board to the day's puzzle: m, Up, Enter.
        try tmux.tmux(["send-keys", "-t", tmux.target, "Up", "Enter"])
        #expect(tmux.waitForScreen(containing: placedLine, timeout: 30), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().hasPrefix(" daily pento \(Self.day)   \(placedLine)   moves 0"), "\((try? tmux.screen()) ?? "")")
        let shown = try Self.picture(tmux)
        let mismatch = "the same board, fixed tiles and tiles around it as soma daily pento:\n"
            + shown.joined(separator: "\n") + "\nexpected:\n" + expected.joined(separator: "\n")
        #expect(shown == expected, "\(mismatch)")

        try DailyPentoEndToEndTests.solveByKeys(tmux, board: figure, solution: solution)
        #expect(tmux.wait(timeout: 5) { try !tmux.screen().contains("any key skips") })
        // The menu now says the day's puzzle is solved, with the record.
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "Today's puzzle  \(Self.day): solved, best "), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains(" in \(solution.count) moves"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Escape")
        #expect(tmux.wait(timeout: 10) { try !tmux.screen().contains("Today's puzzle") })
        try tmux.send(keys: "q")
        #expect(tmux.waitForScreen(containing: "EXIT=0", timeout: 30), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("Solved the daily pentomino puzzle of \(Self.day). Streak: 2 days."),
                "\((try? tmux.screen()) ?? "")")

        let table = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=\(Self.day)", SomaBinary.path, "scores", "daily", "--state-file", stateFile])
        #expect(table.output.contains("Daily pentomino puzzle of \(Self.day) (board 6x10, grade "), "\(table.output)")
        #expect(table.output.contains("\(solution.count) moves   0 hints\n"), "\(table.output)")
        let share = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=\(Self.day)", SomaBinary.path, "daily", "pento", "--share",
                                  "--state-file", stateFile])
        #expect(share.status == 0 && share.output.hasSuffix(", \(solution.count) moves, no hints. Streak: 2 days.\n"),
                "\(share.output)\(share.error)")
    }

    @Test("soma daily pento --date of another day: the menu's Today's puzzle (m Enter) is today's, and its solve is today's record")
    func todayFromAnotherDay() throws {
        let (figure, solution) = try DailyPentoEndToEndTests.puzzle(Self.day)
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try Self.start("daily pento --date 2026-11-20", stateFile: stateFile)
        try #require(tmux.waitForScreen(containing: "daily pento 2026-11-20"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "m")
        // The puzzle played is no entry of the menu: the cursor starts at the top, on today's.
        #expect(tmux.waitForScreen(containing: ">  Today's puzzle  \(Self.day), the same for every player"),
                "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Enter")
        #expect(tmux.waitForScreen(containing: "daily pento \(Self.day)   0/\(solution.count) placed", timeout: 30),
                "\((try? tmux.screen()) ?? "")")
        try DailyPentoEndToEndTests.solveByKeys(tmux, board: figure, solution: solution)
        #expect(tmux.wait(timeout: 5) { try !tmux.screen().contains("any key skips") })
        try tmux.send(keys: "q")
        #expect(tmux.waitForScreen(containing: "EXIT=0", timeout: 30), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("Solved the daily pentomino puzzle of \(Self.day). Streak: 1 day."),
                "\((try? tmux.screen()) ?? "")")
        #expect(try !tmux.screen().contains("of 2026-11-20"), "the day played first was not solved")
    }
}
