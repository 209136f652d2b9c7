import Polycube

/// The plan cursor (issue 24): the plan as an input surface by keys, as a click on a plan cell
/// is by mouse. The plan-cursor key (`p` unless remapped) puts a cursor on the plan; while it is
/// there the keys that move a piece move the cursor instead (the arrows over the plan's rows and
/// columns as the plan draws them, the back row on top; the up and down keys to the layer above
/// or below), the drop key puts the selected piece on a fit covering the cell under the cursor
/// (`SomaCommand.putOnFit(covering:)`: pressing it again on the same cell takes the next fit
/// there), and the plan-cursor key again, or Esc, takes the cursor away. A player reading a
/// printed solution copies it cell by cell, as with the mouse.
extension SomaSession {
    /// Handles `action` for the plan cursor: the cursor key shows or hides it; while it is
    /// shown, moves go to the cursor and the drop key places by fit. Nil when the action is not
    /// the cursor's (it then acts as usual: Tab or a digit still selects a piece).
    mutating func planCursorAction(_ action: SomaKeyMap.Action, now: Double) -> [GameEffect]? {
        if action == .planCursor {
            planCursor = planCursor == nil ? planCursorStart : nil
            return []
        }
        guard let cursor = planCursor else { return nil }
        switch action {
        case .move(let direction): planCursor = clampedToFigure(cursor + SomaPlan.latticeStep(for: direction))
        case .command(.move(let step)) where step.x == 0 && step.y == 0: planCursor = clampedToFigure(cursor + step)
        case .command(.drop): return apply(.putOnFit(covering: cursor), now: now)
        // Esc puts a hint away first (as it does without the cursor), then the cursor.
        case .deselect where game.hint == nil: planCursor = nil
        default: return nil
        }
        return []
    }

    /// Where the cursor appears: the first empty cell of the figure in the plan's reading order
    /// (the bottom layer first, its back row, from the left), where a build goes on.
    var planCursorStart: Cell {
        let cells = game.figure.cells
        let taken = Set(game.cells).union(game.fixed.keys)
        let open = cells.filter { !taken.contains($0) }
        return (open.isEmpty ? cells : open).min { ($0.z, -$0.y, $0.x) < ($1.z, -$1.y, $1.x) } ?? .origin
    }

    /// `cell` kept within the figure's box, where the plan has cells to point at.
    func clampedToFigure(_ cell: Cell) -> Cell {
        let box = Bounds(game.figure.cells.isEmpty ? [Cell.origin] : game.figure.cells)
        return Cell(min(max(cell.x, box.lo.x), box.hi.x), min(max(cell.y, box.lo.y), box.hi.y),
                    min(max(cell.z, box.lo.z), box.hi.z))
    }

    /// The bottom line while the cursor is shown, as ranked items: the key that puts (or how to
    /// select a piece first), the keys that move the cursor, the key that hides it, then where
    /// the cursor is in the plan's numbers, said as everywhere (`layer 3, row 2, column 1`).
    func planCursorLine(_ plan: SomaPlan) -> BottomLine? {
        guard let cursor = planCursor else { return nil }
        let at = plan.position(of: cursor)
        let put = dropKey
        // The long wordings give way first: the put's, then the cursor's place's.
        let action = game.selection.map { BottomItem([Reminder(keys: put, "put \(game.pieces[$0].letter) on a fit here"),
                                                      Reminder(keys: put, "put \(game.pieces[$0].letter)")],
                                                     ranks: [BottomRank.more + 2, BottomRank.action]) }
            ?? BottomItem([Reminder(keys: selectionKeys, "select a piece"), Reminder(keys: selectionKeys, "select")],
                          ranks: [BottomRank.more + 2, BottomRank.action])
        var items = [action]
        if let message = game.feedback { items.append(BottomItem(message)) }
        items += [BottomItem([Reminder(keys: moveKeys, "move"), keys.reminder([.move(.up), .move(.down), .move(.left), .move(.right)], "move")],
                             ranks: [BottomRank.allMoveKeys, BottomRank.moves]),
                  BottomItem([keys.reminder(.planCursor, "hide")], rank: BottomRank.turns),
                  BottomItem(["Cursor: layer \(at.layer), row \(at.row), column \(at.column)",
                              "layer \(at.layer), row \(at.row), column \(at.column)"],
                             ranks: [BottomRank.position, BottomRank.moves + 1], look: .position)]
        return BottomLine(items: items)
    }
}
