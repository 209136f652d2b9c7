/// What the game wants to tell the player about the last command, shown until the next one.
public enum Feedback: Hashable, Sendable {
    case refused(Refusal)
    /// A neutral note, such as "Hint: 3 solutions remain".
    case note(String)

    public var message: String {
        switch self {
        case .refused(let r): r.message
        case .note(let text): text
        }
    }

    public var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }
}
