/// Undo and redo for every screen, kept by the `Midend` (Tatham's move list): whole positions,
/// not inverse commands. The positions are small (a pose per piece, a design's cells), so keeping
/// each is simpler and safer than inverting commands, and a drag that makes ten steps is one
/// entry, undone at once.
struct UndoHistory<State: Hashable & Sendable>: Hashable, Sendable {
    private(set) var undoStack: [State] = []
    private(set) var redoStack: [State] = []
    /// Beyond this many steps the oldest are forgotten (nil: never).
    let limit: Int?

    init(limit: Int? = nil) {
        self.limit = limit
    }

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    /// Records the state as it was before a change; a new change forgets what could be redone.
    mutating func record(_ before: State) {
        undoStack.append(before)
        if let limit, undoStack.count > limit { undoStack.removeFirst(undoStack.count - limit) }
        redoStack.removeAll()
    }

    /// The state to go back to from `current`, or nil when there is nothing to undo.
    mutating func undo(from current: State) -> State? {
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(current)
        return previous
    }

    /// The state to go forward to from `current`, or nil when there is nothing to redo.
    mutating func redo(from current: State) -> State? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(current)
        return next
    }
}
