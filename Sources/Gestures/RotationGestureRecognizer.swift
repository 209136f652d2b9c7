/// A continuous two-touch rotation (UIKit's `UIRotationGestureRecognizer`), in radians, positive
/// clockwise on screen (y grows down). The angle is accumulated from wrapped increments, so it is
/// unbounded and never jumps by 2π; it begins at `threshold` (5°), never at 0 (pitfall D5).
open class RotationGestureRecognizer: TwoTouchGestureRecognizer {
    public var threshold = 5.0 * Double.pi / 180

    /// The pair's angle at the latest reading: each reading adds the wrapped step from it.
    @exclusivity(unchecked) private var previousAngle = 0.0

    public init(name: String = "rotation") {
        super.init(name: name, restingValue: 0)
    }

    /// The rotation since the pair formed.
    public var rotation: Double { value }

    private var angle: Double {
        let d = touches[1].location - touches[0].location
        return Trigonometry.atan2(d.y, d.x)
    }

    open override func startMeasuring() -> Bool {
        guard touches[0].location != touches[1].location else { return false }
        previousAngle = angle
        return true
    }

    open override func measure() -> Double {
        let a = angle
        let step = Trigonometry.wrapToPi(a - previousAngle)
        previousAngle = a
        return value + step
    }

    open override func isPastThreshold(_ value: Double) -> Bool { abs(value) >= threshold }

    open override func snapshotValues(at time: GestureTime) -> GestureValues {
        .rotation(radians: value, delta: 0, velocity: velocity(at: time))
    }
}
