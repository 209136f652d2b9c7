/// What the store made of a name the player chose.
public enum NameChoice: Hashable, Sendable {
    /// Kept: the player is shown by it from now on.
    case accepted(String)
    /// Not kept, and why (taken, already chosen, not a name, the database failed).
    case refused(String)
}
