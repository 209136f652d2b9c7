extension GestureRecognizer {
    /// UIKit's recognizer states. Discrete recognizers go `possible → ended | failed`; continuous
    /// ones go `possible → began → changed* → ended | cancelled`, or `possible → failed`.
    /// Only the manager moves a recognizer from a terminal state back to `possible` (by resetting
    /// it after its touch sequence), never the state setter.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed

        public static let recognized = State.ended

        /// ended, cancelled and failed: the attempt is over until the manager resets it.
        public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }

        /// began or changed: a continuous gesture in progress.
        public var isActive: Bool { self == .began || self == .changed }

        public var description: String {
            switch self {
            case .possible: return "possible"
            case .began: return "began"
            case .changed: return "changed"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            case .failed: return "failed"
            }
        }
    }
}
