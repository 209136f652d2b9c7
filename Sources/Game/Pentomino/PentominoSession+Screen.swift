import Gestures
import Polycube
import Scene

/// `soma pento` as a `GameScreen`.
extension PentominoSession: GameScreen {
    public typealias Director = PentominoDirector
    /// Undo brings back every tile's pose; the tile in hand counts where it was picked up.
    public typealias Position = [Placement]

    /// As `status` says them.
    public var playState: PlayState? { game.play }
    public var isSolvedBySolver: Bool { assisted }

    public var facts: ScreenFacts {
        let (keys, common) = bound
        return ScreenFacts(figureName: game.board.name, help: HelpPage(title: "Pentominoes: keys", lines: keys.help, keys: common),
                           takesEveryKey: isShowingSolution, followsPointer: followsPointer, status: status)
    }

    /// The board view fits itself to the screen at every frame: a resize needs nothing.
    public var position: [Placement] { game.settledPoses }

    public mutating func update(_ event: ScreenEvent<[Placement]>, now: Double) -> [GameEffect] {
        switch event {
        case .key(let key): return handle(key, now: now)
        case .answer(.hint(let result)): return hintArrived(result, now: now)
        case .tick: return tick(now: now)
        case .undone(let position), .redone(let position): restore(position)
        case .start, .resize, .reset, .answer: break   // reset is not offered: R turns
        }
        return []
    }

    /// A tile square is its tile's index (a gesture that starts on it carries the tile); the
    /// hint's ghost, the board and empty space are no node.
    public func node(for id: HitID) -> NodeID? {
        switch id {
        case let .piece(tile, _, _) where game.tiles.indices.contains(tile): NodeID(tile)
        default: nil
        }
    }

    public func save(into progress: inout Progress, seconds: Double) {
        progress.save(game, seconds: seconds)
    }

    /// Any board the pentomino game can play (a solid figure is for `soma play`), with the
    /// keys the player moved still moved.
    public func resuming(_ figure: Figure, from progress: Progress) -> PentominoSession? {
        guard figure.isBoard else { return nil }
        var next = PentominoSession(game: progress.resume(board: figure) ?? PentominoGame(board: figure))
        next.keyRemap = keyRemap
        return next
    }
}

extension PentominoDirector: ScreenDirector {}
