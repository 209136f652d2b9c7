import Polycube
import Testing
@testable import Game

@Suite("SomaGame")
struct SomaGameTests {
    let game = SomaGame(figure: Fixtures.cube)

    @Test("start layout: seven pieces on the floor, off the figure's footprint, one cell apart")
    func startLayout() {
        #expect(game.pieces.map(\.letter) == ["V", "L", "T", "Z", "A", "B", "P"])
        #expect(game.poses == game.startPoses)
        let footprint = Set(Fixtures.cube.cells.map { Cell($0.x, $0.y, 0) })
        var seen: [Cell: Int] = [:]
        for i in game.pieces.indices {
            let cells = game.cells(ofPiece: i)
            #expect(cells.map(\.z).min() == 0, "piece \(i) rests on the floor")
            for c in cells {
                #expect(!footprint.contains(Cell(c.x, c.y, 0)), "piece \(i) is off the footprint")
                for n in Cell(c.x, c.y, 0).ring {
                    if let j = seen[n] { #expect(j == i, "pieces \(j) and \(i) keep a gap") }
                }
            }
            for c in cells { seen[Cell(c.x, c.y, 0)] = i }
        }
        #expect(game.piecesInPlace == 0)
        #expect(!game.isComplete)
    }

    @Test("the seed changes the layout, the same seed gives the same layout")
    func seededLayout() {
        let a = SomaGame(figure: Fixtures.cube, layoutSeed: 7)
        #expect(a.startPoses == SomaGame(figure: Fixtures.cube, layoutSeed: 7).startPoses)
        #expect(a.startPoses != game.startPoses)
    }

    @Test("selection by Tab order, number, letter, index and none")
    func selection() {
        var g = game
        g.apply(.select(.next), now: 0)
        #expect(g.selection == 0)
        g.apply(.select(.previous), now: 0)
        g.apply(.select(.previous), now: 0)
        #expect(g.selection == 5)
        g.apply(.select(.number(3)), now: 0)
        #expect(g.selection == 2)
        g.apply(.select(.letter("p")), now: 0)
        #expect(g.selection == 6)
        g.apply(.select(.number(8)), now: 0)
        #expect(g.selection == 6)
        #expect(g.feedback == .refused(.noSuchPiece))
        g.apply(.select(.none), now: 0)
        #expect(g.selection == nil)
        #expect(g.moves == 0)
    }

    @Test("a move shifts the selected piece by exactly the delta and counts once")
    func move() {
        var g = game
        g.apply(.select(.number(1)), now: 10)
        let before = g.cells(ofPiece: 0)
        g.apply(.move(Cell(1, 0, 0)), now: 12)
        #expect(g.cells(ofPiece: 0) == before.map { $0 + Cell(1, 0, 0) })
        #expect(g.moves == 1)
        #expect(g.play.started)
        #expect(g.feedback == nil)
        // The midend's clock runs from that first move (a selection is none).
        var m = Played(game)
        m.apply(.select(.number(1)), now: 10)
        #expect(m.midend.clock?.elapsed(now: 11) == 0)
        m.apply(.move(Cell(1, 0, 0)), now: 12)
        #expect(m.midend.clock?.elapsed(now: 20) == 8)
    }

    @Test("moves are refused below the floor, onto another piece, and without a selection")
    func refusals() {
        var g = Played(game)
        g.apply(.move(Cell(1, 0, 0)), now: 0)
        #expect(g.game.feedback == .refused(.noSelection))
        g.apply(.select(.number(2)), now: 0)
        g.apply(.move(Cell(0, 0, -1)), now: 0)
        #expect(g.game.feedback == .refused(.belowFloor))
        // Move L straight onto T's first cube.
        let delta = g.game.cells(ofPiece: 2)[0] - g.game.cells(ofPiece: 1)[0]
        g.apply(.move(delta), now: 0)
        #expect(g.game.feedback == .refused(.overlap("T")))
        #expect(g.game.poses == game.poses)
        #expect(g.game.moves == 0)
        #expect(!g.midend.canUndo)
    }

    @Test("a quarter turn about z keeps the piece in place and four make the identity")
    func turn() {
        var g = game
        g.apply(.select(.number(2)), now: 0)   // L, flat
        let before = Set(g.cells(ofPiece: 1))
        g.apply(.turn(.z, by: 1), now: 0)
        let after = g.cells(ofPiece: 1)
        #expect(Set(after) != before)
        #expect(Shape(after) == g.pieces[1].shape.transformed(by: g.startPoses[1].orientation.then(.quarterTurnZ)))
        #expect(after.allSatisfy { $0.z == 0 })
        for _ in 0..<3 { g.apply(.turn(.z, by: 1), now: 0) }
        #expect(Set(g.cells(ofPiece: 1)) == before)
        #expect(g.moves == 1, "four turns of one piece in hand are one move")
    }

    @Test("a turn that would go below the floor is lifted back onto it")
    func turnResnaps() {
        var g = game
        g.apply(.select(.number(2)), now: 0)   // L lies flat; stand it up about x
        g.apply(.turn(.x, by: 1), now: 0)
        let cells = g.cells(ofPiece: 1)
        #expect(cells.map(\.z).min() == 0)
        #expect(cells.map(\.z).max() == 1)
    }

    @Test("drop lets a raised piece fall to the floor; on a resting piece it is a harmless note, not a refusal")
    func drop() {
        var g = game
        g.apply(.select(.number(1)), now: 0)
        g.apply(.drop, now: 0)
        #expect(g.feedback == .note("Already resting"))
        #expect(g.feedback?.isRefusal == false)
        g.apply(.move(Cell(0, 0, 3)), now: 0)
        g.apply(.drop, now: 0)
        #expect(g.poses == game.poses)
        #expect(g.moves == 1, "raised and dropped: one handling")
    }

    @Test("drop stops on top of another piece")
    func dropOntoPiece() {
        var g = game
        g.apply(.select(.number(2)), now: 0)
        // Put L two levels above T's first cube, offset so only one cube is over T.
        let t = g.cells(ofPiece: 2)
        let l = g.cells(ofPiece: 1)
        g.apply(.move(Cell(0, 0, 5)), now: 0)
        g.apply(.move(t[0] - l[0]), now: 0)
        #expect(g.feedback == nil)
        g.apply(.drop, now: 0)
        #expect(g.cells(ofPiece: 1).map(\.z).min() == 1)
    }

    @Test("undo and redo walk the history; a new move clears redo")
    func undoRedo() {
        var g = Played(game)
        g.apply(.select(.number(1)), now: 0)
        g.apply(.move(Cell(1, 0, 0)), now: 0)
        let once = g.game.poses
        g.apply(.move(Cell(0, 1, 0)), now: 0)
        g.apply(.undo, now: 0)
        #expect(g.game.poses == once)
        g.apply(.undo, now: 0)
        #expect(g.game.poses == game.poses)
        g.apply(.undo, now: 0)
        #expect(g.midend.said == .refused(.nothingToUndo), "the midend's to say")
        g.apply(.redo, now: 0)
        #expect(g.game.poses == once)
        g.apply(.move(Cell(0, 0, 1)), now: 0)
        g.apply(.redo, now: 0)
        #expect(g.midend.said == .refused(.nothingToRedo))
    }

    @Test("reset pieces restores the start layout and is undoable")
    func reset() {
        var g = Played(game)
        g.apply(.select(.number(4)), now: 0)
        g.apply(.move(Cell(0, 0, 2)), now: 0)
        let moved = g.game.poses
        g.apply(.resetPieces, now: 0)
        #expect(g.game.poses == game.startPoses)
        g.apply(.undo, now: 0)
        #expect(g.game.poses == moved)
    }

    @Test("completion is detected exactly when the last piece fills the figure")
    func completion() throws {
        let solution = try #require(Fixtures.solution(of: Fixtures.cube, pieces: game.pieces,
                                                      firstOrientation: game.startPoses[0].orientation))
        var poses = solution
        poses[0] = game.startPoses[0]
        var g = Played(try #require(SomaGame(figure: Fixtures.cube, poses: poses)))
        #expect(g.game.piecesInPlace == 6)
        #expect(!g.game.isComplete)
        g.apply(.select(.letter("V")), now: 100)
        g.apply(.move(Cell(0, 0, 1)), now: 100)
        #expect(!g.game.completed && g.midend.solve == nil)
        let delta = solution[0].offset - g.game.poses[0].offset
        g.apply(.move(delta), now: 130)
        #expect(g.game.isComplete)
        #expect(g.game.piecesInPlace == 7)
        #expect(g.midend.solve == Solved(moves: 1, seconds: 30), "V raised and moved in: one handling")
        #expect(g.midend.clock?.elapsed(now: 500) == 30)
        g.apply(.move(Cell(0, 0, 5)), now: 140)
        #expect(!g.game.isComplete)
        #expect(g.game.completed && g.midend.solve == Solved(moves: 1, seconds: 30))
    }

