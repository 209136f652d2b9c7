import NIOCore

/// Seconds on the monotonic clock: what every limit measures (a wall clock that jumps would
/// disconnect everyone, or no one).
enum MonotonicTime {
    static func now() -> Double {
        Double(NIODeadline.now().uptimeNanoseconds) / 1e9
    }
}
