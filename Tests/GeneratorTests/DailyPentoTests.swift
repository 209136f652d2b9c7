import Polycube
import Solver
import Testing
@testable import Generator

@Suite struct DailyPentoTests {
    @Test("the daily pento golden dates: each day's board and fixed tiles are pinned, and leave exactly one way to finish",
          arguments: GoldenPentoDays.list)
    func goldenDay(date: String, board: String, fixed: String) throws {
        let day = try #require(PuzzleDay(parsing: date))
        let puzzle = try DailyPentoRule.puzzle(for: day)
        #expect(puzzle.boardName == board)
        #expect(GoldenPentoDays.describe(puzzle.fixed) == fixed)
        // Counted again by the solver, on the puzzle as a figure: one completion, and the
        // solution given completes it.
        let solver = try Solver(puzzle.figure)
        #expect(try solver.count().raw == 1)
        let full = try Solver(Catalog.figure(named: board))
        #expect(try full.countCompletions(of: puzzle.fixed, limit: 5) == 1)
        #expect(full.isComplete(puzzle.fixed + puzzle.solution))
        #expect(puzzle.fixed.count + puzzle.solution.count == 12)
        #expect(puzzle.figure.preplaced.count == puzzle.fixed.count)
    }

    @Test("the day's puzzle file names the day and the rule, draws the fixed tiles by letter, and reads back")
    func file() throws {
        let day = PuzzleDay(parsing: "2026-11-27")!
        let puzzle = try DailyPentoRule.puzzle(for: day)
        let text = puzzle.fileText
        #expect(text.hasPrefix("; The daily pentomino puzzle of 2026-11-27 (daily pento rule 1).\n; Board 6x10 with 4 tiles fixed"))
        #expect(puzzle.fixed.count == DailyPentoRule.minimumFixed)
        let read = try FigureReader.read(text: text, path: "daily.figure")
        #expect(read.name == "daily pento 2026-11-27")
        #expect(Set(read.preplaced.map(\.letter)) == Set(puzzle.fixed.map(\.piece)))
        #expect(try Solver(read).count().raw == 1)
    }
}

