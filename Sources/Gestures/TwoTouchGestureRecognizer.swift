/// The common life of the two-touch continuous recognizers (pinch, rotation): they track one
/// pair, start measuring it when it forms (ignoring a second touch too close to measure), fail
/// when the pair never forms, begin once their value has moved past a threshold (never at the
/// first touch, pitfall D5), keep the value's history for its velocity, and end or cancel with
/// the pair. Kept in one place so the two cannot drift apart in how they decide; each says
/// only what its value is (`startMeasuring`, `measure`, `isPastThreshold`).
open class TwoTouchGestureRecognizer: GestureRecognizer {
    /// The value when nothing has moved (a pinch's scale 1, a rotation's 0 radians).
    private let restingValue: Double
    /// The value now, measured since the pair formed.
    @exclusivity(unchecked) final private(set) var value: Double
    /// Whether the pair has formed and its value is being measured.
    @exclusivity(unchecked) private var isMeasuring = false
    /// The value's recent history (in x), for its velocity at a snapshot.
    @exclusivity(unchecked) private var velocityTracker = VelocityTracker()

    init(name: String, restingValue: Double) {
        self.restingValue = restingValue
        value = restingValue
        super.init(name: name)
        maximumTrackedTouches = 2
    }

    /// Starts measuring the pair that has just formed; false when the pair cannot be measured,
    /// and then the second touch is ignored.
    open func startMeasuring() -> Bool { false }

    /// The value the pair's touches give now (called only while measuring, with two touches).
    open func measure() -> Double { value }

    /// Whether the value has moved far enough for the gesture to begin.
    open func isPastThreshold(_ value: Double) -> Bool { false }

    open override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        if !isMeasuring && self.touches.count == 2 {
            if startMeasuring() {
                isMeasuring = true
                velocityTracker.add(GPoint(x: value, y: 0), at: event.timestamp)
            } else {
                ignore(self.touches[1].id)
            }
        }
        failUnlessPaired()
    }

    open override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        guard isMeasuring, self.touches.count == 2 else { return }
        let v = measure()
        guard v != value else { return }
        value = v
        velocityTracker.add(GPoint(x: v, y: 0), at: event.timestamp)
        valueChanged(pastThreshold: isPastThreshold(v))
    }

    /// How fast the value moves at `time`, per second.
    final func velocity(at time: GestureTime) -> Double {
        velocityTracker.velocity(at: time).x
    }

    open override func reset() {
        value = restingValue
        isMeasuring = false
        velocityTracker.clear()
    }

    /// Fails a recognizer still deciding when fewer than two touches are down.
    final func failUnlessPaired() {
        if touches.count < 2 && state == .possible && !isPending { request(.failed) }
    }

    /// Reports a change of the recognizer's value: `changed` while active, `began` once the value
    /// has moved far enough (`pastThreshold`) and nothing holds the recognizer back.
    final func valueChanged(pastThreshold: Bool) {
        if state.isActive {
            request(.changed)
        } else if state == .possible && !isPending && pastThreshold {
            request(.began)
        }
    }

    open override func touchesEnded(_ touches: [Touch], event: TouchEvent) {
        if state.isActive || isPending { request(.ended) } else { request(.failed) }
    }

    open override func touchesCancelled(_ touches: [Touch], event: TouchEvent) {
        if state.isActive { request(.cancelled) } else { request(.failed) }
    }
}
