import Polycube

/// Everything the player (or the terminal loop on the player's behalf) can ask of a `SomaGame`.
/// Commands are values so that directors, key maps and tests all speak the same language.
enum SomaCommand: Hashable, Sendable {
    case select(PieceSelector)
    /// Move the selected piece by a lattice step (any of x, y, z).
    case move(Cell)
    /// Turn the selected piece by quarter turns about a world axis through its centre.
    case turn(Axis, by: Int)
    /// Turn the selected piece by quarter turns about a world axis through its cube `cube` (an
    /// index into its shape's cells), which stays where it is: a click-turn pivots about the
    /// cube under the pointer, so the piece stays under it and the next click turns it again.
    case turnAbout(Axis, by: Int, cube: Int)
    /// With the assist on (`Assist`): move the chosen fit (the ghost) to the nearest fit that
    /// way; with it off, or no fit, the same as `.move`.
    case steer(Cell)
    /// With the assist on: turn the ghost and take the nearest fit lying so; else `.turn`.
    case steerTurn(Axis, by: Int)
    /// The next (or previous) fit covering the cell the cycle goes around.
    case cycleFit(forward: Bool)
    /// Put the selected piece on a fit covering this cell of the figure (a click on the plan);
    /// the same cell again takes the next fit there.
    case putOnFit(covering: Cell)
    /// The wheel over a plan cell: the next (or previous) fit covering it, the piece put there.
    case cycleOnCell(Cell, forward: Bool)
    /// Choose the fit nearest where the selected piece is now (a carry over the figure).
    case snapToPiece
    /// Put the selected piece on the chosen fit.
    case place
    /// Let the selected piece fall until it rests on the floor or another piece.
    case drop
    /// All pieces back to the start layout (undoable).
    case resetPieces
    /// A drag starts: until `.endGesture`, the steps it makes count as one move and undo as one.
    case beginGesture
    case endGesture
    /// Ask the midend to take the last move back (`GameEffect.undo`): it keeps the move list.
    case undo
    /// Ask the midend to do the move taken back again (`GameEffect.redo`).
    case redo
    /// Judging on or off (`Assist.solvable` against `.fits`): help the player asks for, said on
    /// the top line and recorded with the solve.
    case toggleJudging
    /// Ask for a hint: `apply` answers with a `GameEffect.computeHint` request.
    case hint
    /// The answer to a hint request, computed off the input path.
    case hintArrived(HintResult)
    /// Show a message on the bottom line (the session's word on a gesture: a carry sent back,
    /// a shake that reset the pieces); the position does not change.
    case say(StatusMessage)
    /// Put the hint away (Esc): it otherwise stays until its piece is placed there or the
    /// position no longer leaves room for it.
    case dismissHint
}
