/// A discrete flick in one direction (UIKit's `UISwipeGestureRecognizer`); use one recognizer per
/// direction so the action knows which it was.
///
/// Unlike Hammer, it decides during the move: it is recognized as soon as the touch has gone
/// `minimumDistance` along its direction within `maximumDuration`, and it fails early when the
/// touch backtracks, deviates, or is too slow on average, or on its deadline. A pan that requires
/// swipes to fail therefore waits at most `maximumDuration`, usually much less (pitfall D1).
open class SwipeGestureRecognizer: GestureRecognizer {
    public let direction: SwipeDirection
    public var minimumDistance = 3.0
    public var maximumDuration = GestureTime.ms(250)
    /// Average speed along the direction, in iso units per second (3.0 / 0.25 s).
    public var minimumAverageSpeed = 12.0
    /// Perpendicular over along distance (0.5 ≈ 26.6°).
    public var maximumDeviation = 0.5
    /// Moving this far (`≥`) against the direction fails the swipe.
    public var backtrackLimit = 1.0

    open override class var isDiscrete: Bool { true }

    @exclusivity(unchecked) private var start: GPoint?
    @exclusivity(unchecked) private var startTime = GestureTime.zero

    public init(direction: SwipeDirection, name: String? = nil) {
        self.direction = direction
        let suffix: String
        switch direction {
        case .left: suffix = "L"
        case .right: suffix = "R"
        case .up: suffix = "U"
        case .down: suffix = "D"
        }
        super.init(name: name ?? "swipe" + suffix)
    }

    open override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        guard start == nil, self.touches.count == 1 else {
            request(.failed)
            return
        }
        start = self.touches[0].location
        startTime = event.timestamp
        schedule(id: 0, at: event.timestamp + maximumDuration)
    }

    open override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        guard let start, let p = touches.first?.location else { return }
        let d = p - start
        let u = direction.unit
        let along = d.dot(u)
        let perpendicular = abs(d.cross(u))
        let elapsed = event.timestamp - startTime
        if along <= -backtrackLimit {
            request(.failed)
            return
        }
        if d.length >= 1.0 {
            if perpendicular > maximumDeviation * max(along, 0) {
                request(.failed)
                return
            }
            let seconds = elapsed.seconds
            if seconds > 0 && along / seconds < minimumAverageSpeed {
                request(.failed)
                return
            }
        }
        if along >= minimumDistance && elapsed <= maximumDuration { request(.ended) }
    }

    open override func touchesEnded(_ touches: [Touch], event: TouchEvent) { request(.failed) }
    open override func touchesCancelled(_ touches: [Touch], event: TouchEvent) { request(.failed) }
    open override func deadlineFired(_ id: Int, at time: GestureTime) { request(.failed) }

    /// The swipe is reported where it started, which is what a game wants to hit test.
    open override var snapshotLocation: GPoint { start ?? location() }

    open override func snapshotValues(at time: GestureTime) -> GestureValues {
        .swipe(direction: direction, start: start ?? location())
    }

    open override func reset() {
        start = nil
        startTime = .zero
    }
}
