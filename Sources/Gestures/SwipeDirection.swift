/// The direction of a swipe on screen (y grows down, so `down` is towards higher rows).
public enum SwipeDirection: Hashable, Sendable {
    case left, right, up, down

    /// The unit vector of the direction in iso units.
    public var unit: GPoint {
        switch self {
        case .left: return GPoint(x: -1, y: 0)
        case .right: return GPoint(x: 1, y: 0)
        case .up: return GPoint(x: 0, y: -1)
        case .down: return GPoint(x: 0, y: 1)
        }
    }
}
