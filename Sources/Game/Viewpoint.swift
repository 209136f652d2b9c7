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
        c.zoom = camera.zoomToFit(extent, width: width, height: height) * zoomFactor
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
        let fitted = camera.zoomToFit(extent, width: size.width, height: size.height)
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
    /// the way the finger went.
    func tumble(for step: ScreenDirection) -> (Axis, Int) {
        Axis.signed(camera.rotationAxis(forSwipe: step))
    }

    /// The turn about the line of sight, counter-clockwise as seen.
    var spin: (Axis, Int) { Axis.signed(camera.viewAxis) }

    /// Shift-arrows: orbit 15 degrees.
    mutating func orbit(_ step: ScreenDirection) {
        let s = step.step
        orbit(columns: s.columns * 10, rows: s.rows * 10 / camera.aspect)
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
