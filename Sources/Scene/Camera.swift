import Polycube

/// An orthographic camera that orbits a pivot and always looks at it (the SwiftSpace design: the
/// camera sits on a sphere about the pivot; a look-at constraint keeps the pivot in the centre).
///
/// The orientation is two continuous angles. `yaw` turns the camera about the vertical axis
/// through the pivot: 0 looks from the front (from -y toward +y, x to the right), and it grows
/// counter-clockwise seen from above. `pitch` is the camera's elevation above the horizontal
/// plane; it is clamped short of the poles so the picture never flips upside down. The default is
/// the classic isometric view (yaw 45 degrees, pitch arctan(1/sqrt 2), about 35.26 degrees,
/// from above), where the three lattice axes look equally long.
///
/// The camera is a value: gestures produce a new camera from the one they started with (see
/// `orbited(yaw:pitch:)`), so dragging, arrow keys and any future device drive it the same way.
public struct Camera: Hashable, Sendable {
    /// Turn about the vertical axis, in radians, kept in [0, 2 pi).
    var yaw: Double {
        get { _yaw }
        set { _yaw = Camera.wrapped(newValue) }
    }
    /// Elevation above the horizontal plane, in radians, clamped to `pitchLimit`.
    var pitch: Double {
        get { _pitch }
        set { _pitch = min(max(newValue, -Camera.pitchLimit), Camera.pitchLimit) }
    }
    /// Screen columns per lattice unit: the width of a unit cube's edge seen face on.
    public var zoom: Double {
        get { _zoom }
        set { _zoom = min(max(newValue, Camera.zoomRange.lowerBound), Camera.zoomRange.upperBound) }
    }
    /// The point the camera orbits and looks at; it is drawn at the centre of the canvas.
    public var pivot: Vector3
    /// Height of a terminal row in columns (about 2), so that a cube looks like a cube.
    public var aspect: Double

    private var _yaw: Double
    private var _pitch: Double
    private var _zoom: Double

    /// The isometric elevation: arctan(1 / sqrt 2).
    public static let isometricPitch = 0.6154797086703873
    /// How close to straight up or down the camera may look: 85 degrees.
    static let pitchLimit = 85.0 * .pi / 180
    static let zoomRange: ClosedRange<Double> = 1...96
    /// Orbit speed of a drag: degrees per column (a row counts `aspect` columns).
    public static let defaultDegreesPerColumn = 1.5

    public init(yaw: Double = .pi / 4, pitch: Double = Camera.isometricPitch, zoom: Double = 8,
                pivot: Vector3 = .zero, aspect: Double = 2) {
        _yaw = 0; _pitch = 0; _zoom = 8
        self.pivot = pivot
        self.aspect = aspect
        self.yaw = yaw
        self.pitch = pitch
        self.zoom = zoom
    }

    /// One of the four isometric views from above: view `n` (taken modulo 4) has yaw
    /// 45 + 90 n degrees, so the views go round the figure counter-clockwise.
    public static func isometric(view n: Int, pivot: Vector3 = .zero, zoom: Double = 8, aspect: Double = 2) -> Camera {
        let k = ((n % 4) + 4) % 4
        return Camera(yaw: .pi / 4 + Double(k) * .pi / 2, pitch: isometricPitch, zoom: zoom, pivot: pivot, aspect: aspect)
    }

    /// The isometric view (0...3) this camera shows, or nil between views.
    var isometricView: Int? {
        let snapped = snappedToIsometric()
        guard abs(snapped.yaw - yaw) < 1e-9 || abs(abs(snapped.yaw - yaw) - 2 * .pi) < 1e-9,
              abs(snapped.pitch - pitch) < 1e-9, pitch > 0 else { return nil }
        return Camera.nearestViewIndex(yaw)
    }

    // MARK: Basis

    /// The screen's rightward direction in lattice space (always horizontal).
    public var right: Vector3 { Vector3(cosine(yaw), sine(yaw), 0) }
    /// The unit vector from the pivot toward the camera.
    public var towardEye: Vector3 {
        let c = cosine(pitch)
        return Vector3(sine(yaw) * c, -cosine(yaw) * c, sine(pitch))
    }
    /// The screen's upward direction in lattice space.
    public var up: Vector3 { towardEye.cross(right) }

