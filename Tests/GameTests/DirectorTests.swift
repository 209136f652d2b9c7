import Foundation
import Gestures
import Polycube
@testable import Scene
import Testing
@testable import Game

/// Drives the directors through a real `GestureManager` with a manual clock: the recognizer
/// graph decides what a sequence of touches is, the director turns it into session changes.
final class DirectorRig {
    let clock = ManualClock()
    let manager: GestureManager
    private var next: UInt64 = 0
    private(set) var time: Int64 = 0

    init() { manager = GestureManager(clock: clock) }

    /// A mouse touch at (column, row) starting on `node` (a piece index) or on nothing.
    func down(_ column: Double, _ row: Double, node: Int?, at t: Int64) -> TouchID {
        next += 1
        let id = TouchID(next)
        set(t)
        let hit = HitResult(path: [.root], node: node.map(NodeID.init))
        manager.handle([.began(id, at: iso(column, row), hit: hit)], at: .ms(t))
        return id
    }

    func move(_ id: TouchID, _ column: Double, _ row: Double, at t: Int64) {
        set(t)
        manager.handle([.moved(id, to: iso(column, row))], at: .ms(t))
    }

    func up(_ id: TouchID, at t: Int64) {
        set(t)
        manager.handle([.ended(id)], at: .ms(t))
    }

    /// A release reported at (column, row), as a terminal's SGR release report says where.
    func up(_ id: TouchID, _ column: Double, _ row: Double, at t: Int64) {
        set(t)
        manager.handle([.ended(id, at: iso(column, row))], at: .ms(t))
    }

    func tick(_ t: Int64) {
        set(t)
        manager.tick()
    }

    private func set(_ t: Int64) {
        time = t
        clock.set(.ms(t))
    }

    private func iso(_ column: Double, _ row: Double) -> GPoint { manager.metrics.iso(col: Int(column), row: Int(row)) }
}

