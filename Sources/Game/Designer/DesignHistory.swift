/// Undo and redo for the designer: whole designs, not edits. A design is a few dozen cells, so
/// keeping each state is simpler and safer than inverting commands, and a stroke of the mouse
/// that adds ten cubes is one entry, undone at once.
struct DesignHistory: Hashable, Sendable {
    private(set) var undoStack: [Design] = []
    private(set) var redoStack: [Design] = []
    /// Beyond this many steps the oldest are forgotten.
    static let limit = 500

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    /// Records the design as it was before a change; a new change forgets what could be redone.
    mutating func record(_ before: Design) {
        undoStack.append(before)
        if undoStack.count > Self.limit { undoStack.removeFirst(undoStack.count - Self.limit) }
        redoStack.removeAll()
    }

    /// The design to go back to from `current`, or nil when there is nothing to undo.
    mutating func undo(from current: Design) -> Design? {
        guard let previous = undoStack.popLast() else { return nil }
        redoStack.append(current)
        return previous
    }

    /// The design to go forward to from `current`, or nil when there is nothing to redo.
    mutating func redo(from current: Design) -> Design? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append(current)
        return next
    }
}
