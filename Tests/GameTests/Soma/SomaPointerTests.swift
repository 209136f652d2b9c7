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
        // The step a rightward drag means from this camera, and its length on screen.
        let step = s.viewpoint.worldStep(forScreen: 1, 0)
        let v = s.viewpoint.screenVector(of: step)
        s.apply(SomaPointer.beginDrag(piece: 3), now: 0)
        #expect(s.game.selection == 3)
        s.apply(SomaPointer.drag(columns: v.columns * 0.4, rows: v.rows * 0.4), now: 0)
        #expect(s.game.cells(ofPiece: 3) == start)                              // under half a cell: not yet
        s.apply(SomaPointer.drag(columns: v.columns * 0.2, rows: v.rows * 0.2), now: 0)
        #expect(s.game.cells(ofPiece: 3) == start.map { $0 + step })           // over half: one step
        s.apply(SomaPointer.drag(columns: v.columns, rows: v.rows), now: 0)
        #expect(s.game.cells(ofPiece: 3) == start.map { $0 + step + step })
        s.apply(SomaPointer.endDrag, now: 0)
        #expect(s.game.moves == 1)
        s.apply(.undo, now: 0)
        #expect(s.game.cells(ofPiece: 3) == start)
    }

    @Test("a drag that would push a piece through the floor stops and shows why")
    func dragBlocked() {
        var s = session
        s.apply(SomaPointer.beginDrag(piece: 0), now: 0)
        let down = s.viewpoint.worldStep(forScreen: 0, 1)
        #expect(down == Cell(0, 0, -1))                   // from above, dragging down lowers
        s.apply(SomaPointer.drag(columns: 0, rows: 40), now: 0)
        #expect(s.game.feedback == .refused(.belowFloor))
        #expect(s.game.poses == session.game.poses)
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
        let before = s.game.cells(ofPiece: 1)
        s.apply(SomaPointer.swipe(piece: 1, .right), now: 0)
        #expect(s.game.selection == 1)
        let (axis, turns) = s.viewpoint.tumble(for: .right)
        #expect(Shape(s.game.cells(ofPiece: 1)) == Shape(before.map(axis.rotation(quarterTurns: turns).apply)))
        s.apply(SomaPointer.shake, now: 0)
        #expect(s.game.poses == session.game.poses)
        s.apply(SomaPointer.orbit(columns: 30, rows: 0), now: 0)
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
