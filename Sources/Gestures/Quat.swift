/// A rotation as a unit quaternion, for the Gesturable plans.
public struct Quat: Hashable, Sendable {
    public var w: Double
    public var x: Double
    public var y: Double
    public var z: Double

    public init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    public static let identity = Quat(w: 1, x: 0, y: 0, z: 0)

    /// A right-handed rotation by `angle` radians about `axis` (normalised here).
    public init(axis: SIMD3<Double>, angle: Double) {
        let a = axis.normalized
        let (s, c) = Trigonometry.sinCos(angle / 2)
        self.init(w: c, x: a.x * s, y: a.y * s, z: a.z * s)
    }

    /// `a * b` applies `b` first, then `a`.
    public static func * (a: Quat, b: Quat) -> Quat {
        Quat(w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
             x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
             y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
             z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
    }

    /// Rotates a vector: v' = v + 2w(q × v) + 2 q × (q × v).
    public func rotate(_ v: SIMD3<Double>) -> SIMD3<Double> {
        let q = SIMD3<Double>(x, y, z)
        let t = q.cross(v) * 2
        return v + t * w + q.cross(t)
    }
}
