@testable import Polycube
import Testing
@testable import Game

@Suite("PentominoGame")
struct PentominoGameTests {
    static let board6x10 = Figure(name: "6x10", cells: (0..<60).map { Cell($0 % 10, $0 / 10, 0) }, pieceSet: .pentominoes)
    static let tinyFlat = PieceSet(name: "tiny", pieces: Fixtures.tinySet.pieces, orientationGroup: Isometry.planar, isFlat: true)
    static let tinyBoard = Figure(name: "tiny", cells: Fixtures.tinyFigure.cells, pieceSet: tinyFlat)

    let game = PentominoGame(board: board6x10)

    /// Lifts `letter`, carries it so its pose offset becomes `offset`, and drops it.
    /// Lifts tile `letter`, carries it to `offset` and drops it; what the commands asked.
    @discardableResult
    func place(_ g: inout PentominoGame, _ letter: Character, at offset: Cell, now: Double = 0) -> [GameEffect] {
        var effects = g.apply(.lift(letter), now: now)
        let i = g.tiles.firstIndex { $0.letter == letter }!
        let d = offset - g.poses[i].offset
        effects += g.apply(.move(dx: d.x, dy: d.y), now: now)
        effects += g.apply(.drop, now: now)
        return effects
    }

    /// The same, through the midend (which keeps the move list).
    func place(_ g: inout Played<PentominoSession>, _ letter: Character, at offset: Cell, now: Double = 0) {
        g.apply(.lift(letter), now: now)
        let i = g.game.tiles.firstIndex { $0.letter == letter }!
        let d = offset - g.game.poses[i].offset
        g.apply(.move(dx: d.x, dy: d.y), now: now)
        g.apply(.drop, now: now)
    }

    @Test("twelve tiles start around the board, off it and apart, each with its own colour")
    func layout() {
        #expect(game.tiles.map(\.letter) == Array("FILNPTUVWXYZ"))
        #expect(Set(game.tiles.map(\.color)).count == 12)
        var seen = Set<Cell>()
        for i in game.tiles.indices {
            let cells = game.cells(ofTile: i)
            #expect(!cells.contains(where: game.boardCells.contains))
            #expect(!cells.contains(where: seen.contains))
            seen.formUnion(cells)
        }
        #expect(game.tilesOnBoard == 0)
        #expect(game.lifted == nil)
    }

    @Test("a tile dropped wholly on free board squares stays there and counts")
    func legalDrop() {
        var g = game
        place(&g, "I", at: Cell(0, 0, 0), now: 5)
        let i = g.tiles.firstIndex { $0.letter == "I" }!
        #expect(g.cells(ofTile: i) == (0..<5).map { Cell($0, 0, 0) })
        #expect(g.isOnBoard(i))
        #expect(g.lifted == nil)
        #expect(g.moves == 1)
        #expect(g.feedback == nil)
        #expect(g.play.started)
    }

    @Test("a tile dropped partly off the board goes back where it came from, with a cue")
    func dropOffBoard() {
        var g = game
        let effects = place(&g, "I", at: Cell(7, 0, 0))
        #expect(g.poses == game.poses)
        #expect(g.feedback == .refused(.outsideBoard))
        #expect(g.moves == 0)
        #expect(!effects.contains(.moved), "no move for undo to take back")
    }

    @Test("a tile dropped onto another goes back where it came from, with a cue")
    func dropOnto() {
        var g = game
        place(&g, "I", at: Cell(0, 0, 0))
        let afterI = g.poses
        place(&g, "L", at: Cell(0, 0, 0))
        #expect(g.poses == afterI)
        #expect(g.feedback == .refused(.overlap("I")))
        #expect(g.moves == 1)
    }

    @Test("a click lifts a tile only on its own squares, not its bounding box")
    func hitOwnSquares() {
        var g = game
        let x = g.tiles.firstIndex { $0.letter == "X" }!
        let corner = g.poses[x].offset          // X's box corner is empty
        #expect(!g.cells(ofTile: x).contains(corner))
        g.apply(.liftAt(corner), now: 0)
        #expect(g.lifted == nil)
        g.apply(.liftAt(g.cells(ofTile: x)[0]), now: 0)
        #expect(g.lifted == x)
        #expect(g.cursor == g.cells(ofTile: x)[0])
    }

