/// One of the four directions on screen, as swipes and arrow keys name them (up = toward row 0).
///
/// Scene has its own small type instead of the Gestures module's so that it stays importable
/// with Polycube alone; the game maps one onto the other.
public enum ScreenDirection: Hashable, Sendable, CaseIterable {
    case up, down, left, right

    /// The unit step in screen space (columns, rows), rows growing downward.
    public var step: (columns: Double, rows: Double) {
        switch self {
        case .up: (0, -1)
        case .down: (0, 1)
        case .left: (-1, 0)
        case .right: (1, 0)
        }
    }
}
