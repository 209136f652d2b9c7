/// UIKit's touch phases. `stationary` is accepted and ignored: a terminal only reports changes.
public enum TouchPhase: Hashable, Sendable {
    case began, moved, stationary, ended, cancelled

    /// True for the phases after which the touch no longer exists.
    public var isFinal: Bool { self == .ended || self == .cancelled }
}