    @Test("a saved position that overlaps or names other pieces is rejected")
    func restoreValidation() {
        var poses = game.startPoses
        poses[1] = poses[2]
        poses[1].piece = "L"
        #expect(SomaGame(figure: Fixtures.cube, poses: Array(game.startPoses.prefix(6))) == nil)
        #expect(SomaGame(figure: Fixtures.cube, poses: game.startPoses.reversed()) == nil)
        #expect(SomaGame(figure: Fixtures.cube, poses: game.startPoses) != nil)
    }

    @Test("the hint request covers the open cells and the unplaced pieces; stale answers are ignored")
    func hintRequest() throws {
        var g = game
        let effects = g.apply(.hint, now: 0)
        let request = try #require(effects.first.map { effect -> HintRequest in
            if case .computeHint(let r) = effect { return r }
            fatalError("unexpected effect")
        })
        #expect(request.figure == Fixtures.cube)
        #expect(request.preferred == Array("VLTZABP"))
        #expect(request.fixed.isEmpty)
        let answer = HintResult(fixed: [], completions: 5, reachedLimit: false, suggestion: nil)
        g.apply(.hintArrived(answer), now: 0)
        #expect(g.hint == answer)
        #expect(g.feedback == .note("Hint: 5 solutions, turns counted apart"))
        g.apply(.select(.number(1)), now: 0)
        g.apply(.move(Cell(0, 0, 1)), now: 0)
        #expect(g.hint == nil)
        let stale = HintResult(fixed: [g.poses[3]], completions: 0, reachedLimit: false, suggestion: nil)
        g.apply(.hintArrived(stale), now: 0)
        #expect(g.hint == nil)
    }

    @Test("pre-placed cubes are obstacles and are not among the movable pieces")
    func preplaced() {
        let figure = Figure(name: "with V", cells: Fixtures.cube.cells,
                            preplaced: [(letter: "V", cells: [Cell(0, 0, 0), Cell(1, 0, 0), Cell(0, 1, 0)])])
        let g = SomaGame(figure: figure)
        #expect(g.pieces.map(\.letter) == ["L", "T", "Z", "A", "B", "P"])
        #expect(g.target.count == 24)
        #expect(g.fixed.count == 3)
    }
}
