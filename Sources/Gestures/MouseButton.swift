/// A mouse button: the one a terminal's mouse report names (`Terminal.MouseEvent`) and the one
/// that started a touch. One type for both, in the module that imports nothing.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
}
