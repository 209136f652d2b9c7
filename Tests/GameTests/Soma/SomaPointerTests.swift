@testable import Scene
import Foundation
import Polycube
import Testing
@testable import Game

@Suite("SomaSession pointer")
struct SomaPointerTests {
    let session = SomaSession(figure: Fixtures.cube)

    /// The pointer travel, in (columns, rows), that carries a piece by `d` over the floor: the
    /// sum of the pictures of d.x x steps and d.y y steps.
    static func travel(_ d: Cell, in s: SomaSession) -> (columns: Double, rows: Double) {
        let x = s.viewpoint.screenVector(of: Cell(1, 0, 0)), y = s.viewpoint.screenVector(of: Cell(0, 1, 0))
        return (Double(d.x) * x.columns + Double(d.y) * y.columns, Double(d.x) * x.rows + Double(d.y) * y.rows)
    }

    @Test("a drag on a piece selects it and carries it over the floor plane; the carry and the drop are one move")
    func drag() {
        var s = Played(session)
        let start = s.game.poses[3]
        // From the start view (yaw 45 degrees, pitch arctan(1/sqrt 2)), an x step is drawn
        // z cos 45 columns right and z sin 45 sin(pitch) / 2 rows down at zoom z.
        let zoom = s.viewpoint.camera.zoom, pitch = atan(1 / 2.0.squareRoot())
        let v = (columns: zoom * cos(Double.pi / 4), rows: zoom * sin(Double.pi / 4) * sin(pitch) / 2)
        let drawn = s.viewpoint.screenVector(of: Cell(1, 0, 0))
        #expect(abs(drawn.columns - v.columns) < 1e-9 && abs(drawn.rows - v.rows) < 1e-9)
        s.apply(SomaPointer.beginDrag(piece: 3), now: 0)
        #expect(s.game.selection == 3)
        s.apply(SomaPointer.drag(columns: v.columns * 0.4, rows: v.rows * 0.4), now: 0)
        #expect(s.game.poses[3] == start)                                        // under half a cell: not yet
        s.apply(SomaPointer.drag(columns: v.columns * 0.2, rows: v.rows * 0.2), now: 0)
        #expect(s.game.poses[3].offset == start.offset + Cell(1, 0, 0))          // over half: one cell
        s.apply(SomaPointer.drag(columns: v.columns, rows: v.rows), now: 0)
        #expect(s.game.poses[3].offset == start.offset + Cell(2, 0, 0))
        s.apply(SomaPointer.endDrag, now: 0)
        #expect(s.game.moves == 1)
        s.apply(.undo, now: 0)
        #expect(s.game.poses == session.game.poses)
    }

    @Test("dragging toward the back of the screen slides the piece away on its layer, never up; toward the viewer, never down")
    func dragKeepsHeight() {
        var s = session
        let start = s.game.poses[0]
        s.apply(SomaPointer.beginDrag(piece: 0), now: 0)
        // Five rows up the screen: the floor recedes, so the piece goes away from the viewer
        // (in the start view, north-west: -x, +y) and stays on the floor.
        s.apply(SomaPointer.drag(columns: 0, rows: -5), now: 0)
        let away = s.game.poses[0].offset - start.offset
        #expect(away.z == 0 && away.x < 0 && away.y > 0 && away.x == -away.y)
        s.apply(SomaPointer.drag(columns: 0, rows: 8), now: 0)   // 3 rows toward the viewer, net
        let toward = s.game.poses[0].offset - start.offset
        #expect(toward.z == 0 && toward.x > 0 && toward.y < 0)
        s.apply(SomaPointer.endDrag, now: 0)
        #expect(s.game.poses[0].offset.z == 0 && s.game.feedback == nil)
    }

    @Test("a piece carried over another hovers just above it, and the release drops it onto it, as one move")
    func hoverAndDrop() {
        var s = Played(session)
        s.apply(.select(.number(1)), now: 0)
        s.apply(.move(Cell(0, 0, 2)), now: 0)         // V in the air: the carry keeps its layer
        let before = s.game
        let target = s.game.cells(ofPiece: 3)[0] - s.game.cells(ofPiece: 1)[0]   // L's first cube onto Z's
        s.apply(SomaPointer.beginDrag(piece: 1), now: 0)
        let t = Self.travel(target, in: s.screen)
        s.apply(SomaPointer.drag(columns: t.columns, rows: t.rows), now: 0)
        let hovering = s.game.cells(ofPiece: 1)
        #expect(hovering.map(\.z).min() == 1)             // one level up: Z lies flat on the floor
        #expect(Set(hovering).isDisjoint(with: s.game.cells(ofPiece: 3)))
        s.apply(SomaPointer.endDrag, now: 0)
        #expect(s.game.cells(ofPiece: 1) == hovering)      // already resting on Z: the drop keeps it
        #expect(s.game.moves == before.moves + 1)
        s.apply(.undo, now: 0)
        #expect(s.game.poses == before.poses)
    }

    @Test("let go where it has no room, the piece goes back where it came from and the bottom line says so")
    func noRoom() {
        var s = session
        // Seen level with the floor (pitch 0), a row spans the whole floor: a carry finds no spot.
        let pitch = s.viewpoint.camera.pitch
        s.apply(SomaPointer.orbit(columns: 0, rows: -pitch * 180 / .pi / 1.5 / 2), now: 0)
        #expect(abs(s.viewpoint.camera.pitch) < 1e-9)
        s.apply(SomaPointer.beginDrag(piece: 2), now: 0)
        s.apply(SomaPointer.drag(columns: 0, rows: -3), now: 0)
        s.apply(SomaPointer.endDrag, now: 0)
        #expect(s.game.poses == session.game.poses)
        #expect(s.game.feedback == .refused(.noRoom))
        #expect(s.game.feedback?.message == "No room there: back where it came from")
        #expect(s.game.moves == 0)
    }

    @Test("tap selects, tap on the selected piece turns it, tap on nothing deselects")
    func taps() {
        var s = session
        s.apply(SomaPointer.tap(piece: 2), now: 0)
        #expect(s.game.selection == 2)
        #expect(s.game.moves == 0)
        let before = Set(s.game.cells(ofPiece: 2))
        // The turn the second tap makes: about the line of sight (the view's spin), as the
        // game's own turn command does it from the same position.
        var expected = s.game
        let (axis, turns) = s.viewpoint.spin
        _ = expected.apply(.turn(axis, by: turns), now: 0)
        s.apply(SomaPointer.tap(piece: 2), now: 0)
        #expect(Set(s.game.cells(ofPiece: 2)) == Set(expected.cells(ofPiece: 2)))
        #expect(Set(s.game.cells(ofPiece: 2)) != before, "a turn that changes the piece")
        #expect(s.game.poses == expected.poses, "only piece 2 moved")
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
        #expect(s.game.feedback == .note("Shaken: all pieces back to the start (u undoes it)"))
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
        var s = Played(SomaSession(figure: Fixtures.cube))
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
