import Gestures
import Scene

/// The game layer's one word for a direction on screen is Scene's `ScreenDirection`: the arrows,
/// a flick, a camera orbit and a cursor step all speak it, and the camera answers in it
/// (`rotationAxis(forSwipe:)`). Gestures keeps UIKit's `SwipeDirection` because it imports
/// nothing; this initializer is the one place the game maps a swipe onto the screen direction.
extension ScreenDirection {
    init(_ swipe: SwipeDirection) {
        switch swipe {
        case .left: self = .left
        case .right: self = .right
        case .up: self = .up
        case .down: self = .down
        }
    }
}
