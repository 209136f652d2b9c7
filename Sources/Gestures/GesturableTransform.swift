/// The four transform values of a `GesturableTarget`, captured at `began` so that a cancelled
/// gesture can put them back.
struct GesturableTransform: Hashable, Sendable {
    var position: SIMD3<Double>
    var orientation: Quat
    var scale: Double
    var pivot: SIMD3<Double>
}
