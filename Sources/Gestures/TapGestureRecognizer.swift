/// A discrete tap: `numberOfTapsRequired` presses of `numberOfTouchesRequired` touches, each
/// short and still, close together in time and space (UIKit's `UITapGestureRecognizer`).
///
/// A single tap that must not steal a double tap calls `require(toFail: doubleTap)`; the double tap
/// fails by its own interval deadline, or at once when the next press lands too far away
/// (`shouldAcceptNewSequence`), which releases the single tap without waiting.
open class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    /// A touch fails the tap when it moves this far (`≥`) from where it went down.
    public var maximumMovement = 1.0
    public var maximumPressDuration = GestureTime.ms(500)
    /// From one release to the next press.
    public var maximumTapInterval = GestureTime.ms(300)
    /// From the first press to later presses (`>` fails).
    public var maximumTapDistance = 2.0

    open override class var isDiscrete: Bool { true }

    static let pressDeadline = 0
    static let intervalDeadline = 1

    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var firstPress: GPoint?
    @exclusivity(unchecked) private var mostTouchesDown = 0
    @exclusivity(unchecked) private var liftedSum = GPoint.zero
    @exclusivity(unchecked) private var liftedCount = 0
    @exclusivity(unchecked) private var tapLocation: GPoint?

    public init(name: String = "tap", taps: Int = 1, touches: Int = 1) {
        numberOfTapsRequired = taps
        numberOfTouchesRequired = touches
        super.init(name: name)
    }

    /// The taps completed in the current attempt.
    public var tapCount: Int { count }

    open override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        if self.touches.count > numberOfTouchesRequired {
            request(.failed)
            return
        }
        mostTouchesDown = max(mostTouchesDown, self.touches.count)
        schedule(id: Self.pressDeadline, at: event.timestamp + maximumPressDuration)
        cancelDeadline(id: Self.intervalDeadline)
        if firstPress == nil { firstPress = centroid() }
    }

    open override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        for t in touches where t.location.distance(to: t.initialLocation) >= maximumMovement {
            request(.failed)
            return
        }
    }

    open override func touchesEnded(_ touches: [Touch], event: TouchEvent) {
        for t in touches where t.location.distance(to: t.initialLocation) >= maximumMovement {
            request(.failed)
            return
        }
        for t in touches { liftedSum += t.location }
        liftedCount += touches.count
        guard self.touches.count == touches.count else { return }  // others still down
        tapLocation = liftedSum / Double(liftedCount)
        liftedSum = .zero
        liftedCount = 0
        cancelDeadline(id: Self.pressDeadline)
        guard mostTouchesDown == numberOfTouchesRequired else {
            request(.failed)
            return
        }
        mostTouchesDown = 0
        count += 1
        if count >= numberOfTapsRequired {
            request(.ended)
        } else {
            schedule(id: Self.intervalDeadline, at: event.timestamp + maximumTapInterval)
        }
    }

    open override func touchesCancelled(_ touches: [Touch], event: TouchEvent) {
        request(.failed)
    }

    open override func deadlineFired(_ id: Int, at time: GestureTime) {
        request(.failed)
    }

    open override func shouldAcceptNewSequence(_ touch: Touch) -> Bool {
        guard count >= 1, let firstPress else { return true }
        return touch.location.distance(to: firstPress) <= maximumTapDistance
            && allowedSources.contains(touch.source.kind)
    }

    open override func snapshotValues(at time: GestureTime) -> GestureValues { .tap(count: count) }

    /// Where the last tap was released: the centroid of its touches' release points.
    open override var snapshotLocation: GPoint { tapLocation ?? location() }

    open override func reset() {
        count = 0
        firstPress = nil
        mostTouchesDown = 0
        liftedSum = .zero
        liftedCount = 0
        tapLocation = nil
    }
}