@Suite("SomaDirector")
struct SomaDirectorTests {
    @Test("a slow drag on a piece carries it over the floor, as one move")
    func dragPiece() {
        let rig = DirectorRig()
        let director = SomaDirector(manager: rig.manager)
        var session = SomaSession(figure: Fixtures.cube)
        let start = session.game.cells(ofPiece: 1)
        let id = rig.down(40, 10, node: 1, at: 0)
        for k in 1...20 { rig.move(id, 40 + Double(k), 10, at: Int64(k) * 100) }
        rig.up(id, at: 2100)
        director.flush(into: &session, now: 3)
        #expect(session.game.selection == 1)
        // 20 columns right: in the start view that is the floor's (1, 1) diagonal, 20 / zoom
        // lattice units long, so (20 / zoom) / sqrt 2 cells along x and along y, on the floor.
        let k = Int((20 / session.viewpoint.camera.zoom / 2.0.squareRoot()).rounded())
        #expect(k == 3)
        #expect(session.game.cells(ofPiece: 1) == start.map { $0 + Cell(k, k, 0) })
        #expect(session.game.moves == 1)
        for j in session.game.pieces.indices where j != 1 { #expect(session.game.poses[j] == session.game.startPoses[j]) }
    }

    @Test("a drag on empty space orbits the camera and moves no piece")
    func dragSpace() {
        let rig = DirectorRig()
        let director = SomaDirector(manager: rig.manager)
        var session = SomaSession(figure: Fixtures.cube)
        let before = session.viewpoint
        let id = rig.down(5, 5, node: nil, at: 0)
        for k in 1...10 { rig.move(id, 5 + Double(2 * k), 5, at: Int64(k) * 50) }
        rig.up(id, at: 600)
        director.flush(into: &session, now: 1)
        // 20 columns right at 1.5 degrees per column: the view turns 30 degrees, clockwise seen
        // from above; the elevation stays.
        #expect(abs(session.viewpoint.camera.yaw - (before.camera.yaw - 30 * Double.pi / 180)) < 1e-9)
        #expect(session.viewpoint.camera.pitch == before.camera.pitch)
        #expect(session.game.poses == session.game.startPoses)
    }

    @Test("a click selects a piece once the double-click window has passed; a double click drops it")
    func clicks() {
        let rig = DirectorRig()
        let director = SomaDirector(manager: rig.manager)
        var session = SomaSession(figure: Fixtures.cube)
        let a = rig.down(30, 8, node: 4, at: 0)
        rig.up(a, at: 80)
        rig.tick(1000)
        director.flush(into: &session, now: 1)
        #expect(session.game.selection == 4)
        session.apply(.move(Cell(0, 0, 2)), now: 1)
        let b = rig.down(30, 8, node: 4, at: 2000)
        rig.up(b, at: 2060)
        let c = rig.down(30, 8, node: 4, at: 2150)
        rig.up(c, at: 2200)
        rig.tick(3000)
        director.flush(into: &session, now: 3)
        #expect(session.game.cells(ofPiece: 4).map(\.z).min() == 0)
    }

    @Test("a fast flick on a piece turns it instead of moving it")
    func flick() {
        let rig = DirectorRig()
        let director = SomaDirector(manager: rig.manager)
        var session = SomaSession(figure: Fixtures.cube)
        let before = session.game.cells(ofPiece: 1)
        let id = rig.down(30, 8, node: 1, at: 0)
        rig.move(id, 33, 8, at: 20)
        rig.move(id, 37, 8, at: 40)
        rig.up(id, at: 60)
        rig.tick(1000)
        director.flush(into: &session, now: 1)
        let (axis, turns) = session.viewpoint.tumble(for: .right)
        #expect(Shape(session.game.cells(ofPiece: 1)) == Shape(before.map(axis.rotation(quarterTurns: turns).apply)))
        #expect(session.game.moves == 1)
    }

    /// A synthetic two-touch pair centred at (20, 20) iso units, `radius` apart each side, turned
    /// by `degrees` (clockwise on screen), as the terminal makes one from the wheel.
    static func pair(_ rig: DirectorRig, radius: [Double], degrees: [Double]) {
        let a = TouchID(901), b = TouchID(902)
        func spots(_ r: Double, _ d: Double) -> (GPoint, GPoint) {
            let o = GPoint(x: cos(d * .pi / 180) * r, y: sin(d * .pi / 180) * r)
            return (GPoint(x: 20 - o.x, y: 20 - o.y), GPoint(x: 20 + o.x, y: 20 + o.y))
        }
        let (a0, b0) = spots(radius[0], degrees[0])
        rig.manager.handle([.began(a, at: a0, source: .synthetic), .began(b, at: b0, source: .synthetic)], at: .ms(0))
        for k in 1..<radius.count {
            let (ak, bk) = spots(radius[k], degrees[k])
            rig.manager.handle([.moved(a, to: ak), .moved(b, to: bk)], at: .ms(Int64(k) * 10))
        }
        rig.manager.handle([.ended(a), .ended(b)], at: .ms(Int64(radius.count) * 10))
    }

    @Test("the Pinchable plan zooms the view by the pinch's scale: two notches of 1.1 zoom by 1.21")
    func pinchZooms() {
        let rig = DirectorRig()
        let director = SomaDirector(manager: rig.manager)
        var session = SomaSession(figure: Fixtures.cube)
        let before = session.viewpoint.camera.zoom
        Self.pair(rig, radius: [4, 4.4, 4.84], degrees: [0, 0, 0])
        director.flush(into: &session, now: 1)
        #expect(abs(session.viewpoint.camera.zoom - before * 1.21) < 1e-9)
        #expect(session.game.poses == session.game.startPoses)
    }

    @Test("the Rotatable plan turns the view about the vertical: a 15-degree clockwise twist orbits 10 columns' worth")
    func twistOrbits() {
        let rig = DirectorRig()
        let director = SomaDirector(manager: rig.manager)
        var session = SomaSession(figure: Fixtures.cube)
        let before = session.viewpoint.camera
        Self.pair(rig, radius: [4, 4], degrees: [0, 15])
        director.flush(into: &session, now: 1)
        // orbit(columns: -15 / 1.5) turns the yaw by +10 columns x 1.5 degrees.
        #expect(abs(session.viewpoint.camera.yaw - (before.yaw + 15 * Double.pi / 180)) < 1e-9)
        #expect(session.viewpoint.camera.pitch == before.pitch)
    }

    @Test("the Soma screen's hit mapping: its pieces and their legend entries only")
    func nodes() {
        let session = SomaSession(figure: Fixtures.cube)
        #expect(session.node(for: .piece(piece: 3, cube: 1, face: .north)) == NodeID(3))
        #expect(session.node(for: .ghost(x: 0, y: 0, z: 0, face: .top)) == nil)
        #expect(session.node(for: .floor(x: 1, y: 1)) == nil)
        #expect(session.node(for: .none) == nil)
        #expect(session.node(for: .control(5)) == NodeID(5))
        #expect(session.node(for: .control(7)) == nil, "the cube has seven pieces: 0...6")
        #expect(session.node(for: .piece(piece: SceneObjectID.fixedCubes.id, cube: 0, face: .east)) == nil)
        #expect(session.node(for: .piece(piece: SceneObjectID.hint.id, cube: 0, face: .east)) == nil)
    }

    @Test("the pentomino screen's hit mapping: tile squares only, not the hint's ghost")
    func pentominoNodes() {
        let session = PentominoSession(board: PentominoGameTests.board6x10)
        #expect(session.node(for: .piece(piece: 11, cube: 4, face: .top)) == NodeID(11))
        #expect(session.node(for: .piece(piece: 12, cube: 0, face: .top)) == nil, "the ghost's id is the tile count")
        #expect(session.node(for: .floor(x: 1, y: 1)) == nil)
        #expect(session.node(for: .none) == nil)
    }
}

@Suite("PentominoDirector")
struct PentominoDirectorTests {
    @Test("a wheel notch (a synthetic pinch pair) turns the tile in hand once")
    func wheel() {
        let rig = DirectorRig()
        let director = PentominoDirector(manager: rig.manager)
        var session = PentominoSession(board: PentominoGameTests.board6x10)
        session.apply(.lift("F"), now: 0)
        let f = session.game.lifted!
        let held = Set(session.game.cells(ofTile: f))
        let (a, b) = (TouchID(901), TouchID(902))
        rig.manager.handle([.began(a, at: GPoint(x: 48, y: 20), source: .synthetic),
                            .began(b, at: GPoint(x: 52, y: 20), source: .synthetic)], at: .ms(0))
        for k in 1...4 {
            let d = Double(k)
            rig.manager.handle([.moved(a, to: GPoint(x: 48 - d, y: 20)), .moved(b, to: GPoint(x: 52 + d, y: 20))], at: .ms(Int64(k) * 10))
        }
        rig.manager.handle([.ended(a), .ended(b)], at: .ms(60))
        director.flush(into: &session, width: 100, height: 40, now: 1)
        let turned = Shape(session.game.cells(ofTile: f))
        #expect(Set(session.game.cells(ofTile: f)) != held)
        #expect(turned == Shape(held.map(Axis.z.rotation(quarterTurns: -1).apply)))
    }

