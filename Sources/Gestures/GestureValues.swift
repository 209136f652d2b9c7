/// The recognizer-specific payload of a snapshot. Continuous values carry both the cumulative
/// value since the attempt began and the delta since the previous action of the same attempt, so
/// that handlers never need UIKit's `setTranslation(.zero)` / `scale = 1` dance (pitfall D3).
public enum GestureValues: Hashable, Sendable {
    case none
    /// Translation and delta in iso units, velocity in iso units per second.
    case pan(translation: GPoint, delta: GPoint, velocity: GPoint)
    /// The scale delta is multiplicative: `scale == previousScale * scaleDelta`.
    case pinch(scale: Double, scaleDelta: Double, velocity: Double)
    /// Radians, positive clockwise on screen (y down), unbounded; velocity in radians per second.
    case rotation(radians: Double, delta: Double, velocity: Double)
    case swipe(direction: SwipeDirection, start: GPoint)
    case tap(count: Int)

    /// The same values with the delta measured from `previous` (the last values delivered in this
    /// attempt), or from the neutral value when this is the first action of the attempt.
    func withDelta(from previous: GestureValues?) -> GestureValues {
        switch self {
        case let .pan(translation, _, velocity):
            var base = GPoint.zero
            if case let .pan(t, _, _)? = previous { base = t }
            return .pan(translation: translation, delta: translation - base, velocity: velocity)
        case let .pinch(scale, _, velocity):
            var base = 1.0
            if case let .pinch(s, _, _)? = previous { base = s }
            return .pinch(scale: scale, scaleDelta: base == 0 ? 1 : scale / base, velocity: velocity)
        case let .rotation(radians, _, velocity):
            var base = 0.0
            if case let .rotation(r, _, _)? = previous { base = r }
            return .rotation(radians: radians, delta: radians - base, velocity: velocity)
        case .none, .swipe, .tap:
            return self
        }
    }
}
