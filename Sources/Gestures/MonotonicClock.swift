/// The real clock for the front end: the standard library's `ContinuousClock` (monotonic, not wall
/// time), measured from the moment the clock was created. Nothing in the core reads it by itself.
public final class MonotonicClock: GestureClock {
    private let origin: ContinuousClock.Instant

    public init() {
        origin = ContinuousClock.now
    }

    public var now: GestureTime {
        let d = origin.duration(to: ContinuousClock.now).components
        return GestureTime(nanoseconds: d.seconds * 1_000_000_000 + d.attoseconds / 1_000_000_000)
    }
}
