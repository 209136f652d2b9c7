import Gestures

/// One mouse button held down and moved, reported from the moment it goes down: began at the
/// press, changed at each move, ended at the release. The designer builds with it: a click on a
/// face adds the cube at once (not when a tap is recognized), and a drag paints from there, so
/// it needs no slop and no waiting for other recognizers.
final class StrokeGestureRecognizer: GestureRecognizer {
    override init(name: String = "stroke") {
        super.init(name: name)
        maximumTrackedTouches = 1
    }

    override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        request(.began)
    }

    override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        request(.changed)
    }

    override func touchesEnded(_ touches: [Touch], event: TouchEvent) {
        request(.ended)
    }

    override func touchesCancelled(_ touches: [Touch], event: TouchEvent) {
        request(.cancelled)
    }
}