    /// Where a lattice point appears relative to the canvas centre, in columns and rows (rows
    /// grow downward), and its depth: distance along the view direction from the pivot's plane,
    /// smaller is nearer.
    public func project(_ p: Vector3) -> (column: Double, row: Double, depth: Double) {
        project(p, on: axes)
    }

    /// The camera's three directions, each a few sines and cosines of its angles: worked out
    /// once for many points (`zoomToFit` projects every corner of every cell: 15,552 sines and
    /// cosines, a sixteenth of a login's start-up, issue 35).
    struct Axes {
        var right: Vector3
        var up: Vector3
        var towardEye: Vector3
    }

    var axes: Axes { Axes(right: right, up: up, towardEye: towardEye) }

    /// `project(p)` with the camera's `axes` given: the same arithmetic, so the same values.
    func project(_ p: Vector3, on axes: Axes) -> (column: Double, row: Double, depth: Double) {
        let q = p - pivot
        return (zoom * q.dot(axes.right), -zoom / aspect * q.dot(axes.up), -q.dot(axes.towardEye))
    }

    // MARK: Orbit and zoom

    /// The camera turned by angle changes in radians: the "relative attitude" form. A gesture
    /// keeps the camera it began with and calls `start.orbited(yaw: total, pitch: total)` on
    /// every change, so rounding never accumulates.
    public func orbited(yaw dYaw: Double, pitch dPitch: Double) -> Camera {
        var c = self
        c.yaw = yaw + dYaw
        c.pitch = pitch + dPitch
        return c
    }

    /// The camera turned by a drag across the screen, in columns and rows: dragging right turns
    /// the figure's front to the right (the camera goes left), dragging down tips the top of the
    /// figure toward the viewer (the camera goes up), as if the figure were grabbed.
    public func orbited(byColumns columns: Double, rows: Double,
                        degreesPerColumn: Double = Camera.defaultDegreesPerColumn) -> Camera {
        let k = degreesPerColumn * .pi / 180
        return orbited(yaw: -columns * k, pitch: rows * aspect * k)
    }

    /// The camera with the zoom multiplied by `factor` (clamped to `zoomRange`).
    func zoomed(by factor: Double) -> Camera {
        var c = self
        c.zoom = zoom * factor
        return c
    }

    /// The nearest of the four isometric views, keeping the camera above or below the figure.
    func snappedToIsometric() -> Camera {
        var c = self
        c.yaw = .pi / 4 + Double(Camera.nearestViewIndex(yaw)) * .pi / 2
        c.pitch = pitch < 0 ? -Camera.isometricPitch : Camera.isometricPitch
        return c
    }

    /// The zoom at which `cells` (unit cubes) fill at most `width` columns and `height` rows.
    public func zoomToFit(_ cells: [Cell], width: Int, height: Int) -> Double {
        guard !cells.isEmpty else { return zoom }
        var unit = self
        unit._zoom = 1
        var lo = (c: Double.infinity, r: Double.infinity), hi = (c: -Double.infinity, r: -Double.infinity)
        let axes = unit.axes
        for cell in cells {
            let base = Vector3(cell)
            for corner in 0..<8 {
                let p = unit.project(base + Vector3(Double(corner & 1), Double((corner >> 1) & 1), Double((corner >> 2) & 1)), on: axes)
                lo.c = min(lo.c, p.column); hi.c = max(hi.c, p.column)
                lo.r = min(lo.r, p.row); hi.r = max(hi.r, p.row)
            }
        }
        // The pivot is drawn at the centre, so the extent that matters is twice the larger side.
        let halfW = max(abs(lo.c), abs(hi.c)), halfH = max(abs(lo.r), abs(hi.r))
        let zw = halfW > 0 ? Double(width) / (2 * halfW) : .infinity
        let zh = halfH > 0 ? Double(height) / (2 * halfH) : .infinity
        let z = min(zw, zh)
        return min(max(z, Camera.zoomRange.lowerBound), Camera.zoomRange.upperBound)
    }

    // MARK: From the screen to the lattice

    /// Which lattice axes a drag may move a piece along.
    public enum DragPlane: Hashable, Sendable {
        /// All three axes: the one whose picture on screen best matches the drag wins, so on a
        /// camera from above dragging up lifts the piece.
        case facingCamera
        /// Only x and y: the piece slides on its layer.
        case horizontal
    }

