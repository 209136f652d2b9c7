import Foundation
import Polycube
import Solver
import Store
import Testing

/// Issue 26's daily pentomino puzzle on the release binary: `soma daily pento --print` prints a
/// board with fixed tiles and exactly one way to finish; `soma daily pento` opens it with the
/// fixed tiles drawn and said; solved by keys from its one solution, the day is recorded with
/// the pento streak, `--share` prints its line and `soma scores daily` lists it.
@Suite("soma daily pento", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct DailyPentoEndToEndTests {
    static let day = "2026-11-27"

    /// The day's puzzle as printed, and its one completion (the fixed tiles left out).
    static func puzzle(_ day: String) throws -> (figure: Figure, solution: [PentominoTests.SolvedPiece]) {
        let printed = try Tmux.run([SomaBinary.path, "daily", "pento", "--print", "--date", day])
        try #require(printed.status == 0, "\(printed.error)")
        #expect(printed.output.hasPrefix("; The daily pentomino puzzle of \(day) (daily pento rule 1).\n"))
        let figure = try FigureReader.read(text: printed.output, path: "daily-pento.figure")
        let solver = try Solver(figure)
        #expect(try solver.count().raw == 1, "exactly one way to finish")
        let solution = try #require(try solver.hint(for: []))
        let free = solution.pieces.dropFirst(figure.preplaced.count).map { piece in
            PentominoTests.SolvedPiece(letter: piece.placement.piece, cells: piece.cells.map { PentominoTests.Square($0.x, $0.y) })
        }
        return (figure, free)
    }

    /// Puts `solution`'s tiles down by keys on `board`'s puzzle, open in `tmux` with nothing
    /// placed, each seen on the top line before the next (the last: "Solved in").
    static func solveByKeys(_ tmux: Tmux, board figure: Figure, solution: [PentominoTests.SolvedPiece]) throws {
        // The cursor starts in the middle of the board.
        let board = figure.cells
        var cursor = PentominoTests.Square((board.map(\.x).min()! + board.map(\.x).max()!) / 2,
                                           (board.map(\.y).min()! + board.map(\.y).max()!) / 2)
        for (n, piece) in solution.enumerated() {
            let keys = try #require(PentominoTests.keys(placing: piece, cursor: &cursor), "\(piece.letter)")
            try tmux.tmux(["send-keys", "-t", tmux.target] + keys)
            let last = n == solution.count - 1
            #expect(tmux.waitForScreen(containing: last ? "Solved in " : "\(n + 1)/\(solution.count) placed"),
                    "after \(piece.letter) (\(keys.joined(separator: " "))):\n\((try? tmux.screen()) ?? "")")
        }
    }

    @Test("soma daily pento opens the day's board with its fixed tiles; solved by keys it is recorded with the streak and shared")
    func solveByKeys() throws {
        let (figure, solution) = try Self.puzzle(Self.day)
        let fixed = figure.preplaced.count
        try #require(fixed >= 1 && fixed + solution.count == 12)
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        // The day before was solved already: the streak becomes 2; the Soma figure's table is apart.
        try ProgressStore(path: stateFile).recordDaily(.init(day: "2026-11-26", figure: "6x10", grade: 3, seconds: 99,
                                                              moves: 9, hints: 0), kind: .pento)
        let command = "env TERM=xterm-256color SOMA_TODAY=\(Self.day) '\(SomaBinary.path)' daily pento "
            + "--state-file '\(stateFile)'; echo \"EXIT=$?\"; exec sleep 600"
        let tmux = try Tmux(command, width: 120, height: 40)
        try #require(tmux.waitForScreen(containing: "0/\(12 - fixed) placed, \(fixed) fixed (grey)"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("daily pento \(Self.day)"))
        // A fixed tile cannot be picked up: the bottom line says so, and nothing moves.
        let fixedLetter = figure.preplaced[0].letter
        try tmux.send(keys: String(fixedLetter))
        #expect(tmux.waitForScreen(containing: "\(fixedLetter) is fixed in place: it is part of the puzzle"),
                "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("moves 0"))

        try Self.solveByKeys(tmux, board: figure, solution: solution)
        #expect(try tmux.screen().contains(", \(solution.count) moves."), "\((try? tmux.screen()) ?? "")")
        print("soma daily pento \(Self.day), solved by keys:\n" + (try tmux.screen()))
        #expect(tmux.wait(timeout: 5) { try !tmux.screen().contains("any key skips") })
        try tmux.send(keys: "q")
        #expect(tmux.waitForScreen(containing: "EXIT=0", timeout: 30), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("Solved the daily pentomino puzzle of \(Self.day). Streak: 2 days."),
                "\((try? tmux.screen()) ?? "")")

        let share = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=\(Self.day)", SomaBinary.path, "daily", "pento", "--share",
                                  "--state-file", stateFile])
        #expect(share.status == 0, "\(share.error)")
        #expect(share.output.hasPrefix("soma daily pento \(Self.day) 6x10 grade "), "\(share.output)")
        #expect(share.output.hasSuffix(", \(solution.count) moves, no hints. Streak: 2 days.\n"), "\(share.output)")
        // The Soma figure's daily record is apart: not solved.
        let figureShare = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=\(Self.day)", SomaBinary.path, "daily", "--share",
                                        "--state-file", stateFile])
        #expect(figureShare.status == 1)
        let table = try Tmux.run(["/usr/bin/env", "SOMA_TODAY=\(Self.day)", SomaBinary.path, "scores", "daily", "--state-file", stateFile])
        #expect(table.output.contains("Daily pentomino puzzle of \(Self.day) (board 6x10, grade "), "\(table.output)")
        #expect(table.output.contains("\(solution.count) moves   0 hints\n"), "\(table.output)")
        let bad = try Tmux.run([SomaBinary.path, "daily", "tetris", "--print"])
        #expect(bad.status == 2 && bad.error.contains("`tetris` is not a daily puzzle"), "\(bad.error)")
    }
}
