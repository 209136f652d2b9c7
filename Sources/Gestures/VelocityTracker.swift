/// Estimates a velocity from recent samples of a 2-D value (a pan's translation; a pinch's scale or
/// a rotation's angle in `x`), per spec B6:
/// keep the last 20 samples within a 100 ms horizon, stop walking back at a gap of more than 80 ms,
/// divide the change by the elapsed time, and never return NaN or infinity: bunched terminal
/// reads can share a timestamp (pitfall D13), so below 1 ms the previous estimate is kept.
///
/// The spec asks for zero velocity at `ended` when the last motion is more than 80 ms old; this
/// applies the rule to every snapshot, so that a pan that begins late (after waiting for swipes)
/// does not report the speed of a motion that has long stopped.
///
/// The samples live in a fixed ring (32 slots, a power of two so indices wrap with a mask), so
/// adding one never allocates or shifts memory; at most `capacity` of them are used.
struct VelocityTracker {
    static let capacity = 20
    private static let slots = 32
    var horizon = GestureTime.ms(100)
    var stopGap = GestureTime.ms(80)

    private var times = [GestureTime](repeating: .zero, count: slots)
    private var values = [GPoint](repeating: .zero, count: slots)
    private var newest = -1
    private var count = 0
    private var previous: GPoint?

    mutating func clear() {
        newest = -1
        count = 0
        previous = nil
    }

    mutating func add(_ value: GPoint, at t: GestureTime) {
        newest = (newest + 1) & (Self.slots - 1)
        times[newest] = t
        values[newest] = value
        count = min(count + 1, Self.capacity)
    }

    var lastSampleTime: GestureTime? { count == 0 ? nil : times[newest] }

    /// The velocity at `now`, in units per second. Zero once the value has been still for longer
    /// than the stop gap (a drag that paused before release does not fling).
    mutating func velocity(at now: GestureTime) -> GPoint {
        guard count > 0 else { return previous ?? .zero }
        let newestTime = times[newest]
        if now - newestTime > stopGap { return .zero }
        var oldest = newest
        var walked = 1
        while walked < count {
            let candidate = (oldest &+ Self.slots &- 1) & (Self.slots - 1)
            let t = times[candidate].nanoseconds
            if times[oldest].nanoseconds &- t > stopGap.nanoseconds || newestTime.nanoseconds &- t > horizon.nanoseconds {
                break
            }
            oldest = candidate
            walked += 1
        }
        let dt = (newestTime - times[oldest]).seconds
        if dt < 0.001 { return previous ?? .zero }
        let v = (values[newest] - values[oldest]) / dt
        guard v.x.isFinite && v.y.isFinite else { return previous ?? .zero }
        previous = v
        return v
    }
}
