import Gestures

/// A thing the Gesturable plans move in the screen's own plane, measured in cells (columns,
/// rows) with the line of sight as its view axis: screen space is x right, y down (rows), z
/// into the screen, so a positive turn about z is clockwise as seen, the sign of rotation
/// gestures. The carried spot (`CarriedPoint`) and the camera (`CameraRig`) are such things:
/// this class holds the plane state they share (the plans' transform and the cell size), so
/// each says only what it reads from that state.
class ScreenPlaneTarget: GesturableTarget {
    var position = SIMD3<Double>.zero
    var orientation = Quat.identity
    var scale = 1.0
    var pivot = SIMD3<Double>.zero
    let metrics: CellMetrics

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
}
