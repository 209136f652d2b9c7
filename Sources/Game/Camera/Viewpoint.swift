import Polycube
import Scene

/// How the player looks at the scene, the one camera controller of every 3-D screen: the orbit
/// camera about the work, and the player's zoom relative to "everything fits". It answers the
/// questions a screen asks of the view: which lattice step a key or a drag means on screen,
/// which axis a flick or a spin turns about. The Soma game fits a fixed extent (the figure and
/// the start layout); the designer, whose work grows, asks for `camera(following:...)`.
struct Viewpoint: Hashable, Sendable {
    /// The camera the picture is drawn with.
    private(set) var camera: Camera
    /// The camera the view starts with and `reset` returns to (zoom aside).
    private let home: Camera
    /// The cells to keep in view when fitting the zoom: the figure and the start layout.
    private let extent: [Cell]
    /// The player's zoom on top of the fitted one.
    private var zoomFactor = 1.0
    /// The screen size the zoom was last fitted to.
    private var size: (width: Int, height: Int) = (80, 22)
    /// The last fit worked out (`refit`): the camera it was measured with (pivot at home, zoom
    /// 1), the size, the zoom. A frame's `camera(width:height:)` of the same view and size
    /// answers it again instead of projecting every corner of the extent anew (issue 35: six fits
    /// before the first frame were 6% of a login's start-up).
    private var lastFit: (camera: Camera, width: Int, height: Int, zoom: Double)?

    static func == (a: Viewpoint, b: Viewpoint) -> Bool {
        a.camera == b.camera && a.zoomFactor == b.zoomFactor && a.size == b.size
    }

    func hash(into h: inout Hasher) { h.combine(camera) }

    /// A view of `extent` from the default isometric direction, pivoting about its centre.
    init(extent: [Cell]) {
        self.extent = extent
        let b = Bounds(extent)
        let pivot = (vector(b.lo) + vector(b.hi) + Vector3(1, 1, 1)) / 2
        home = Camera(pivot: pivot)
        camera = home
        refit()
    }

    /// Fits the zoom to a picture of `width` x `height` cells.
    mutating func fit(width: Int, height: Int) {
        size = (width, height)
        refit()
    }

    /// The camera as it draws a picture of `width` x `height` cells: the same view, zoom fitted
    /// to that size. Pure, so a frame never depends on whether the loop reported a resize.
    func camera(width: Int, height: Int) -> Camera {
        var c = camera
        c.zoom = fittedZoom(width: width, height: height) * zoomFactor
        return c
    }

    /// The zoom at which the extent fits a picture of `width` x `height`, measured about the
    /// extent's centre: zooming toward the pointer moves the pivot, and the fit must not follow.
    private func fittedZoom(width: Int, height: Int) -> Double {
        var c = camera
        c.pivot = home.pivot
        // The fit reads no zoom but an empty extent's (it answers the camera's own then).
        if let lastFit, !extent.isEmpty, lastFit.width == width, lastFit.height == height,
           lastFit.camera == Self.atUnitZoom(c) {
            return lastFit.zoom
        }
        return c.zoomToFit(extent, width: width, height: height)
    }

    /// `camera` at zoom 1: what a fit's answer depends on, besides the extent and the size.
    private static func atUnitZoom(_ camera: Camera) -> Camera {
        var c = camera
        c.zoom = 1
        return c
    }

    /// The camera looking at `extent` from this viewpoint's direction: pivot at the centre of the
    /// extent's box, zoom fitted to it, times `margin` and the player's zoom.
    func camera(following extent: [Cell], width: Int, height: Int, margin: Double) -> Camera {
        var c = camera
        let b = Bounds(extent)
        c.pivot = (vector(b.lo) + vector(b.hi) + Vector3(1, 1, 1)) / 2
        c.zoom = c.zoomToFit(extent, width: width, height: height) * margin * zoomFactor
        return c
    }

    private mutating func refit() {
        let fitted = fittedZoom(width: size.width, height: size.height)
        var c = camera
        c.pivot = home.pivot
        lastFit = (Self.atUnitZoom(c), size.width, size.height, fitted)
        camera.zoom = fitted * zoomFactor
    }

    mutating func reset() {
        camera = home
        zoomFactor = 1
        refit()
    }

    /// The step an arrow key means: on the piece's layer, the lattice direction drawn closest to
    /// the arrow's direction on screen.
    func latticeStep(for step: ScreenDirection) -> Cell {
        let s = step.step
        return camera.worldDelta(forScreen: s.columns, s.rows, in: .horizontal)
    }

    /// The turn a flick asks for: about the screen axis across it, so the piece's front goes
    /// the way the finger went (a/d and w/s).
    func tumble(for step: ScreenDirection) -> (Axis, Int) {
        let axes = turnAxes
        switch step {
        case .right: return Axis.signed(axes.upright)
        case .left: return Axis.signed(Cell.origin - axes.upright)
        case .down: return Axis.signed(axes.across)
        case .up: return Axis.signed(Cell.origin - axes.across)
        }
    }

