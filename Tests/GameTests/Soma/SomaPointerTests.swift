@testable import Scene
import Foundation
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
        // From the start view (yaw 45 degrees, pitch arctan(1/sqrt 2)), +x is the lattice step
        // drawn rightmost; at zoom z columns per unit it goes z cos 45 columns right and
        // z sin 45 sin(pitch) / 2 rows down (a row is two columns tall).
        let step = Cell(1, 0, 0)
        #expect(s.viewpoint.worldStep(forScreen: 1, 0) == step)
        let zoom = s.viewpoint.camera.zoom, pitch = atan(1 / 2.0.squareRoot())
        let v = (columns: zoom * cos(Double.pi / 4), rows: zoom * sin(Double.pi / 4) * sin(pitch) / 2)
        let drawn = s.viewpoint.screenVector(of: step)
        #expect(abs(drawn.columns - v.columns) < 1e-9 && abs(drawn.rows - v.rows) < 1e-9)
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
        // A flick right turns the piece a quarter turn about the vertical, anticlockwise seen
        // from above: its front (toward the viewer) goes right.
        #expect(Shape(s.game.cells(ofPiece: 1)) == Shape(before.map(Axis.z.rotation(quarterTurns: 1).apply)))
        #expect(Shape(s.game.cells(ofPiece: 1)) != Shape(before))
        s.apply(SomaPointer.shake, now: 0)
        #expect(s.game.poses == session.game.poses)
        s.apply(SomaPointer.orbit(columns: 30, rows: 0), now: 0)
        // 1.5 degrees per column; dragging right turns the view clockwise seen from above.
        #expect(abs(s.viewpoint.camera.yaw - (Double.pi / 4 - 45 * Double.pi / 180)) < 1e-9)
        #expect(s.viewpoint.camera.pitch == session.viewpoint.camera.pitch)
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
