@testable import Gestures

/// A target seen by an orthographic camera looking down -z: screen x is world x, screen y
/// (down) is world -y, one iso unit is one world unit; local points under the pointer lie on
/// the plane through the pivot.
final class FlatTarget: GesturableTarget {
    var position = SIMD3<Double>.zero
    var orientation = Quat.identity
    var scale = 1.0
    var pivot = SIMD3<Double>.zero
    var viewAxis: SIMD3<Double> { SIMD3<Double>(0, 0, -1) }

    func worldDelta(forScreen d: GPoint, at p: GPoint) -> SIMD3<Double> { SIMD3<Double>(d.x, -d.y, 0) }

    func localPoint(forScreen p: GPoint) -> SIMD3<Double> {
        // Invert world(v) = position + R·S·(v − pivot) for the world point (p.x, -p.y, position.z).
        let world = SIMD3<Double>(p.x, -p.y, position.z)
        let inverse = Quat(w: orientation.w, x: -orientation.x, y: -orientation.y, z: -orientation.z)
        return pivot + inverse.rotate(world - position) / scale
    }
}
