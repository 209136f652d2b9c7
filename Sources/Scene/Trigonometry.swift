// The camera needs sine, cosine and arc tangent and nothing else from the C library. The
// program's trigonometry is `Gestures.Trigonometry` (pure Swift), but Scene may import only
// Polycube, so it cannot see it; this is the one other source, the platform's libm imported
// directly so that Scene stays free of Foundation. The two agree to within a few ulps.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func arcTangent(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
