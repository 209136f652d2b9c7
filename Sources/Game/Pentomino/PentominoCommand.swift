import Polycube

/// What the player can ask of a `PentominoGame`. Tiles are handled like real ones: lift one,
/// carry it, turn it in the hand, put it down.
enum PentominoCommand: Hashable, Sendable {
    /// Lift the tile with this letter and bring it to the cursor (keyboard play).
    case lift(Character)
    /// Lift the tile with a square on this board cell (a click: the tile's own squares only,
    /// never its bounding box); the cursor moves there.
    case liftAt(Cell)
    /// Lift the tile under the cursor (keyboard: take a placed tile back up).
    case liftAtCursor
    /// Lift the next (or previous) tile, in letter order after the one in hand, that is not on
    /// the board yet, and bring it to the cursor (Tab: cycle through what is left to place).
    case liftNext(forward: Bool)
    /// Take the tile under the cursor off the board, back to its place around it (one move).
    case takeOff
    /// Put tile `tile` down at `placement` directly, if that is a legal drop (a solution being
    /// played back).
    case place(tile: Int, Placement)
    /// Take every tile off the board, as one move (before a solution is played from scratch).
    case clearBoard
    /// Move the cursor by squares, carrying the lifted tile with it.
    case move(dx: Int, dy: Int)
    /// Turn the lifted tile a quarter turn, clockwise as seen from above, or anticlockwise.
    case turn(clockwise: Bool)
    /// Turn the lifted tile over (mirror it left to right).
    case turnOver
    /// Put the lifted tile down: only wholly on the board and on free squares; otherwise it goes
    /// back where it came from and the game says why.
    case drop
    /// Put the lifted tile back in its place around the board.
    case putBack
    /// Ask the midend to take the last move back (the tile in hand goes back first)
    /// (`GameEffect.undo`): the midend keeps the move list.
    case undo
    /// Ask the midend to do the move taken back again (`GameEffect.redo`).
    case redo
    /// Ask for a hint: `apply` answers with a `GameEffect.computeHint` request (as `SomaGame` does).
    case hint
    /// The answer to a hint request, computed off the input path.
    case hintArrived(HintResult)
}