/// Thirty dates and their daily pentomino puzzle by rule 1 (`DailyPentoRule`): the board and
/// each fixed tile's letter and squares (x.y). Published days, which must never change: made
/// once by the rule itself; a failing date means the rule, the catalog board or the solver's
/// counts changed, which needs a new version for new days, not an edit here.
enum GoldenPentoDays {
    static let list: [(String, String, String)] = [
        ("2026-11-24", "6x10", "Z:5.1,5.2,6.2,7.2,7.3 W:4.3,3.4,4.4,2.5,3.5 P:1.3,2.3,1.4,2.4,1.5 F:0.0,1.0,1.1,2.1,1.2"),  // grade 2
        ("2026-11-25", "5x12", "Z:8.1,9.1,8.2,7.3,8.3 I:6.4,7.4,8.4,9.4,10.4 W:11.0,10.1,11.1,9.2,10.2 F:2.2,2.3,3.3,1.4,2.4"),  // grade 5
        ("2026-11-26", "6x10", "V:5.3,6.3,7.3,7.4,7.5 F:5.0,5.1,6.1,7.1,6.2 X:4.1,3.2,4.2,5.2,4.3 Y:6.0,7.0,8.0,9.0,8.1"),  // grade 5
        ("2026-11-27", "6x10", "X:6.2,5.3,6.3,7.3,6.4 Z:3.2,4.2,4.3,4.4,5.4 W:3.0,4.0,4.1,5.1,5.2 V:0.0,1.0,2.0,0.1,0.2"),  // grade 4
        ("2026-11-28", "5x12", "Z:1.1,2.1,1.2,0.3,1.3 Y:3.3,4.3,5.3,6.3,5.4 V:0.0,1.0,2.0,0.1,0.2 L:11.3,8.4,9.4,10.4,11.4"),  // grade 3
        ("2026-11-29", "6x10", "Z:3.0,1.1,2.1,3.1,1.2 I:3.5,4.5,5.5,6.5,7.5 P:0.4,1.4,0.5,1.5,2.5 T:2.2,0.3,1.3,2.3,2.4"),  // grade 4
        ("2026-11-30", "4x15", "I:2.0,3.0,4.0,5.0,6.0 W:8.1,8.2,9.2,9.3,10.3 P:13.0,14.0,13.1,14.1,13.2 Z:0.0,1.0,1.1,1.2,2.2"),  // grade 2
        ("2026-12-01", "6x10", "N:2.1,3.1,3.2,4.2,5.2 P:8.3,8.4,9.4,8.5,9.5 F:7.0,5.1,6.1,7.1,6.2 W:8.1,7.2,8.2,6.3,7.3"),  // grade 5
        ("2026-12-02", "5x12", "I:5.4,6.4,7.4,8.4,9.4 W:0.0,1.0,1.1,2.1,2.2 T:4.0,5.0,6.0,5.1,5.2 P:0.1,0.2,1.2,0.3,1.3"),  // grade 3
        ("2026-12-03", "6x10", "Y:6.3,4.4,5.4,6.4,7.4 V:9.3,9.4,7.5,8.5,9.5 X:3.1,2.2,3.2,4.2,3.3 P:0.0,1.0,0.1,1.1,1.2"),  // grade 3
        ("2026-12-04", "6x10", "Z:6.0,7.0,7.1,7.2,8.2 V:3.0,4.0,5.0,5.1,5.2 L:6.1,6.2,6.3,5.4,6.4 N:1.0,2.0,2.1,3.1,4.1"),  // grade 3
        ("2026-12-05", "5x12", "L:1.3,1.4,2.4,3.4,4.4 N:8.3,9.3,10.3,7.4,8.4 F:5.2,6.2,6.3,7.3,6.4 U:8.0,9.0,9.1,8.2,9.2"),  // grade 4
        ("2026-12-06", "6x10", "P:1.1,2.1,0.2,1.2,2.2 T:5.3,3.4,4.4,5.4,5.5 F:8.3,7.4,8.4,9.4,9.5 U:0.3,1.3,0.4,0.5,1.5"),  // grade 2
        ("2026-12-07", "4x15", "Y:0.0,0.1,0.2,1.2,0.3 F:7.1,6.2,7.2,8.2,6.3 T:2.1,2.2,1.3,2.3,3.3 V:14.1,14.2,12.3,13.3,14.3"),  // grade 3
        ("2026-12-08", "6x10", "W:6.2,6.3,7.3,7.4,8.4 L:3.4,0.5,1.5,2.5,3.5 V:7.0,8.0,9.0,9.1,9.2 T:4.3,4.4,5.4,6.4,4.5"),  // grade 5
        ("2026-12-09", "5x12", "I:0.4,1.4,2.4,3.4,4.4 U:3.1,4.1,3.2,3.3,4.3 L:2.0,3.0,4.0,5.0,2.1 W:11.0,10.1,11.1,9.2,10.2"),  // grade 4
        ("2026-12-10", "6x10", "X:6.0,5.1,6.1,7.1,6.2 Y:4.4,2.5,3.5,4.5,5.5 L:9.0,9.1,9.2,8.3,9.3 F:3.1,2.2,3.2,3.3,4.3"),  // grade 4
        ("2026-12-11", "6x10", "U:5.2,6.2,5.3,5.4,6.4 P:8.4,9.4,7.5,8.5,9.5 W:7.1,8.1,8.2,9.2,9.3 N:2.4,3.4,0.5,1.5,2.5"),  // grade 5
        ("2026-12-12", "5x12", "Z:3.0,3.1,4.1,5.1,5.2 F:10.2,9.3,10.3,11.3,11.4 U:0.0,1.0,2.0,0.1,2.1 V:4.0,5.0,6.0,6.1,6.2"),  // grade 5
        ("2026-12-13", "6x10", "V:3.3,4.3,5.3,3.4,3.5 P:1.2,2.2,1.3,2.3,1.4 X:8.1,7.2,8.2,9.2,8.3 I:4.5,5.5,6.5,7.5,8.5"),  // grade 4
        ("2026-12-14", "4x15", "T:7.1,7.2,8.2,9.2,7.3 I:4.0,5.0,6.0,7.0,8.0 W:1.1,1.2,2.2,2.3,3.3 P:1.0,2.0,3.0,2.1,3.1"),  // grade 2
        ("2026-12-15", "6x10", "Z:7.2,8.2,8.3,8.4,9.4 L:8.0,9.0,9.1,9.2,9.3 P:4.3,5.3,4.4,5.4,5.5 X:3.1,2.2,3.2,4.2,3.3"),  // grade 4
        ("2026-12-16", "5x12", "F:0.0,0.1,1.1,2.1,1.2 W:6.0,6.1,7.1,7.2,8.2 U:2.2,3.2,2.3,2.4,3.4 P:0.2,0.3,1.3,0.4,1.4"),  // grade 3
        ("2026-12-17", "6x10", "X:5.0,4.1,5.1,6.1,5.2 T:6.2,6.3,7.3,8.3,6.4 V:0.1,1.1,2.1,0.2,0.3 L:7.4,4.5,5.5,6.5,7.5"),  // grade 3
        ("2026-12-18", "6x10", "F:2.0,1.1,2.1,3.1,3.2 V:2.3,2.4,0.5,1.5,2.5 W:3.0,4.0,4.1,5.1,5.2 P:7.4,8.4,7.5,8.5,9.5"),  // grade 3
        ("2026-12-19", "5x12", "P:0.0,1.0,2.0,0.1,1.1 W:5.2,6.2,6.3,7.3,7.4 T:7.2,8.2,9.2,8.3,8.4 F:3.0,4.0,2.1,3.1,3.2"),  // grade 4
        ("2026-12-20", "6x10", "V:9.0,9.1,7.2,8.2,9.2 U:1.3,2.3,3.3,1.4,3.4 P:8.3,9.3,8.4,9.4,9.5 X:5.3,4.4,5.4,6.4,5.5"),  // grade 5
        ("2026-12-21", "4x15", "Z:14.0,12.1,13.1,14.1,12.2 V:0.1,0.2,0.3,1.3,2.3 L:5.0,6.0,7.0,8.0,8.1 F:7.1,6.2,7.2,7.3,8.3"),  // grade 4
        ("2026-12-22", "6x10", "N:2.2,2.3,3.3,3.4,3.5 L:0.0,0.1,1.1,2.1,3.1 T:5.3,5.4,4.5,5.5,6.5 X:7.3,6.4,7.4,8.4,7.5"),  // grade 3
        ("2026-12-23", "5x12", "T:8.1,8.2,7.3,8.3,9.3 W:5.0,6.0,6.1,7.1,7.2 Y:4.3,2.4,3.4,4.4,5.4 F:3.1,4.1,2.2,3.2,3.3"),  // grade 4
    ]

    static func describe(_ fixed: [Placement]) -> String {
        fixed.map { p in
            "\(p.piece):" + p.cells(of: PieceSet.pentominoes.piece(p.piece)!.shape).sorted().map { "\($0.x).\($0.y)" }.joined(separator: ",")
        }.joined(separator: " ")
    }
}

