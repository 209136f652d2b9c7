/// A discrete flick in one direction (UIKit's `UISwipeGestureRecognizer`); use one recognizer per
/// direction so the action knows which it was.
///
/// Unlike Hammer, it decides during the move: it is recognized as soon as the touch has gone
/// `minimumDistance` along its direction within `maximumDuration`, and it fails early when the
/// touch backtracks, deviates, or is too slow on average, or on its deadline. A pan that requires
/// swipes to fail therefore waits at most `maximumDuration`, usually much less (pitfall D1).
///
/// With `decidesAtRelease` it is the terminal's flick instead: a press, a move of at least
/// `minimumDistance` and a *release* within `maximumDuration`, judged only at the release by
/// where the touch let go. A terminal cannot tell a flick by speed: it reports one position per
/// character cell, skips cells, and delivers reports 8-60 ms apart or in bursts, so a hand's
/// ordinary drag at 25 columns a second, or its first report jumping 3 columns, looks as fast as
/// a flick. What it does report honestly is whether the button is still down, so a gesture still
/// held after `maximumDuration` is a drag whatever its speed. Run this way, nothing should wait
/// for the swipe to fail: a pan runs alongside and the game takes its work back if the flick wins.
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
    /// Decide at release, by the time the button was held, rather than during the move (see
    /// above); the average-speed and backtrack rules do not apply then.
    public var decidesAtRelease = false

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
        guard !decidesAtRelease, let start, let p = touches.first?.location else { return }
        if let verdict = judge(p - start, after: event.timestamp - startTime) { request(verdict) }
    }

    /// The swipe's state after a displacement `d` from the press, `elapsed` after it, during the
    /// move: failed, ended, or nil to keep watching.
    private func judge(_ d: GPoint, after elapsed: GestureTime) -> GestureRecognizer.State? {
        let u = direction.unit
        let along = d.dot(u)
        let perpendicular = abs(d.cross(u))
        if along <= -backtrackLimit { return .failed }
        if d.length >= 1.0 {
            if perpendicular > maximumDeviation * max(along, 0) { return .failed }
            let seconds = elapsed.seconds
            if seconds > 0 && along / seconds < minimumAverageSpeed { return .failed }
        }
        return along >= minimumDistance && elapsed <= maximumDuration ? .ended : nil
    }

    open override func touchesEnded(_ touches: [Touch], event: TouchEvent) {
        guard decidesAtRelease, let start, let p = touches.first?.location,
              event.timestamp - startTime <= maximumDuration else { return request(.failed) }
        let d = p - start
        let u = direction.unit
        let along = d.dot(u)
        let flicked = along >= minimumDistance && abs(d.cross(u)) <= maximumDeviation * along
        request(flicked ? .ended : .failed)
    }

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
