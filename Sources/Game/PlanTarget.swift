#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Gestures

/// What the Gesturable plans (Draggable, Pinchable, Rotatable) move in the game screens: a
/// target in the screen's own plane, measured in cells (columns, rows), with the line of sight
/// as its view axis. The plans and their performer do what the seed describes (add the drag's
/// delta to the position, multiply the scale by the pinch's delta, turn about the line of sight
/// by the rotation's delta, move the anchor under the gesture's centroid when a pinch or a
/// rotation begins, put everything back when a gesture is cancelled); the director reads what
/// changed with `take()` after each action and hands it to the session, which turns a carried
/// distance into lattice steps, a scale into a zoom and a turn into an orbit or a quarter turn.
///
/// Screen space: x right, y down (rows), z into the screen, so a positive turn about z is
/// clockwise as seen, the sign of rotation gestures.
final class PlanTarget: GesturableTarget {
    var position = SIMD3<Double>.zero
    var orientation = Quat.identity
    var scale = 1.0
    var pivot = SIMD3<Double>.zero
    let metrics: CellMetrics
    /// What has been read already.
    private var read = (position: SIMD3<Double>.zero, orientation: Quat.identity, scale: 1.0)

    init(metrics: CellMetrics) {
        self.metrics = metrics
    }

    var viewAxis: SIMD3<Double> { SIMD3<Double>(0, 0, 1) }

    func worldDelta(forScreen d: GPoint, at p: GPoint) -> SIMD3<Double> {
        let c = metrics.cells(d)
        return SIMD3<Double>(c.x, c.y, 0)
    }

    func localPoint(forScreen p: GPoint) -> SIMD3<Double> {
        let c = metrics.cells(p)
        let inverse = Quat(w: orientation.w, x: -orientation.x, y: -orientation.y, z: -orientation.z)
        return pivot + inverse.rotate(SIMD3<Double>(c.x, c.y, 0) - position) / scale
    }

    /// What the plans did since the last call: the distance carried (columns, rows), the scale
    /// factor, the angle turned (radians, clockwise as seen).
    func take() -> (columns: Double, rows: Double, scale: Double, radians: Double) {
        let moved = position - read.position
        let q = orientation * Quat(w: read.orientation.w, x: -read.orientation.x, y: -read.orientation.y, z: -read.orientation.z)
        let turn = q.w < 0 ? 2 * atan2(-q.z, -q.w) : 2 * atan2(q.z, q.w)
        let factor = scale / read.scale
        skip()
        return (moved.x, moved.y, factor, turn)
    }

    /// The distance carried since the position was last zeroed, in iso units (the gesture core's
    /// units: a row is `aspect` columns tall).
    var offset: GPoint { GPoint(x: position.x, y: position.y * metrics.aspect) }

    /// Forgets what changed without reading it (a cancelled gesture put the target back).
    func skip() {
        read = (position, orientation, scale)
    }
}

extension GesturablePerformer {
    /// One performer per plan, each moving its own target: what a director's plans need.
    static func run(_ plans: [(PlanTarget, Gesturable)], manager: GestureManager) -> [GesturablePerformer] {
        plans.map { target, plan in
            let performer = GesturablePerformer(target: target, manager: manager)
            performer.add(plan)
            return performer
        }
    }
}