    /// The unit lattice step whose picture on screen points most along a drag of
    /// (`columns`, `rows`): the step maximising the dot product of its projection with the drag,
    /// so an axis seen end-on (short on screen) loses to one seen side-on. A drag right therefore
    /// moves the piece right on screen whatever the camera. Exact ties (the isometric views make
    /// them) go to x for a mostly horizontal drag and to z, then y, for a mostly vertical one, so
    /// the four arrow keys give four different steps. A zero drag gives `.origin`.
    public func worldDelta(forScreen columns: Double, _ rows: Double, in plane: DragPlane = .facingCamera) -> Cell {
        let dx = columns, dy = rows * aspect
        guard dx != 0 || dy != 0 else { return .origin }
        let r = right, u = up
        let order = abs(dx) >= abs(dy) ? [0, 1, 2] : [2, 1, 0]
        var best = Cell.origin, bestScore = 1e-9
        for axis in order where !(plane == .horizontal && axis == 2) {
            for sign in [1, -1] {
                let a = Camera.unit(axis, sign)
                let v = Vector3(a)
                let score = dx * v.dot(r) - dy * v.dot(u)
                if score > bestScore + 1e-9 { best = a; bestScore = score }
            }
        }
        return best
    }

    /// The signed lattice axis nearest to a direction. Ties go to z, then x, then y, so in the
    /// isometric views a tap turns pieces about the vertical.
    public func nearestLatticeDirection(to v: Vector3) -> Cell {
        var best = Cell.origin, bestScore = -Double.infinity
        for axis in [2, 0, 1] {
            for sign in [1, -1] {
                let a = Camera.unit(axis, sign)
                let score = Vector3(a).dot(v)
                if score > bestScore + 1e-9 { best = a; bestScore = score }
            }
        }
        return best
    }

    /// The lattice axis a swipe turns a piece about: the axis nearest to the screen's vertical
    /// for a horizontal swipe, to the screen's horizontal for a vertical one, signed so that a
    /// quarter turn about it counter-clockwise (right-hand rule) moves the piece's front the way
    /// the finger went.
    public func rotationAxis(forSwipe direction: ScreenDirection) -> Cell {
        switch direction {
        case .right: nearestLatticeDirection(to: up)
        case .left: nearestLatticeDirection(to: -up)
        case .down: nearestLatticeDirection(to: right)
        case .up: nearestLatticeDirection(to: -right)
        }
    }

    /// The lattice axis nearest the line of sight, pointing at the viewer: a tap turns the piece
    /// counter-clockwise as the viewer sees it, about this axis.
    public var viewAxis: Cell { nearestLatticeDirection(to: towardEye) }

    /// The quarter turn a swipe asks for (see `rotationAxis(forSwipe:)`).
    func rotation(forSwipe direction: ScreenDirection) -> Isometry {
        Camera.quarterTurn(about: rotationAxis(forSwipe: direction))
    }

    /// The quarter turn a tap asks for: counter-clockwise on screen, about `viewAxis`.
    var tapRotation: Isometry { Camera.quarterTurn(about: viewAxis) }

    /// The counter-clockwise (right-hand rule) quarter turn about a signed unit lattice axis.
    static func quarterTurn(about axis: Cell) -> Isometry {
        let index = axis.x != 0 ? 0 : (axis.y != 0 ? 1 : 2)
        let sign = axis.x + axis.y + axis.z
        let turn = Isometry.quarterTurn(about: index)
        return sign > 0 ? turn : turn.inverse
    }

    // MARK: Helpers

    static func unit(_ axis: Int, _ sign: Int) -> Cell {
        Cell(axis == 0 ? sign : 0, axis == 1 ? sign : 0, axis == 2 ? sign : 0)
    }

    static func wrapped(_ angle: Double) -> Double {
        let full = 2 * Double.pi
        var a = angle.truncatingRemainder(dividingBy: full)
        if a < 0 { a += full }
        return a >= full ? 0 : a
    }

    static func nearestViewIndex(_ yaw: Double) -> Int {
        let k = ((wrapped(yaw) - .pi / 4) / (.pi / 2)).rounded()
        return ((Int(k) % 4) + 4) % 4
    }
}