    @Test("four clockwise turns and two turn-overs give the tile back; the centre stays put")
    func turns() {
        var g = game
        g.apply(.turn(clockwise: true), now: 0)
        #expect(g.feedback == .refused(.nothingInHand))
        g.apply(.lift("F"), now: 0)
        let f = g.tiles.firstIndex { $0.letter == "F" }!
        let held = g.cells(ofTile: f)
        g.apply(.turn(clockwise: true), now: 0)
        #expect(Set(g.cells(ofTile: f)) != Set(held))
        #expect(g.cells(ofTile: f).contains(g.cursor))
        #expect(Shape(g.cells(ofTile: f)) == g.tiles[f].shape.transformed(by: Axis.z.rotation(quarterTurns: -1)))
        for _ in 0..<3 { g.apply(.turn(clockwise: true), now: 0) }
        #expect(Set(g.cells(ofTile: f)) == Set(held))
        g.apply(.turnOver, now: 0)
        #expect(Shape(g.cells(ofTile: f)) == g.tiles[f].shape.transformed(by: .mirrorX))
        g.apply(.turnOver, now: 0)
        g.apply(.turn(clockwise: false), now: 0)
        g.apply(.turn(clockwise: true), now: 0)
        #expect(Set(g.cells(ofTile: f)) == Set(held))
        #expect(g.moves == 0)
    }

    @Test("put back returns the tile to its home around the board")
    func putBack() {
        var g = game
        place(&g, "T", at: Cell(2, 2, 0))
        let t = g.tiles.firstIndex { $0.letter == "T" }!
        g.apply(.move(dx: 0, dy: 3), now: 0)        // off T: nothing to lift there
        g.apply(.liftAtCursor, now: 0)
        #expect(g.lifted == nil)
        #expect(g.feedback == .refused(.noSuchPiece))
        g.apply(.move(dx: 0, dy: -3), now: 0)       // back on T's centre square
        g.apply(.liftAtCursor, now: 0)
        #expect(g.lifted == t)
        g.apply(.putBack, now: 0)
        #expect(g.poses == game.poses)
        #expect(g.lifted == nil)
        #expect(g.moves == 2)
    }

    @Test("undo puts a lifted tile down where it was, then undoes drops; redo replays")
    func undoRedo() {
        var g = Played(game)
        place(&g, "I", at: Cell(0, 0, 0))
        let placed = g.game.poses
        g.apply(.lift("P"), now: 0)
        g.apply(.move(dx: 1, dy: 0), now: 0)
        g.apply(.undo, now: 0)
        #expect(g.game.lifted == nil)
        #expect(g.game.poses == game.poses)
        g.apply(.redo, now: 0)
        #expect(g.game.poses == placed)
        g.apply(.redo, now: 0)
        #expect(g.midend.said == .refused(.nothingToRedo))
    }

    @Test("the cursor moves on its own when nothing is lifted and stays in the play area")
    func cursor() {
        var g = game
        let start = g.cursor
        g.apply(.move(dx: 1, dy: -1), now: 0)
        #expect(g.cursor == start + Cell(1, -1, 0))
        #expect(g.poses == game.poses)
        g.apply(.move(dx: -1000, dy: 0), now: 0)
        let left = g.cursor.x
        g.apply(.move(dx: -1, dy: 0), now: 0)
        #expect(g.cursor.x == left)
    }

    @Test("completion exactly when the last tile covers the board")
    func completion() {
        var g = Played(PentominoGame(board: Self.tinyBoard))
        place(&g, "L", at: Cell(0, 0, 0), now: 10)
        #expect(!g.game.isComplete)
        #expect(g.midend.solve == nil)
        place(&g, "D", at: Cell(1, 1, 0), now: 25)
        #expect(g.game.isComplete)
        #expect(g.midend.solve == Solved(moves: 2, seconds: 15))
        #expect(g.game.tilesOnBoard == 2)
    }
}

@Suite("PentominoGame drop problem")
struct PentominoDropProblemTests {
    @Test("the tile in hand knows before it is let go whether it can go down")
    func dropProblem() {
        var g = PentominoGame(board: PentominoGameTests.board6x10)
        #expect(g.dropProblem == nil)
        g.apply(.lift("I"), now: 0)
        let i = g.tiles.firstIndex { $0.letter == "I" }!
        let d = Cell(0, 0, 0) - g.poses[i].offset
        g.apply(.move(dx: d.x, dy: d.y), now: 0)
        #expect(g.dropProblem == nil)
        g.apply(.move(dx: 7, dy: 0), now: 0)
        #expect(g.dropProblem == .outsideBoard)
    }
}
