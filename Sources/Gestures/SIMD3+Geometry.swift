/// The program's one 3-D vector type is the standard library's `SIMD3<Double>` (Scene calls it
/// `Vector3`). Gestures imports nothing and Scene imports only Polycube, so neither can see a type
/// the other declares; the standard library is the one module both see, so a vector a Gesturable
/// plan computes reaches the scene with no conversion. Gestures spells it `SIMD3<Double>` in its
/// public API because a second public alias would be ambiguous in Game, which imports both.
///
/// The few operations the plans need, kept internal for the same reason (Scene has its own).
extension SIMD3 where Scalar == Double {
    var length: Double { dot(self).squareRoot() }
    func dot(_ o: Self) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Self) -> Self { Self(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    var normalized: Self { let l = length; return l == 0 ? self : self / l }
}
