// The camera needs sine, cosine and arc tangent and nothing else from the C library. The
// program's trigonometry is `Gestures.Trigonometry` (pure Swift), but Scene may import only
// Polycube, so it cannot see it; this is the one other source, the platform's libm imported
// directly so that Scene stays free of Foundation. The two agree to within a few ulps, and those
// ulps are why Scene does not share the pure-Swift one through a leaf module: the isometric views
// sit on exact ties (sin 45 degrees against cos 45 degrees) that the last bit decides, so the
// pure-Swift values change scene snapshots and a drag in the default view (docs/conventions.md,
// "One word, one type").
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
