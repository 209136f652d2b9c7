import Polycube

/// A point or direction in lattice space (x, y, z with z up), in lattice units.
///
/// The standard library's SIMD vector is used as is; the few operations geometry needs are added
/// here rather than importing a linear-algebra module for three functions.
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
