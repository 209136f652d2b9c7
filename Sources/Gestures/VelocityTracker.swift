/// Estimates a velocity from recent samples of a 2-D value (a pan's translation; a pinch's scale or
/// a rotation's angle in `x`), per spec B6:
/// keep the last 20 samples within a 100 ms horizon, stop walking back at a gap of more than 80 ms,
/// divide the change by the elapsed time, and never return NaN or infinity: bunched terminal
/// reads can share a timestamp (pitfall D13), so below 1 ms the previous estimate is kept.
struct VelocityTracker {
    var horizon = GestureTime.ms(100)
    var stopGap = GestureTime.ms(80)
    var capacity = 20

    private var times: [GestureTime] = []
    private var values: [GPoint] = []
    private var previous: GPoint?

    init() {
        times.reserveCapacity(capacity + 1)
        values.reserveCapacity(capacity + 1)
    }

    mutating func clear() {
        times.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        previous = nil
    }

    mutating func add(_ value: GPoint, at t: GestureTime) {
        if times.count == capacity {
            times.removeFirst()
            values.removeFirst()
        }
        times.append(t)
        values.append(value)
    }

    var lastSampleTime: GestureTime? { times.last }

    /// The velocity at `now`, in units per second. Zero once the value has been still for longer
    /// than the stop gap (a drag that paused before release does not fling).
    mutating func velocity(at now: GestureTime) -> GPoint {
        guard let newestTime = times.last else { return previous ?? .zero }
        if now - newestTime > stopGap { return .zero }
        let newest = times.count - 1
        var oldest = newest
        while oldest > 0 {
            let candidate = oldest - 1
            if times[oldest] - times[candidate] > stopGap || newestTime - times[candidate] > horizon { break }
            oldest = candidate
        }
        let dt = (newestTime - times[oldest]).seconds
        if dt < 0.001 { return previous ?? .zero }
        let v = (values[newest] - values[oldest]) / dt
        guard v.x.isFinite && v.y.isFinite else { return previous ?? .zero }
        previous = v
        return v
    }
}
