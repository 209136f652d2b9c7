/// A continuous press and hold (UIKit's `UILongPressGestureRecognizer`): begins when the touches
/// have stayed within `allowableMovement` for `minimumPressDuration`; after that, moves are
/// unrestricted and report `changed`, and the release ends it.
open class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumPressDuration = GestureTime.ms(500)
    /// Before it begins, a touch moving this far (`≥`) fails the press.
    public var allowableMovement = 1.0
    public var numberOfTouchesRequired = 1

    public override init(name: String = "longPress") {
        super.init(name: name)
    }

    open override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        guard state == .possible else { return }
        if self.touches.count > numberOfTouchesRequired {
            request(.failed)
            return
        }
        if self.touches.count == numberOfTouchesRequired {
            schedule(id: 0, at: event.timestamp + minimumPressDuration)
        }
    }

    open override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        if state.isActive {
            request(.changed)
            return
        }
        guard !isPending else { return }
        for t in touches where t.location.distance(to: t.initialLocation) >= allowableMovement {
            request(.failed)
            return
        }
    }

    open override func touchesEnded(_ touches: [Touch], event: TouchEvent) {
        if state.isActive || isPending { request(.ended) } else { request(.failed) }
    }

    open override func touchesCancelled(_ touches: [Touch], event: TouchEvent) {
        if state.isActive { request(.cancelled) } else { request(.failed) }
    }

    open override func deadlineFired(_ id: Int, at time: GestureTime) {
        if touches.count == numberOfTouchesRequired { request(.began) } else { request(.failed) }
    }
}
