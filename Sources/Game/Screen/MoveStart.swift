/// Whether the command being carried out began a move of the midend's move list: a game's rules
/// mark it where a change begins a move (`begin`), and the command's effects then end with
/// `.moved`, once (the midend keeps the position from before the event for undo). One mark for
/// every game, so each says `.moved` the same way.
struct MoveStart: Hashable, Sendable {
    private var begun = false

    /// The change being made begins a move.
    mutating func begin() { begun = true }

    /// `effects` of one command, with `.moved` after them when the command began a move; the
    /// mark is cleared for the next command.
    mutating func effects(_ effects: [GameEffect]) -> [GameEffect] {
        defer { begun = false }
        return begun ? effects + [.moved] : effects
    }
}
