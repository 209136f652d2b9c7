/// The common life of the two-touch continuous recognizers (pinch, rotation): they track one
/// pair, fail when the pair never forms, begin once their value has moved past a threshold (never
/// at the first touch, pitfall D5), and end or cancel with the pair. Kept in one place so the two
/// cannot drift apart in how they decide.
open class TwoTouchGestureRecognizer: GestureRecognizer {
    public override init(name: String) {
        super.init(name: name)
        maximumTrackedTouches = 2
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
