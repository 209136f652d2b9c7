import Polycube
import Testing
@testable import Game

@Suite("SomaSession pointer")
struct SomaPointerTests {
    let session = SomaSession(figure: Fixtures.cube)

    @Test("a drag on a piece selects it, moves it cell by cell, and counts and undoes as one move")
    func drag() {
        var s = session
        let start = s.game.cells(ofPiece: 3)
        s.apply(SomaPointer.beginDrag(piece: 3), now: 0)
        #expect(s.game.selection == 3)
        s.apply(SomaPointer.drag(columns: 1, rows: 0), now: 0)
        #expect(s.game.cells(ofPiece: 3) == start)                              // half a cell: not yet
        s.apply(SomaPointer.drag(columns: 0.5, rows: 0), now: 0)
        #expect(s.game.cells(ofPiece: 3) == start.map { $0 + Cell(1, 0, 0) })   // more than half: one step
        s.apply(SomaPointer.drag(columns: 2.5, rows: 0), now: 0)
        #expect(s.game.cells(ofPiece: 3) == start.map { $0 + Cell(2, 0, 0) })
        s.apply(SomaPointer.drag(columns: 0, rows: -1), now: 0)
        #expect(s.game.cells(ofPiece: 3) == start.map { $0 + Cell(2, 1, 0) })
        s.apply(SomaPointer.endDrag, now: 0)
        #expect(s.game.moves == 1)
        s.apply(.undo, now: 0)
        #expect(s.game.cells(ofPiece: 3) == start)
    }

    @Test("a drag into another piece stops at it and shows why")
    func dragBlocked() {
        var s = session
        s.apply(SomaPointer.beginDrag(piece: 0), now: 0)
        s.apply(SomaPointer.drag(columns: 400, rows: 0), now: 0)
        #expect(s.game.feedback?.isRefusal == true)
        let cells = s.game.cells(ofPiece: 0)
        let others = Set(s.game.pieces.indices.filter { $0 != 0 }.flatMap { s.game.cells(ofPiece: $0) })
        #expect(!cells.contains(where: others.contains))
    }

    @Test("tap selects, tap on the selected piece turns it, tap on nothing deselects")
    func taps() {
        var s = session
        s.apply(SomaPointer.tap(piece: 2), now: 0)
        #expect(s.game.selection == 2)
        #expect(s.game.moves == 0)
        let before = Set(s.game.cells(ofPiece: 2))
        s.apply(SomaPointer.tap(piece: 2), now: 0)
        #expect(Set(s.game.cells(ofPiece: 2)) != before)
        #expect(s.game.moves == 1)
        s.apply(SomaPointer.tap(piece: nil), now: 0)
        #expect(s.game.selection == nil)
    }

    @Test("double tap drops, swipe tumbles, shake resets, orbit turns the arrow keys")
    func others() {
        var s = session
        s.apply(.select(.number(1)), now: 0)
        s.apply(.move(Cell(0, 0, 2)), now: 0)
        s.apply(SomaPointer.doubleTap(piece: 0), now: 0)
        #expect(s.game.cells(ofPiece: 0).map(\.z).min() == 0)
        s.apply(SomaPointer.swipe(piece: 1, .right), now: 0)
        #expect(s.game.selection == 1)
        #expect(s.game.cells(ofPiece: 1).map(\.z).max() == 2)   // L stood on its end
        s.apply(SomaPointer.shake, now: 0)
        #expect(s.game.poses == session.game.poses)
        s.apply(SomaPointer.orbit(columns: 12, rows: 0), now: 0)
        #expect(s.viewpoint != session.viewpoint)
    }
}

@Suite("SomaSession cancelled drag")
struct SomaCancelledDragTests {
    @Test("a cancelled drag takes its steps back; one that never moved undoes nothing")
    func cancel() {
        var s = SomaSession(figure: Fixtures.cube)
        s.apply(.select(.number(1)), now: 0)
        s.apply(.move(Cell(0, 0, 1)), now: 0)
        let raised = s.game.poses
        s.apply(SomaPointer.beginDrag(piece: 2), now: 0)
        s.apply(SomaPointer.drag(columns: 4, rows: 0), now: 0)
        #expect(s.game.poses != raised)
        s.apply(SomaPointer.cancelDrag, now: 0)
        #expect(s.game.poses == raised)
        s.apply(SomaPointer.beginDrag(piece: 2), now: 0)
        s.apply(SomaPointer.cancelDrag, now: 0)
        #expect(s.game.poses == raised)
    }
}
