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
/// `pivot`, in screen cells). The wheel's twist needs no plan: its angle goes to the camera's
/// yaw as it is (`SomaPointer.turnView`). The director hands the zoom to the screen at `flush`,
/// whose `Viewpoint` carries it out (a zoom toward the pivot), and the rig starts the next frame from no change,
/// about the same anchor while the gesture lasts. A cancelled gesture keeps what was handed over
/// already (the performer's restore only drops what was not).
final class CameraRig: ScreenPlaneTarget {
    /// The zoom of this frame (above 1 zooms in).
    var zoom: Double { scale }

    /// The screen point the zoom keeps in place, in cells: the anchor.
    var anchor: (column: Double, row: Double) { (pivot.x, pivot.y) }

    /// True when the plans moved the camera this frame.
    var hasMoved: Bool { scale != 1 }

    /// The frame's change was handed over: the next starts from none, about the same anchor.
    func commit() {
        scale = 1
        orientation = .identity
    }
}
