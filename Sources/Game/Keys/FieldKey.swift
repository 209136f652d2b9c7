/// The keys of a text field, the designer's name prompt and the hall of fame's name alike: one
/// table, so that the prompts' reminders (`Enter: save   Esc: cancel`) and refusals name the
/// keys the fields answer to.
enum FieldKey: Hashable, Sendable {
    case done, cancel, erase

    static let table = KeyTable<FieldKey>([
        .keys("Enter", [.enter], .done, "keep the name"),
        .keys("Esc", [.escape], .cancel, "cancel"),
        .keys("Backspace/Delete", [.backspace, .delete], .erase, "erase a letter"),
    ])
}

extension GameKey {
    /// The key a field's code handles for `action`: the fields switch over keys, and a key
    /// found in `FieldKey.table` comes to them as the key its action was first bound to.
    static func field(_ action: FieldKey) -> GameKey {
        switch action {
        case .done: .enter
        case .cancel: .escape
        case .erase: .backspace
        }
    }
}
