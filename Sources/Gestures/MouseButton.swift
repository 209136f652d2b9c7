/// The mouse button that started a touch.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}