    @Test("press on a tile, drag it onto the board, release: it lands where it was carried")
    func carry() {
        let rig = DirectorRig()
        let director = PentominoDirector(manager: rig.manager)
        var session = PentominoSession(board: PentominoGameTests.board6x10)
        let (w, h) = (100, 40)
        let i = session.game.tiles.firstIndex { $0.letter == "I" }!
        let grab = session.game.cells(ofTile: i)[0]
        let from = session.screenPosition(of: grab, width: w, height: h)
        let to = session.screenPosition(of: Cell(0, 0, 0), width: w, height: h)   // the grabbed square lands under the pointer
        let id = rig.down(Double(from.column), Double(from.row), node: i, at: 0)
        // Slowly, so it is a drag and not a flick; the I is horizontal and lands on row 0.
        let steps = 30
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            rig.move(id, Double(from.column) + f * Double(to.column - from.column),
                     Double(from.row) + f * Double(to.row - from.row), at: Int64(k) * 100)
        }
        rig.up(id, at: Int64(steps + 1) * 100)
        director.flush(into: &session, width: w, height: h, now: 4)
        #expect(session.game.lifted == nil)
        #expect(session.game.cells(ofTile: i) == (0..<5).map { Cell($0, 0, 0) })
        #expect(session.game.moves == 1)
    }
}
