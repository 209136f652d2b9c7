import Polycube

/// A point or direction in lattice space (x, y, z with z up), in lattice units.
///
/// The program's one 3-D vector type is the standard library's `SIMD3<Double>`, named here: Scene
/// imports only Polycube and Gestures imports nothing, so the standard library is the only
/// module where a type both can use may live, and a vector passes between the gesture plans and
/// the scene without conversion. (Gestures spells it `SIMD3<Double>`: a second public alias
/// would be ambiguous in Game, which imports both.) The few operations geometry needs are added
/// here, internal, rather than importing a linear-algebra module for four functions.
public typealias Vector3 = SIMD3<Double>

extension SIMD3 where Scalar == Double {
    /// The centre-free lattice position of a cell's minimum corner.
    @inlinable
    init(_ cell: Cell) { self.init(Double(cell.x), Double(cell.y), Double(cell.z)) }

    @inlinable
    func dot(_ o: Self) -> Double { x * o.x + y * o.y + z * o.z }

    @inlinable
    func cross(_ o: Self) -> Self { Self(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }

    @inlinable
    var length: Double { dot(self).squareRoot() }

    @inlinable
    var normalized: Self {
        let l = length
        return l > 0 ? self / l : self
    }
}
