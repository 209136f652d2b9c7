@testable import Polycube
import Scene
import Testing
@testable import Game

/// The board menu of `soma pento` (`m`): today's pentomino puzzle first, made off the input
/// path when chosen (`GameEffect.makeFigure`), played with its fixed tiles when it comes back,
/// and marked solved or in progress from the player's records under its name.
@Suite("Pentomino board menu")
struct PentominoMenuTests {
    static let day = "2026-11-27"
    static let name = "daily pento 2026-11-27"
    static let entries = FigureMenu.boards(today: day, keptAs: name)
    /// A stand-in for the day's puzzle (the rule is the Generator's, not the game's): the 6x10
    /// with X and I fixed, under the day's name.
    static let puzzle = Figure(name: name, cells: PentominoGameTests.board6x10.cells, pieceSet: .pentominoes,
                               preplaced: [("X", FixedTilesTests.xCells), ("I", FixedTilesTests.iCells)])

    static func lines(_ canvas: Canvas) -> [String] {
        canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }

    static func pento(on board: Figure, progress: Progress = Progress()) -> Midend<PentominoSession> {
        Midend(screen: PentominoSession(board: board), progress: progress, menu: entries, fame: MidendTests.board)
    }

    @Test("the menu lists today's puzzle first, under its own heading, then the five boards")
    func entries() {
        #expect(Self.entries.map(\.name) == ["Today's puzzle", "6x10", "5x12", "4x15", "3x20", "8x8-hole"])
        #expect(Self.entries[0].request == .todaysPuzzle(day: Self.day) && Self.entries[0].figure == nil)
        #expect(Self.entries.dropFirst().allSatisfy { $0.figure?.isBoard == true && $0.request == nil })
        let lines = Self.lines(FigureMenu(entries: Self.entries, current: "6x10", title: "Boards").view(width: 80, height: 24))
        #expect(Array(lines[1...4]) == [
            " Daily puzzle",
            "   Today's puzzle  2026-11-27, the same for every player",
            "",
            " Pentomino boards",
        ], "\(lines.joined(separator: "\n"))")
        #expect(lines[5] == ">  6x10            60 cells", "\(lines[5])")
    }

    @Test("from the 6x10, m Up Enter asks for today's puzzle and closes the menu; the progress line says it after a frame")
    func choose() {
        var m = Self.pento(on: PentominoGameTests.board6x10)
        #expect(m.handle(.character("m"), now: 1).isEmpty)
        #expect(m.menu?.cursor == 1, "the cursor starts on the board being played")
        #expect(m.handle(.up, now: 2).isEmpty)
        #expect(m.handle(.enter, now: 3) == [.makeFigure(.todaysPuzzle(day: Self.day))])
        #expect(!m.hasChild)
        #expect(!Self.lines(m.view(width: 100, height: 30, now: 3.01, style: .blocks256))[29].contains("Making"))
        let line = Self.lines(m.view(width: 100, height: 30, now: 3.1, style: .blocks256))[29]
        #expect(line == " Making today's puzzle...", "\(line)")
    }

    @Test("the puzzle that comes back is played with its fixed tiles, its name and date on the status line")
    func plays() {
        var m = Self.pento(on: PentominoGameTests.board6x10)
        _ = m.handle(.character("m"), now: 1)
        _ = m.handle(.home, now: 2)
        _ = m.handle(.enter, now: 3)
        #expect(m.receive(.made(MadeFigure(request: .todaysPuzzle(day: Self.day), figure: Self.puzzle)), now: 4) == [.autosave])
        #expect(m.screen.facts.figureName == Self.name)
        #expect(m.screen.game.fixedCount == 2)
        let status = Self.lines(m.view(width: 100, height: 30, now: 4, style: .blocks256))[0]
        #expect(status.hasPrefix(" daily pento 2026-11-27   0/10 placed, 2 fixed (grey)   moves 0   0:00"), "\(status)")
        // Chosen again while it is being played: the menu closes, nothing is made again.
        _ = m.handle(.character("m"), now: 5)
        #expect(m.menu?.cursor == 0)
        #expect(m.handle(.enter, now: 6).isEmpty)
        #expect(!m.hasChild && m.screen.facts.figureName == Self.name)
    }

    @Test("the entry says the day's puzzle is solved, with the record, or in progress, with its moves")
    func solvedOrStarted() throws {
        var solved = Progress()
        solved.recordSolve(figure: Self.name, Solved(moves: 8, seconds: 95))
        solved.recordSolve(figure: "daily pento 2026-11-26", Solved(moves: 9, seconds: 50))
        let done = Self.lines(FigureMenu(entries: Self.entries, progress: solved).view(width: 80, height: 24))
        #expect(done[2] == ">  Today's puzzle  2026-11-27: solved, best 1:35 in 8 moves", "\(done[2])")
        var started = Progress()
        var game = PentominoGame(board: Self.puzzle)
        let f = try #require(game.tiles.firstIndex { $0.letter == "F" })
        game.apply(.place(tile: f, Placement(piece: "F", offset: Cell(6, 1, 0))), now: 2)
        started.save(game, seconds: 1)
        try #require(started.inProgress[Self.name]?.moves == 1)
        let open = Self.lines(FigureMenu(entries: Self.entries, progress: started).view(width: 80, height: 24))
        #expect(open[2] == ">  Today's puzzle  2026-11-27: in progress, 1 move", "\(open[2])")
        // Yesterday's solve says nothing about today's puzzle.
        var yesterday = Progress()
        yesterday.recordSolve(figure: "daily pento 2026-11-26", Solved(moves: 9, seconds: 50))
        let fresh = Self.lines(FigureMenu(entries: Self.entries, progress: yesterday).view(width: 80, height: 24))
        #expect(fresh[2] == ">  Today's puzzle  2026-11-27, the same for every player", "\(fresh[2])")
    }
}
