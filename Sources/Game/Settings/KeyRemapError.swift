/// Why a key remapping cannot be used.
enum KeyRemapError: Error, Equatable, CustomStringConvertible {
    /// Two keys were moved onto one.
    case sameTarget(GameKey, from: [GameKey])
    /// A key was moved onto one that still does something else.
    case alreadyBound(GameKey, movedFrom: GameKey)
    /// A capital letter that picks up a pentomino tile was moved, or a key moved onto one
    /// (`PentominoKeyMap.table(tileLetters:remap:)`).
    case tileKey(movedFrom: GameKey, to: GameKey)

    var description: String {
        switch self {
        case let .sameTarget(key, from):
            "both \(from.map(\.name).joined(separator: " and ")) are moved to \(key.name)"
        case let .alreadyBound(key, from):
            "\(from.name) is moved to \(key.name), which already has a use; move \(key.name) elsewhere too"
        case let .tileKey(from, _) where PentominoKeyMap.picksUpTile(from):
            "\(from.name) picks up the \(from.name) tile and cannot be moved"
        case let .tileKey(from, to):
            "\(from.name) cannot be moved to \(to.name): capital letters pick up tiles"
        }
    }
}