    /// The turn about the third axis, the one nearest the line of sight once the other two are
    /// taken: counter-clockwise as seen (e/E, and a click on the selected piece).
    var spin: (Axis, Int) { Axis.signed(turnAxes.sight) }

    /// The three lattice axes the turn keys use, always three different ones: `upright`, nearest
    /// the screen's vertical (a/d turn about it); `across`, nearest the screen's horizontal among
    /// the other two (w/s); `sight`, the remaining one, pointing toward the viewer (e/E). Taking
    /// the line of sight's own nearest axis instead gave z in the default view, the same as a/d,
    /// and left one axis no key could turn about.
    var turnAxes: (upright: Cell, across: Cell, sight: Cell) {
        let upright = camera.nearestLatticeDirection(to: camera.up)
        let uprightAxis = Axis.signed(upright).axis
        var across = Cell.origin, best = -Double.infinity
        for axis in Axis.allCases where axis != uprightAxis {
            for sign in [1, -1] {
                let step = Cell(axis.unit.x * sign, axis.unit.y * sign, axis.unit.z * sign)
                let score = (vector(step) * camera.right).sum()
                if score > best + 1e-9 { across = step; best = score }
            }
        }
        let acrossAxis = Axis.signed(across).axis
        let third = Axis.allCases.first { $0 != uprightAxis && $0 != acrossAxis }!.unit
        let sign = (vector(third) * camera.towardEye).sum() < 0 ? -1 : 1
        return (upright, across, Cell(third.x * sign, third.y * sign, third.z * sign))
    }

    /// Shift-arrows: orbit 15 degrees.
    mutating func orbit(_ step: ScreenDirection) {
        let s = step.step
        orbit(columns: s.columns * 10, rows: s.rows * 10 / camera.aspect)
    }

    /// The wheel's twist: the camera's yaw turned by `radians` (untrusted: a number that is
    /// not finite turns nothing).
    mutating func turn(yawBy radians: Double) {
        guard radians.isFinite else { return }
        camera = camera.orbited(yaw: radians, pitch: 0)
        refit()
    }

    /// An orbit drag of (columns, rows).
    mutating func orbit(columns: Double, rows: Double) {
        camera = camera.orbited(byColumns: columns, rows: rows)
        refit()
    }

    mutating func zoom(by factor: Double) {
        zoomFactor = min(max(zoomFactor * factor, 0.25), 8)
        refit()
    }

    /// Zooms by `factor` toward a point of the picture, (columns, rows) from its centre: what is
    /// under that point stays under it (the wheel zooms toward the pointer, as map viewers do),
    /// so the player zooms into the corner they are looking at instead of losing it off screen.
    /// The camera's pivot moves; orbits then turn about the new pivot, and `reset` goes home.
    mutating func zoom(by factor: Double, toward point: (columns: Double, rows: Double)) {
        let before = camera.zoom
        zoom(by: factor)
        let after = camera.zoom
        guard before > 0, after > 0 else { return }
        let under = camera.right * (point.columns / before) - camera.up * (point.rows * camera.aspect / before)
        camera.pivot = camera.pivot + under * (1 - before / after)
    }

    /// How far the pointer's ray moves over a horizontal plane when the pointer moves by
    /// (columns, rows) on the picture, in lattice units (x, y): what a carried piece follows.
    /// The camera is orthographic, so every horizontal plane gives the same answer. Nil when the
    /// plane is seen almost edge-on (a row would span more than about 7 cells), where a carry
    /// would fling the piece away.
    func floorDelta(forScreen columns: Double, _ rows: Double) -> (x: Double, y: Double)? {
        let c = camera
        let right = c.right
        let forward = Vector3(-right.y, right.x, 0)
        let up = c.up
        let lean = forward.x * up.x + forward.y * up.y   // sin(pitch): how much of the floor a row shows
        guard abs(lean) >= 0.15, c.zoom > 0 else { return nil }
        let along = columns / c.zoom, away = -rows * c.aspect / (c.zoom * lean)
        return (along * right.x + away * forward.x, along * right.y + away * forward.y)
    }

    /// The lattice step a drag of (columns, rows) points along, in the plane facing the camera.
    func worldStep(forScreen columns: Double, _ rows: Double) -> Cell {
        camera.worldDelta(forScreen: columns, rows, in: .facingCamera)
    }

    /// Where a lattice step goes on screen, in (columns, rows).
    func screenVector(of step: Cell) -> (columns: Double, rows: Double) {
        let a = camera.project(vector(step)), o = camera.project(.zero)
        return (a.column - o.column, a.row - o.row)
    }
}

/// A cell's minimum corner as a point of lattice space.
private func vector(_ c: Cell) -> Vector3 { Vector3(Double(c.x), Double(c.y), Double(c.z)) }
