/// The program's trigonometry: the few transcendental functions it needs, in pure Swift.
///
/// It lives here because Gestures, the module that needs it most (rotation angles, quaternions),
/// imports nothing, not Foundation, not Glibc; Game and Terminal import Gestures and use it too.
/// Scene, which may import only Polycube, cannot see it; its camera calls the C library through
/// `Scene/Trigonometry.swift`, the one other source, which agrees to within a few ulps (not to
/// the bit, which is why Scene does not share this one: see docs/conventions.md).
///
/// They give the same bits on every platform, which keeps logs identical between machines.
/// Accuracy is within a few ulps on the ranges used (angles of a few turns), far below the
/// thresholds involved. Rounding is done here too: `rounded(.down)` and `truncatingRemainder`
/// lower to libm calls (`floor`, `fmod`), which would make the module fail to link into a
/// program that does not happen to link libm.
public enum Trigonometry {
    /// The greatest integer not above `x`, for finite `x` within `Int`'s range (0 otherwise).
    static func floorToInt(_ x: Double) -> Int {
        guard x.isFinite, abs(x) < 9.0e18 else { return 0 }
        let i = Int(x)
        return Double(i) > x ? i - 1 : i
    }

    private static let halfPiHigh = 1.5707963267948966
    private static let halfPiLow = 6.123233995736766e-17

    /// Sine and cosine together, by reduction to [-π/4, π/4] and Taylor series.
    public static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        let ki = floorToInt(x / (halfPiHigh + halfPiLow) + 0.5)
        let k = Double(ki)
        let r = (x - k * halfPiHigh) - k * halfPiLow
        let r2 = r * r
        // sin r = r - r^3/3! + ...; cos r = 1 - r^2/2! + ...
        var s = r, c = 1.0, termS = r, termC = 1.0
        var n = 1.0
        for _ in 0..<10 {
            termS *= -r2 / ((n + 1) * (n + 2))
            termC *= -r2 / (n * (n + 1))
            s += termS
            c += termC
            n += 2
        }
        switch (ki % 4 + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    public static func sin(_ x: Double) -> Double { sinCos(x).sin }
    public static func cos(_ x: Double) -> Double { sinCos(x).cos }

    /// Arctangent, halving the argument twice (atan x = 2 atan(x / (1 + √(1 + x²)))) so the
    /// series converges fast.
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if abs(x) > 1 { return (x > 0 ? 1 : -1) * (halfPiHigh + halfPiLow) - atan(1 / x) }
        var y = x
        for _ in 0..<2 { y = y / (1 + (1 + y * y).squareRoot()) }
        let y2 = y * y
        var term = y, sum = y, n = 1.0
        for _ in 0..<14 {
            term *= -y2
            n += 2
            sum += term / n
        }
        return 4 * sum
    }

    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x > 0 { return atan(y / x) }
        if x < 0 { return y >= 0 ? atan(y / x) + .pi : atan(y / x) - .pi }
        if y > 0 { return .pi / 2 }
        if y < 0 { return -.pi / 2 }
        return 0
    }

    /// The angle brought into (-π, π].
    static func wrapToPi(_ a: Double) -> Double {
        guard a.isFinite else { return 0 }
        let turns = floorToInt((a + .pi) / (2 * .pi))
        var r = a - Double(turns) * 2 * .pi
        if r > .pi { r -= 2 * .pi }
        if r <= -.pi { r += 2 * .pi }
        return r
    }
}
