/// The keys a game's own messages name ("All pieces back: u undoes", "U redoes", "Esc hides it"),
/// as the player bound them: the game knows no key table, so its session hands it these names
/// whenever the keys change.
public struct KeyReminders: Hashable, Sendable {
    public var undo = CommonKeys.standard.keyName(for: .undo)
    public var redo = CommonKeys.standard.keyName(for: .redo)
    /// The key that puts a hint away.
    public var dismiss = GameKey.escape.name

    public init() {}

    init(undo: String, redo: String, dismiss: String) {
        self.undo = undo
        self.redo = redo
        self.dismiss = dismiss
    }
}
