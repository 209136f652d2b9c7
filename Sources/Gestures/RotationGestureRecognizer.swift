/// A continuous two-touch rotation (UIKit's `UIRotationGestureRecognizer`), in radians, positive
/// clockwise on screen (y grows down). The angle is accumulated from wrapped increments, so it is
/// unbounded and never jumps by 2π; it begins at `threshold` (5°), never at 0 (pitfall D5).
open class RotationGestureRecognizer: TwoTouchGestureRecognizer {
    public var threshold = 5.0 * Double.pi / 180

    @exclusivity(unchecked) private var previousAngle: Double?
    @exclusivity(unchecked) private var radians = 0.0
    @exclusivity(unchecked) private var velocityTracker = VelocityTracker()

    public override init(name: String = "rotation") {
        super.init(name: name)
    }

    /// The rotation since the pair formed.
    public var rotation: Double { radians }

    private var angle: Double {
        let d = touches[1].location - touches[0].location
        return Trigonometry.atan2(d.y, d.x)
    }

    open override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        if previousAngle == nil && self.touches.count == 2 {
            if self.touches[0].location == self.touches[1].location {
                ignore(self.touches[1].id)
            } else {
                previousAngle = angle
                velocityTracker.add(.zero, at: event.timestamp)
            }
        }
        failUnlessPaired()
    }

    open override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        guard let previous = previousAngle, self.touches.count == 2 else { return }
        let a = angle
        let step = Trigonometry.wrapToPi(a - previous)
        previousAngle = a
        guard step != 0 else { return }
        radians += step
        velocityTracker.add(GPoint(x: radians, y: 0), at: event.timestamp)
        valueChanged(pastThreshold: abs(radians) >= threshold)
    }

    open override func snapshotValues(at time: GestureTime) -> GestureValues {
        .rotation(radians: radians, delta: 0, velocity: velocityTracker.velocity(at: time).x)
    }

    open override func reset() {
        previousAngle = nil
        radians = 0
        velocityTracker.clear()
    }
}
