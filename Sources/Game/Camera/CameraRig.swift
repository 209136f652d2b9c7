#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Gestures

/// The camera as the wheel's plans move it between two frames: `Pinchable` scales it about the
/// point under the pointer (the anchor the plans' performer moves there when the pinch begins:
/// `pivot`, in screen cells), `Rotatable` turns it about the line of sight. The director hands
/// the whole change to the screen at `flush`, whose `Viewpoint` carries it out (a zoom toward
/// the pivot, an orbit about the vertical), and the rig starts the next frame from no change,
/// about the same anchor while the gesture lasts. A cancelled gesture keeps what was handed over
/// already (the performer's restore only drops what was not).
final class CameraRig: ScreenPlaneTarget {
    var position = SIMD3<Double>.zero
    var orientation = Quat.identity
    var scale = 1.0
    var pivot = SIMD3<Double>.zero
    let metrics: CellMetrics

    init(metrics: CellMetrics) {
        self.metrics = metrics
    }

    /// The zoom of this frame (above 1 zooms in).
    var zoom: Double { scale }

    /// The angle turned this frame, in radians, clockwise as seen.
    var turn: Double {
        let q = orientation
        return q.w < 0 ? 2 * atan2(-q.z, -q.w) : 2 * atan2(q.z, q.w)
    }

    /// The screen point the zoom keeps in place, in cells: the anchor.
    var anchor: (column: Double, row: Double) { (pivot.x, pivot.y) }

    /// True when the plans moved the camera this frame.
    var hasMoved: Bool { scale != 1 || orientation != .identity }

    /// The frame's change was handed over: the next starts from none, about the same anchor.
    func commit() {
        scale = 1
        orientation = .identity
    }
}
