/// A continuous two-touch pinch (UIKit's `UIPinchGestureRecognizer`): the scale is the touches'
/// distance over their distance when the second touch arrived. It begins only once the scale has
/// changed by `scaleThreshold`, never at 0, so a two-touch pan is not a pinch (pitfall D5).
///
/// Like the pan (and unlike the spec's literal "fewer than 2 touches while possible → fail"), a
/// pinch whose `began` is waiting for failure requirements when its touches lift ends with an
/// owed `began` + `ended` rather than failing: the user did pinch, only the decision was late.
/// The rotation and long press recognizers follow the same rule.
open class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    public var scaleThreshold = 0.05
    /// A pair closer than this cannot give a meaningful scale; the second touch is ignored.
    public var minimumSpan = 0.5

    @exclusivity(unchecked) private var initialSpan: Double?
    @exclusivity(unchecked) private var scaleValue = 1.0
    @exclusivity(unchecked) private var velocityTracker = VelocityTracker()

    public override init(name: String = "pinch") {
        super.init(name: name)
    }

    /// The current scale relative to the start of the pinch.
    public var scale: Double { scaleValue }

    private var span: Double { touches[0].location.distance(to: touches[1].location) }

    open override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        if initialSpan == nil && self.touches.count == 2 {
            let s = span
            if s < minimumSpan {
                ignore(self.touches[1].id)
            } else {
                initialSpan = s
                velocityTracker.add(GPoint(x: 1, y: 0), at: event.timestamp)
            }
        }
        failUnlessPaired()
    }

    open override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        guard let s0 = initialSpan, self.touches.count == 2 else { return }
        let s = span / s0
        guard s != scaleValue else { return }
        scaleValue = s
        velocityTracker.add(GPoint(x: s, y: 0), at: event.timestamp)
        valueChanged(pastThreshold: abs(s - 1) >= scaleThreshold)
    }

    open override func snapshotValues(at time: GestureTime) -> GestureValues {
        .pinch(scale: scaleValue, scaleDelta: 1, velocity: velocityTracker.velocity(at: time).x)
    }

    open override func reset() {
        initialSpan = nil
        scaleValue = 1
        velocityTracker.clear()
    }
}
