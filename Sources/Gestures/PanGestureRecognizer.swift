/// A continuous drag of one or more touches (UIKit's `UIPanGestureRecognizer`).
///
/// Begins when at least `minimumNumberOfTouches` are down and the translation reaches `slop`
/// (1.0 = one column, so any change of cell). The translation is measured from the touch-down
/// centroid, so a pan that had to wait for swipes "catches up" when it begins; it is re-based when
/// touches are added or lifted, so it never jumps (pitfall D4).
open class PanGestureRecognizer: GestureRecognizer {
    public var minimumNumberOfTouches = 1
    public var slop = 1.0

    /// The most touches tracked; further touches are not delivered (maps to
    /// `maximumTrackedTouches`). The game uses 1, as the pentomino app learned (pitfall D4).
    public var maximumNumberOfTouches: Int {
        get { maximumTrackedTouches }
        set { maximumTrackedTouches = newValue }
    }

    @exclusivity(unchecked) private var origin: GPoint?
    @exclusivity(unchecked) private var base = GPoint.zero
    @exclusivity(unchecked) private var lastCentroid = GPoint.zero
    @exclusivity(unchecked) private var velocityTracker = VelocityTracker()

    public override init(name: String = "pan") {
        super.init(name: name)
    }

    /// The translation since the first touch went down, in iso units.
    @exclusivity(unchecked) public private(set) var translation = GPoint.zero

    /// UIKit parity: makes the current translation `value`, clears the velocity samples, and makes
    /// the next delta relative to `value`.
    public func setTranslation(_ value: GPoint) {
        base += value - translation
        translation = value
        let t = velocityTracker.lastSampleTime ?? .zero
        velocityTracker.clear()
        velocityTracker.add(value, at: t)
        if case let .pan(_, _, v)? = lastDeliveredValues {
            lastDeliveredValues = .pan(translation: value, delta: .zero, velocity: v)
        } else if lastDeliveredValues != nil || state.isActive {
            lastDeliveredValues = .pan(translation: value, delta: .zero, velocity: .zero)
        }
    }

    open override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        let c = centroid()
        if origin == nil {
            origin = c
            velocityTracker.add(.zero, at: event.timestamp)
        } else {
            base += lastCentroid - c
        }
        lastCentroid = c
    }

    open override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        let c = centroid()
        guard c != lastCentroid, let origin else { return }
        lastCentroid = c
        translation = c - origin + base
        velocityTracker.add(translation, at: event.timestamp)
        switch state {
        case .possible:
            if !isPending && self.touches.count >= minimumNumberOfTouches && translation.length >= slop {
                request(.began)
            } else if isPending {
                request(.changed)
            }
        case .began, .changed:
            request(.changed)
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: [Touch], event: TouchEvent) {
        lifted(touches, event: event, cancelled: false)
    }

    open override func touchesCancelled(_ touches: [Touch], event: TouchEvent) {
        lifted(touches, event: event, cancelled: true)
    }

    private func lifted(_ lifted: [Touch], event: TouchEvent, cancelled: Bool) {
        let remaining = self.touches.filter { t in !lifted.contains { $0.id == t.id } }
        if cancelled {
            if state.isActive { request(.cancelled) } else { request(.failed) }
            return
        }
        if remaining.isEmpty {
            if state.isActive || isPending { request(.ended) } else { request(.failed) }
            return
        }
        var sum = GPoint.zero
        for t in remaining { sum += t.location }
        let c = sum / Double(remaining.count)
        base += lastCentroid - c
        lastCentroid = c
        if state.isActive && remaining.count < minimumNumberOfTouches { request(.ended) }
    }

    open override func snapshotValues(at time: GestureTime) -> GestureValues {
        .pan(translation: translation, delta: .zero, velocity: velocityTracker.velocity(at: time))
    }

    open override func reset() {
        origin = nil
        base = .zero
        lastCentroid = .zero
        translation = .zero
        velocityTracker.clear()
    }
}
