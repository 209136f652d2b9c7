import Gestures
import Polycube
import Testing
@testable import Game

/// Issue 24: a dragged tile lands where the hand is. Through the real gesture pipeline (a
/// `GestureManager`, the `PentominoDirector`, the session), at every board scale, drags of 1-6
/// squares across, down and diagonally, reported one screen cell at a time every 20-150 ms: the
/// grabbed square is under the pointer while the tile is in hand, and after the release the tile
/// lies with its grabbed square on the square where the pointer let go (or, where the tile does
/// not fit, back where it came from).
@Suite("PentominoDirector: drags land where the hand is")
struct PentominoDragMatrixTests {
    /// Screen sizes giving each board picture: the compact one (80x24) and the large ones.
    static let sizes = [(80, 24), (100, 32), (120, 40)]
    static let directions = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]

    struct Case: CustomTestStringConvertible, Sendable {
        let width: Int, height: Int, dx: Int, dy: Int, interval: Int64
        var testDescription: String { "\(width)x\(height) by (\(dx),\(dy)) every \(interval) ms" }
    }

    static let cases: [Case] = sizes.flatMap { size in
        directions.flatMap { d in
            (1...6).map { n in
                Case(width: size.0, height: size.1, dx: d.0 * n, dy: d.1 * n, interval: [20, 60, 150][(n + d.0 + 2) % 3])
            }
        }
    }

    @Test("the grabbed square follows the pointer and lands on the square of the release", arguments: cases)
    func drag(_ c: Case) throws {
        let rig = DirectorRig()
        let director = PentominoDirector(manager: rig.manager)
        var session = PentominoSession(board: PentominoGameTests.board6x10)
        // The L, put down in the middle of the board (it hangs from the cursor there).
        session.apply(.lift("L"), now: 0)
        session.apply(.drop, now: 0)
        let i = session.game.tiles.firstIndex { $0.letter == "L" }!
        try #require(session.game.isOnBoard(i))
        let canvas = session.view(width: c.width, height: c.height, now: 0)
        let start = session.game.cells(ofTile: i)
        let grabbed = try #require(start.first { cell in
            let p = session.screenPosition(of: cell, width: c.width, height: c.height)
            return PentominoSession.square(atColumn: p.column, row: p.row, in: canvas) == cell
        })
        let from = session.screenPosition(of: grabbed, width: c.width, height: c.height)
        let goal = grabbed + Cell(c.dx, c.dy, 0)
        let to = session.screenPosition(of: goal, width: c.width, height: c.height)
        // Every square on the board is on screen at every scale; off it, the tray may be cut.
        guard PentominoSession.square(atColumn: to.column, row: to.row, in: canvas) == goal else {
            #expect(!session.game.boardCells.contains(goal), "a board square is on screen")
            return
        }
        // One report per screen cell crossed, along the straight line.
        let id = rig.down(Double(from.column), Double(from.row), node: i, at: 0)
        let n = max(abs(to.column - from.column), abs(to.row - from.row))
        var t: Int64 = 0
        for k in 1...n {
            t += c.interval
            rig.move(id, Double(from.column + (to.column - from.column) * k / n), Double(from.row + (to.row - from.row) * k / n), at: t)
        }
        director.flush(into: &session, width: c.width, height: c.height, now: 1)
        // In hand: the grabbed square is where the pointer is.
        let held = session.game.cells(ofTile: i)
        #expect(held == start.map { $0 + (goal - grabbed) }, "in hand, the grabbed square is under the pointer")
        rig.up(id, Double(to.column), Double(to.row), at: t + c.interval)
        director.flush(into: &session, width: c.width, height: c.height, now: 2)
        #expect(session.game.lifted == nil)
        let moved = start.map { $0 + (goal - grabbed) }
        let fits = moved.allSatisfy { session.game.boardCells.contains($0) }
            && !session.game.tiles.indices.contains { $0 != i && session.game.cells(ofTile: $0).contains(where: moved.contains) }
        #expect(session.game.cells(ofTile: i) == (fits ? moved : start))
    }

    @Test("a click with a tile in hand puts its grabbed square on the clicked square")
    func clickToPlace() throws {
        var session = PentominoSession(board: PentominoGameTests.board6x10)
        let i = session.game.tiles.firstIndex { $0.letter == "L" }!
        let grabbed = session.game.cells(ofTile: i)[2]
        session.apply(PentominoPointer.tap(grabbed), now: 0)         // picked up by that square
        #expect(session.game.lifted == i)
        let offsets = session.game.cells(ofTile: i).map { $0 - grabbed }
        let square = Cell(4, 2, 0)
        session.apply(PentominoPointer.tap(square), now: 1)
        #expect(session.game.lifted == nil)
        #expect(session.game.cells(ofTile: i) == offsets.map { $0 + square })
    }
}
