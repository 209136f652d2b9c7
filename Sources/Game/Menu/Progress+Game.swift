import Polycube
import Records

/// Saving a game into the player's record and resuming one from it: the game's side of
/// `Progress`, which is a record below the game (module `Records`) that the stores keep and
/// check as data.
extension Progress {
    /// Remembers the position of `game`, `seconds` played (the midend's clock), to resume later,
    /// unless it is untouched, complete, or solved once already (that attempt is recorded; resuming it and filling the
    /// figure again would count a second solve).
    /// A complete game's poses are kept as the figure's solution (`solutions`), which the
    /// midend sends with the solve's record.
    public mutating func save(_ game: SomaGame, seconds: Double) {
        if game.isComplete {
            solutions[game.figure.name] = SavedPosition(poses: game.poses.map(SavedPose.init), moves: game.moves,
                                                        seconds: seconds)
        }
        if game.isComplete || game.completed || game.poses == game.startPoses {
            inProgress[game.figure.name] = nil
        } else {
            inProgress[game.figure.name] = SavedPosition(poses: game.poses.map(SavedPose.init), moves: game.moves,
                                                         seconds: seconds,
                                                         hints: game.hintsTaken > 0 ? game.hintsTaken : nil,
                                                         judged: game.judged ? true : nil)
        }
    }

    /// Remembers a pentomino position the same way (a tile in hand is saved where it came from).
    mutating func save(_ game: PentominoGame, seconds: Double) {
        var poses = game.poses
        if let l = game.lifted, let from = game.liftedFrom { poses[l] = from }
        if game.isComplete {
            solutions[game.board.name] = SavedPosition(poses: poses.map(SavedPose.init), moves: game.moves,
                                                       seconds: seconds)
        }
        if game.isComplete || poses == game.homes {
            inProgress[game.board.name] = nil
        } else {
            inProgress[game.board.name] = SavedPosition(poses: poses.map(SavedPose.init), moves: game.moves,
                                                        seconds: seconds)
        }
    }

    /// The saved game on `figure`, if there is one and it still fits the figure's pieces.
    public func resume(_ figure: Figure) -> SomaGame? {
        guard let saved = inProgress[figure.name], let poses = saved.placements else { return nil }
        return SomaGame(figure: figure, poses: poses, moves: saved.moves, seconds: saved.seconds ?? 0,
                        hints: saved.hints ?? 0, judged: saved.judged ?? false)
    }

    /// The saved game on `board`, if there is one and it still fits the board's tiles.
    public func resume(board: Figure) -> PentominoGame? {
        guard let saved = inProgress[board.name], let poses = saved.placements else { return nil }
        return PentominoGame(board: board, poses: poses, moves: saved.moves, seconds: saved.seconds ?? 0)
    }
}
