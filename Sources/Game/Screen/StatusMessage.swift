/// What a screen tells the player about the last thing done, on the bottom line until the next
/// command: a refusal or a problem (in red), or a neutral note (such as "Hint: 3 solutions
/// remain"). One type for every screen, so every bottom line reads the same way.
enum StatusMessage: Hashable, Sendable {
    /// A game command that was not carried out, and why.
    case refused(Refusal)
    /// Something that went wrong outside the game rules (a file not written, a bad name).
    case problem(String)
    case note(String)

    var message: String {
        switch self {
        case .refused(let r): r.message
        case .problem(let text), .note(let text): text
        }
    }

    /// True for what is drawn as a problem (refusals and problems).
    var isRefusal: Bool {
        if case .note = self { return false }
        return true
    }
}
