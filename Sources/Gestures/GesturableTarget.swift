/// Something the Gesturable plans can move: a piece or the camera rig, in world space.
///
/// Its transform maps a local point `v` to `position + orientation · scale · (v − pivot)`: the
/// pivot (the "anchor point") is the local point that sits at `position`, and scaling and rotating
/// happen about it.
public protocol GesturableTarget: AnyObject {
    var position: Vec3 { get set }
    var orientation: Quat { get set }
    var scale: Double { get set }
    var pivot: Vec3 { get set }
    /// The world direction the camera looks along (into the screen). A positive rotation about it
    /// turns things clockwise as seen on screen, matching the sign of rotation gestures.
    var viewAxis: Vec3 { get }
    /// The world displacement for a screen displacement `d` (iso units) at screen point `p`.
    func worldDelta(forScreen d: GPoint, at p: GPoint) -> Vec3
    /// The local point under screen point `p` (a ray hit, or the plane through the pivot).
    func localPoint(forScreen p: GPoint) -> Vec3
}

extension GesturableTarget {
    /// Where a local point is in the world.
    public func world(_ v: Vec3) -> Vec3 { position + orientation.rotate((v - pivot) * scale) }

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
