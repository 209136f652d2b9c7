import Testing
import Polycube
@testable import Scene

@Suite struct CameraTests {
    static let degree = Double.pi / 180
    /// Eight yaw angles round the circle, between and on the isometric views.
    static let yaws = (0..<8).map { Double($0) * 45 * degree + 10 * degree }

    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    func screen(_ camera: Camera, _ v: Cell) -> (Double, Double) {
        let p = camera.project(camera.pivot + Vector3(v))
        return (p.column, p.row * camera.aspect)
    }

    @Test func defaultIsTheIsometricViewFromAbove() {
        let camera = Camera()
        #expect(close(camera.yaw, 45 * Self.degree))
        #expect(close(camera.pitch, 35.26438968 * Self.degree, 1e-9))
        #expect(camera.isometricView == 0)
        // In an isometric view the three axes look equally long on screen (in true proportions).
        let lengths = [Cell(1, 0, 0), Cell(0, 1, 0), Cell(0, 0, 1)].map { v -> Double in
            let (c, r) = screen(camera, v)
            return (c * c + r * r).squareRoot()
        }
        #expect(close(lengths[0], lengths[1], 1e-9) && close(lengths[1], lengths[2], 1e-9))
        // The camera looks from above: z points up on screen (negative rows).
        #expect(screen(camera, Cell(0, 0, 1)).1 < 0)
    }

    @Test func theFourIsometricViewsGoRound() {
        for n in 0..<4 {
            let camera = Camera.isometric(view: n)
            #expect(camera.isometricView == n)
            #expect(close(camera.yaw, (45 + 90 * Double(n)) * Self.degree))
        }
        #expect(Camera.isometric(view: 5).isometricView == 1)
        #expect(Camera.isometric(view: -1).isometricView == 3)
        #expect(Camera(yaw: 0.3).isometricView == nil)
    }

    @Test func aFullOrbitReturnsToTheStart() {
        let start = Camera(yaw: 0.3, pitch: 0.4, zoom: 10, pivot: Vector3(1.5, 1.5, 1.5))
        // A drag of 360 degrees worth of columns, in one step and in many.
        let columns = 360 / Camera.defaultDegreesPerColumn
        var stepped = start
        for _ in 0..<240 { stepped = stepped.orbited(byColumns: columns / 240, rows: 0) }
        for camera in [start.orbited(byColumns: columns, rows: 0), stepped, start.orbited(yaw: 2 * .pi, pitch: 0),
                       start.orbited(yaw: -2 * .pi, pitch: 0)] {
            #expect(close(camera.pitch, start.pitch))
            #expect((camera.right - start.right).length < 1e-9)
            #expect((camera.up - start.up).length < 1e-9)
            #expect((camera.towardEye - start.towardEye).length < 1e-9)
        }
    }

    @Test func orbitFollowsTheDrag() {
        let start = Camera()
        // Dragging right turns the figure's front to the right: the front point moves right.
        let front = start.pivot + start.towardEye
        #expect(start.orbited(byColumns: 10, rows: 0).project(front).column > start.project(front).column)
        // Dragging down raises the camera.
        #expect(start.orbited(byColumns: 0, rows: 3).pitch > start.pitch)
        // Relative attitude: the camera is the start turned by the total change so far.
        let turned = start.orbited(yaw: 0.2, pitch: -0.1)
        #expect(close(turned.yaw, start.yaw + 0.2) && close(turned.pitch, start.pitch - 0.1))
    }

    @Test func pitchIsClampedSoTheViewNeverFlips() {
        let over = Camera().orbited(yaw: 0, pitch: 3)
        #expect(close(over.pitch, Camera.pitchLimit))
        #expect(over.up.z > 0)
        let under = Camera().orbited(yaw: 0, pitch: -3)
        #expect(close(under.pitch, -Camera.pitchLimit))
        #expect(under.up.z > 0)
    }

    @Test func zoomIsClamped() {
        #expect(Camera(zoom: 10).zoomed(by: 2).zoom == 20)
        #expect(Camera(zoom: 10).zoomed(by: 1000).zoom == Camera.zoomRange.upperBound)
        #expect(Camera(zoom: 10).zoomed(by: 0).zoom == Camera.zoomRange.lowerBound)
    }

    @Test func snapsToTheNearestIsometricView() {
        #expect(Camera(yaw: 50 * Self.degree, pitch: 20 * Self.degree).snappedToIsometric() == Camera.isometric(view: 0))
        #expect(Camera(yaw: 170 * Self.degree, pitch: 60 * Self.degree).snappedToIsometric().isometricView == 1)
        #expect(Camera(yaw: -30 * Self.degree).snappedToIsometric().isometricView == 3)
        let below = Camera(yaw: 100 * Self.degree, pitch: -20 * Self.degree).snappedToIsometric()
        #expect(close(below.pitch, -Camera.isometricPitch) && close(below.yaw, 135 * Self.degree))
    }

