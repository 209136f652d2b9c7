import Polycube
@testable import Scene
import Testing
@testable import Game

/// Issue 12's solved moment, moves as handlings and the clock that stops while the player is
/// not playing: exact sequences with the injected clock.
@Suite("The solved moment, moves and the paused clock")
struct SolvedMomentTests {
    /// The cube with every piece in place but V, which stands at its start pose with the
    /// solution's orientation: `delta` (one move) brings it in.
    func nearlySolved() throws -> (session: SomaSession, delta: Cell) {
        let start = SomaGame(figure: Fixtures.cube)
        let solution = try #require(Fixtures.solution(of: Fixtures.cube, pieces: start.pieces,
                                                      firstOrientation: start.startPoses[0].orientation))
        var poses = solution
        poses[0] = start.startPoses[0]
        let session = SomaSession(game: try #require(SomaGame(figure: Fixtures.cube, poses: poses)))
        return (session, solution[0].offset - start.startPoses[0].offset)
    }

    /// The session solved at time 100 (V selected at 10, moved in at 100), run by its midend,
    /// which recorded the solve and began the solved moment.
    func solvedAt100() throws -> Played<SomaSession> {
        let (s, delta) = try nearlySolved()
        var m = Played(s)
        m.handle(.character("1"), now: 10)
        let effects = m.apply(.move(delta), now: 100)
        #expect(effects == [.autosave], "the move went into the move list; the solve was recorded and is saved")
        #expect(m.midend.progress.records[RecordKey("cube", .off)] == FigureRecord(timesSolved: 1, bestSeconds: 0, fewestMoves: 1))
        return m
    }

    func lines(_ s: SomaSession, width: Int = 100, height: Int = 30, now: Double) -> [Substring] {
        s.view(width: width, height: height, now: now).text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    func lines(_ m: Played<SomaSession>, width: Int = 100, height: Int = 30, now: Double) -> [Substring] {
        m.midend.view(width: width, height: height, now: now, style: .blocks256).text
            .split(separator: "\n", omittingEmptySubsequences: false)
    }

    func view(_ m: Played<SomaSession>, now: Double) -> Canvas {
        m.midend.view(width: 100, height: 30, now: now, style: .blocks256)
    }

    func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    // MARK: Moves

    @Test("a move is one handling of a piece: steps and turns of the piece in hand count once; a drop, a drag's end or another piece ends it")
    func movesAreHandlings() {
        var g = SomaGame(figure: Fixtures.cube)
        var counts: [Int] = []
        func run(_ command: SomaCommand) {
            g.apply(command, now: 1)
            counts.append(g.moves)
        }
        run(.select(.number(1)))          // V: selecting is no move yet
        run(.move(Cell(0, 0, 1)))         // 1
        run(.move(Cell(0, 0, 1)))
        run(.turn(.z, by: 1))
        run(.turn(.z, by: -1))
        run(.select(.number(2)))          // L chosen: V's handling is over
        run(.move(Cell(0, 0, 1)))         // 2
        run(.select(.number(1)))
        run(.move(Cell(0, 0, -1)))        // 3: V again
        run(.drop)                        // put down, still move 3
        run(.move(Cell(0, 0, 1)))         // 4: picked up again
        run(.move(Cell(0, 0, -5)))        // refused (below the floor): no move
        run(.undo)                        // undo takes nothing back from the count
        run(.beginGesture)                // a drag of V: 5, however many steps
        run(.move(Cell(0, 0, 1)))
        run(.move(Cell(0, 0, 1)))
        run(.endGesture)
        run(.move(Cell(0, 0, 1)))         // 6: after the drag's end
        #expect(counts == [0, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6])
    }

    // MARK: The solved moment

    @Test("the solved moment lights the pieces in turn (0.2 s each), then all (0.3 s), and is over 1.7 s after the solve")
    func celebrationTiming() throws {
        var s = try solvedAt100()
        let moment = try #require(s.midend.celebration)
        #expect(moment.lit(at: 100) == [0])
        #expect(moment.lit(at: 100.2) == [1])
        #expect(moment.lit(at: 101.39) == [6])
        #expect(moment.lit(at: 101.4) == Set(0..<7))
        #expect(moment.lit(at: 101.69) == Set(0..<7))
        #expect(moment.lit(at: 101.7) == nil)
        #expect(close(moment.end, 101.7), "under 2 s")
        // The host redraws at each change, and no more once it is over.
        #expect(close(s.midend.nextTick(after: 100), 100.2))
        #expect(close(s.midend.nextTick(after: 100.2), 100.4))
        #expect(close(s.midend.nextTick(after: 101.3), 101.4))
        #expect(close(s.midend.nextTick(after: 101.4), 101.7))
        #expect(s.midend.nextTick(after: 101.7) == nil)
        // While it lasts the lit piece is drawn as selected (and V, the selection, is not);
        // the bottom line says a key skips it.
        #expect(s.game.sceneModel(lit: [2]).pieces.map { $0.marks.contains(.selected) } == [false, false, true, false, false, false, false])
        #expect(lines(s, now: 100.1).last == " Solved!   any key skips   V  resting on L")
        #expect(view(s, now: 100.1) != view(s, now: 100.3), "another piece lit")
        let after = view(s, now: 110)
        #expect(view(s, now: 100.1) != after)
        #expect(view(s, now: 101.7) == after, "over: the finished figure as it stays")
        _ = s.midend.tick(now: 101.7)
        #expect(s.midend.celebration == nil)
    }

    @Test("any key skips the solved moment and does nothing else; a key after it acts as usual")
    func keySkips() throws {
        // Pressed as a player does, through the midend: R is a common key (reset), which the
        // solved moment takes while it lasts.
        var s = try solvedAt100()
        let poses = s.game.poses
        #expect(s.handle(.character("R"), now: 100.5).isEmpty)
        #expect(s.midend.celebration == nil && s.game.poses == poses, "R only skipped the moment")
        #expect(lines(s, now: 100.5).last == " R: all pieces back for a new attempt   m: another figure   V  resting on L")
        s.handle(.character("R"), now: 101)
        #expect(s.game.poses == s.game.startPoses)
        // Past its end, a key is not swallowed even before the tick that clears it.
        var t = try solvedAt100()
        t.handle(.character("R"), now: 102)
        #expect(t.game.poses == t.game.startPoses)
    }

    @Test("the solved news reads on dark and light backgrounds: explicit colours, never bold with a black foreground",
          arguments: [Theme.dark, .light])
    func newsReadsOnBothThemes(theme: Theme) throws {
        let s = try solvedAt100()
        let canvas = s.midend.view(width: 100, height: 30, now: 102, style: RenderStyle(glyphs: .blocks, colors: .xterm256, theme: theme))
        let line = String(canvas.text.split(separator: "\n", omittingEmptySubsequences: false)[0])
        let start = try #require(line.range(of: "Solved in")).lowerBound
        let column = line.distance(from: line.startIndex, to: start)
        let news = (column..<(column + 9)).map { canvas[$0, 0].style }
        for style in news {
            // xterm draws bold black as grey: 2.9:1 on bright green instead of about 15:1.
            #expect(!(style.bold && (style.foreground == .index(0) || style.foreground == .default)), "\(style)")
            #expect(style.foreground == .index(0) && style.background == .index(10), "black on green, whatever the theme")
        }
    }

    @Test("the news on the top line: time and moves, New best!, and Enter opens the next figure")
    func newsAndEnter() throws {
        var s = try solvedAt100()
        #expect(lines(s, now: 102)[0].hasPrefix(" cube    Solved in 0:00, 1 move.   "), "\(lines(s, now: 102)[0])")
        s.midend.news = SolveNews(newBest: true, next: "Dog")
        let top = lines(s, now: 102)[0]
        #expect(top.hasPrefix(" cube    Solved in 0:00, 1 move. New best! Enter: next figure (Dog)   ") && top.hasSuffix("? help  q quit"))
        // At 80 columns the news keeps its room; the help and quit keys give way.
        #expect(lines(s, width: 80, height: 24, now: 102)[0] == " cube    Solved in 0:00, 1 move. New best! Enter: next figure (Dog)")
        // A long name is offered shorter where the long offer would not fit.
        var long = s
        long.midend.news = SolveNews(newBest: true, next: "Apartment building")
        #expect(lines(long, width: 80, height: 24, now: 102)[0] == " cube    Solved in 0:00, 1 move. New best! Enter: Apartment building")
        #expect(lines(long, width: 60, height: 20, now: 102)[0] == " cube    Solved in 0:00, 1 move. New best! Enter: Apartmen…")
        #expect(lines(long, width: 120, height: 40, now: 102)[0].hasPrefix(" cube    Solved in 0:00, 1 move. New best! Enter: next figure (Apartment building)   "))
        #expect(s.handle(.enter, now: 100.5).isEmpty, "the first key skips the moment")
        // Enter plays the next figure (none here: no menu holds Dog, so the bell).
        #expect(s.handle(.enter, now: 101) == [.bell])
        // Out of the figure, Enter drops again.
        s.handle(.character("7"), now: 102)
        s.handle(.pageUp, now: 103)
        #expect(s.handle(.enter, now: 104).isEmpty)             // the move is the midend's to keep
        #expect(s.game.isComplete, "Enter dropped P back in")
        // With nothing left to play, Enter is Space.
        var t = try solvedAt100()
        t.midend.news = SolveNews(newBest: false, next: nil)
        #expect(lines(t, now: 102)[0].hasPrefix(" cube    Solved in 0:00, 1 move.   "))
        #expect(t.handle(.enter, now: 100.5).isEmpty, "the first key skips the moment")
        #expect(t.handle(.enter, now: 103).isEmpty)
        #expect(t.game.feedback == .note("Already resting"))
    }

    @Test("New best: only against a saved best, beaten in time or in moves")
    func newBest() {
        let solved = Solved(moves: 10, seconds: 100)
        let mine = [RecordKey("cube", .off): FigureRecord(timesSolved: 2, bestSeconds: 100, fewestMoves: 10)]
        #expect(!SolveNews(solved, on: "cube", before: [:], next: nil).newBest, "a first solve beats no best")
        #expect(!SolveNews(solved, on: "cube", before: mine, next: nil).newBest, "equal is no new best")
        #expect(SolveNews(Solved(moves: 9, seconds: 200), on: "cube", before: mine, next: nil).newBest)
        #expect(SolveNews(Solved(moves: 30, seconds: 99.5), on: "cube", before: mine, next: "Dog") == SolveNews(newBest: true, next: "Dog"))
        #expect(!SolveNews(Solved(moves: 1, seconds: 1), on: "dog", before: mine, next: nil).newBest)
    }

    @Test("the next unsolved figure: after the current one in menu order, skipping solved ones, wrapping around")
    func nextUnsolved() {
        let entries = FigureMenu.catalog(.soma)
        let names = entries.compactMap(\.figure?.name)
        var progress = Progress()
        progress.recordSolve(figure: names[1], Solved(moves: 7, seconds: 60))
        #expect(FigureMenu.nextUnsolved(after: names[0], in: entries, progress: progress)?.figure?.name == names[2])
        #expect(FigureMenu.nextUnsolved(after: names[0], in: entries, progress: progress,
                                        playable: { $0.name != names[2] })?.figure?.name == names[3])
        #expect(FigureMenu.nextUnsolved(after: names[names.count - 1], in: entries, progress: progress)?.figure?.name == names[0])
        for name in names.dropFirst() { progress.recordSolve(figure: name, Solved(moves: 7, seconds: 60)) }
        #expect(FigureMenu.nextUnsolved(after: names[0], in: entries, progress: progress) == nil, "the current one is not next")
        #expect(FigureMenu.nextUnsolved(after: "Own figure", in: entries, progress: Progress())?.figure?.name == names[0])
    }

    // MARK: The clock

    @Test("the play clock stands still while paused: only the time between moves and pauses counts")
    func clockPauses() {
        var c = PlayClock()
        c.pause(at: 5)
        c.resume(at: 8)
        #expect(c.elapsed(now: 9) == 0, "not started yet")
        c.start(at: 10)
        c.pause(at: 20)
        #expect(c.elapsed(now: 25) == 10 && c.elapsed(now: 100) == 10)
        c.pause(at: 30)                   // already paused: no change
        c.resume(at: 50)
        #expect(c.elapsed(now: 60) == 20)
        c.complete(moves: 3, now: 62)
        #expect(c.elapsed(now: 90) == 22)
    }

    @Test("help and the host's menu stop the cube's clock; closing them starts it again")
    func somaClockStops() {
        var m = Midend(screen: SomaSession(figure: Fixtures.cube))
        _ = m.handle(.character("1"), now: 5)
        _ = m.handle(.pageUp, now: 10)              // the clock starts
        _ = m.handle(.character("?"), now: 20)
        #expect(m.showsHelp && m.clock?.elapsed(now: 50) == 10)
        #expect(m.view(width: 100, height: 30, now: 50, style: .blocks256).text.split(separator: "\n")[0].contains("moves 1   0:10"))
        _ = m.handle(.character(" "), now: 50)      // closes the help, nothing else
        #expect(!m.showsHelp && m.clock?.elapsed(now: 60) == 20)
        _ = m.handle(.character("m"), now: 70)      // no menu here: the bell, and the clock runs on
        #expect(m.clock?.elapsed(now: 100) == 60)          // 10 before the help, 50 since it closed
    }

    @Test("help and the host's menu stop the pentomino clock too")
    func pentominoClockStops() {
        var m = Midend(screen: PentominoSession(board: PentominoGameTests.board6x10))
        _ = m.handle(.character("I"), now: 10)      // lifting a tile starts the clock
        _ = m.handle(.character("?"), now: 20)
        #expect(m.clock?.elapsed(now: 50) == 10)
        _ = m.handle(.character("x"), now: 50)
        #expect(m.clock?.elapsed(now: 60) == 20)
    }

    @Test("pentominoes: after the player's solve the news names the next board, and Enter opens it")
    func pentominoNext() throws {
        let tiny = PentominoGameTests.tinyBoard
        var s = Played(PentominoSession(board: tiny))
        s.midend = Midend(screen: s.screen, menu: [FigureMenu.Entry(name: "tiny", section: "Boards", figure: tiny),
                                                             FigureMenu.Entry(name: "6x10", section: "Boards", figure: PentominoGameTests.board6x10)])
        s.place("L", at: Cell(0, 0, 0), now: 1)
        s.place("D", at: Cell(1, 1, 0), now: 61)
        #expect(s.midend.solve == Solved(moves: 2, seconds: 60))
        #expect(s.midend.progress.records[RecordKey("tiny", .off)]?.timesSolved == 1, "the midend recorded it")
        #expect(s.midend.news == SolveNews(newBest: false, next: PentominoGameTests.board6x10.name))
        let top = s.midend.view(width: 80, height: 20, now: 70, style: .blocks256).text.split(separator: "\n")[0]
        // The news and, where there is room at 80 columns, the help and quit keys at the right.
        #expect(top == " tiny    Solved in 1:00, 2 moves. Enter: next board (\(PentominoGameTests.board6x10.name))       ? help  q quit")
        let bottom = s.midend.view(width: 80, height: 20, now: 61.5, style: .blocks256).text.split(separator: "\n").last
        #expect(bottom?.hasSuffix("Solved!   any key skips") == true, "the solved moment, as in the Soma game")
        #expect(s.handle(.enter, now: 70) == [.autosave])
        #expect(s.screen.facts.figureName == PentominoGameTests.board6x10.name, "Enter opened the next board")
    }
}
