/// Something the Gesturable plans can move: a piece or the camera rig, in world space.
///
/// Its transform maps a local point `v` to `position + orientation · scale · (v − pivot)`: the
/// pivot (the "anchor point") is the local point that sits at `position`, and scaling and rotating
/// happen about it.
public protocol GesturableTarget: AnyObject {
    var position: SIMD3<Double> { get set }
    var orientation: Quat { get set }
    var scale: Double { get set }
    var pivot: SIMD3<Double> { get set }
    /// The world direction the camera looks along (into the screen). A positive rotation about it
    /// turns things clockwise as seen on screen, matching the sign of rotation gestures.
    var viewAxis: SIMD3<Double> { get }
    /// The world displacement for a screen displacement `d` (iso units) at screen point `p`.
    func worldDelta(forScreen d: GPoint, at p: GPoint) -> SIMD3<Double>
    /// The local point under screen point `p` (a ray hit, or the plane through the pivot).
    func localPoint(forScreen p: GPoint) -> SIMD3<Double>
}

extension GesturableTarget {
    /// Where a local point is in the world.
    public func world(_ v: SIMD3<Double>) -> SIMD3<Double> { position + orientation.rotate((v - pivot) * scale) }

    var transform: GesturableTransform {
        get { GesturableTransform(position: position, orientation: orientation, scale: scale, pivot: pivot) }
        set {
            position = newValue.position
            orientation = newValue.orientation
            scale = newValue.scale
            pivot = newValue.pivot
        }
    }
}