    @Test(arguments: [Camera.DragPlane.facingCamera, .horizontal])
    func worldDeltaFollowsTheDragAtEightYaws(plane: Camera.DragPlane) {
        let axes = [Cell(1, 0, 0), Cell(-1, 0, 0), Cell(0, 1, 0), Cell(0, -1, 0), Cell(0, 0, 1), Cell(0, 0, -1)]
            .filter { plane == .facingCamera || $0.z == 0 }
        for yaw in Self.yaws + [45 * Self.degree] {
            let camera = Camera(yaw: yaw)
            var steps = Set<Cell>()
            for direction in ScreenDirection.allCases {
                let (dc, dr) = direction.step
                let delta = camera.worldDelta(forScreen: dc * 5, dr * 3, in: plane)
                steps.insert(delta)
                #expect(axes.contains(delta))
                // It moves the way the drag went, and no other step does so better.
                func along(_ v: Cell) -> Double { let s = screen(camera, v); return s.0 * dc + s.1 * dr }
                #expect(along(delta) > 0, "yaw \(yaw / Self.degree) \(direction) -> \(delta)")
                #expect(axes.allSatisfy { along($0) <= along(delta) + 1e-9 })
            }
            // The four directions give four different steps, even on the ties of the iso views.
            #expect(steps.count == 4, "yaw \(yaw / Self.degree): \(steps)")
        }
    }

    @Test func worldDeltaInTheFrontAndIsometricViews() {
        let front = Camera(yaw: 0)
        #expect(front.worldDelta(forScreen: 4, 0) == Cell(1, 0, 0))
        #expect(front.worldDelta(forScreen: -4, 0) == Cell(-1, 0, 0))
        #expect(front.worldDelta(forScreen: 0, -2) == Cell(0, 0, 1))
        #expect(front.worldDelta(forScreen: 0, 2) == Cell(0, 0, -1))
        #expect(front.worldDelta(forScreen: 0, -2, in: .horizontal) == Cell(0, 1, 0))
        #expect(front.worldDelta(forScreen: 0, 0) == .origin)
        let iso = Camera()
        #expect(iso.worldDelta(forScreen: 1, 0, in: .horizontal) == Cell(1, 0, 0))
        #expect(iso.worldDelta(forScreen: -1, 0, in: .horizontal) == Cell(-1, 0, 0))
        #expect(iso.worldDelta(forScreen: 0, -1, in: .horizontal) == Cell(0, 1, 0))
        #expect(iso.worldDelta(forScreen: 0, 1, in: .horizontal) == Cell(0, -1, 0))
        // Up and to the right on screen is +y in view 0 (the y axis runs up to the right).
        #expect(iso.worldDelta(forScreen: 2, -0.6, in: .horizontal) == Cell(0, 1, 0))
    }

    @Test func swipesTurnThePieceTheWayTheFingerGoes() {
        for yaw in Self.yaws {
            let camera = Camera(yaw: yaw)
            for direction in ScreenDirection.allCases {
                let axis = camera.rotationAxis(forSwipe: direction)
                let turn = camera.rotation(forSwipe: direction)
                #expect(turn.isRotation && turn.apply(axis) == axis)
                // The lattice direction facing the viewer most, among those the turn moves...
                let candidates = [Cell(1, 0, 0), Cell(-1, 0, 0), Cell(0, 1, 0), Cell(0, -1, 0), Cell(0, 0, 1), Cell(0, 0, -1)]
                    .filter { $0 != axis && $0 != Cell.origin - axis }
                let front = candidates.max { Vector3($0).dot(camera.towardEye) < Vector3($1).dot(camera.towardEye) }!
                // ...goes where the swipe went.
                let moved = turn.apply(front) - front
                let s = screen(camera, moved)
                let (dc, dr) = direction.step
                #expect(s.0 * dc + s.1 * dr > 0, "yaw \(yaw / Self.degree) \(direction)")
            }
        }
    }

    @Test func tapsTurnAboutTheViewAxis() {
        #expect(Camera().viewAxis == Cell(0, 0, 1))
        #expect(Camera().tapRotation == Isometry.quarterTurnZ)
        #expect(Camera(yaw: 0, pitch: 0.2).viewAxis == Cell(0, -1, 0))
        #expect(Camera(yaw: .pi / 2, pitch: -1).viewAxis == Cell(0, 0, -1))
        #expect(Camera.quarterTurn(about: Cell(0, 0, -1)) == Isometry.quarterTurnZ.inverse)
        #expect(Camera().rotationAxis(forSwipe: .right) == Cell(0, 0, 1))
    }
}
