import Gestures
import Polycube
import Scene

/// `soma play` as a `GameScreen`.
extension SomaSession: GameScreen {
    public typealias Director = SomaDirector
    /// Undo brings back every piece's pose (the piece it moved is selected again).
    public typealias Position = [Placement]

    public var facts: ScreenFacts {
        ScreenFacts(figureName: game.figure.name, help: HelpPage(title: "Soma: keys", lines: helpLines, keys: common),
                    status: status)
    }

    /// As `status` says them: the game's play; never completed by the solver.
    public var playState: PlayState? { game.play }
    public var isSolvedBySolver: Bool { false }
    /// `facts`' minimum size, the standard one.
    public var minimumSize: ScreenFacts.Size { ScreenFacts.standardMinimumSize }

    public var position: [Placement] { game.poses }

    public mutating func update(_ event: ScreenEvent<[Placement]>, now: Double) -> [GameEffect] {
        switch event {
        case .key(let key): return handle(key, now: now)
        case .reset: return reset(now: now)
        case .resize(let width, let height): resize(width: width, height: height)
        case .answer(.hint(let result)): return apply(.hintArrived(result), now: now)
        case .undone(let position): restore(position, undoing: true)
        case .redone(let position): restore(position, undoing: false)
        case .start, .answer, .tick: break
        }
        return []
    }

    /// A piece is its index, and so is its legend entry (clicking or dragging the entry acts on
    /// the piece); the ghost, the floor and empty space are no node. Ids outside the movable pieces
    /// (pre-placed cubes, the hint: `SceneObjectID`) are not nodes either: they cannot be moved.
    public func node(for id: HitID) -> NodeID? {
        switch id {
        case let .piece(piece, _, _) where game.pieces.indices.contains(piece): NodeID(piece)
        case let .control(index) where index < game.pieces.count: NodeID(index)
        // A plan cell is a node of its own while the assist is on: a click there puts the
        // selected piece on a fit covering it.
        case let .control(tag) where game.assist != .off && SomaPlan.cell(forTag: tag, in: game) != nil: NodeID(tag)
        default: nil
        }
    }

    public func save(into progress: inout Progress, seconds: Double) {
        progress.save(game, seconds: seconds)
    }

    /// Any Soma-set figure, with this session's keys and plain mode.
    public func resuming(_ figure: Figure, from progress: Progress) -> SomaSession? {
        var next = SomaSession(game: progress.resume(figure) ?? SomaGame(figure: figure))
        next.plain = plain
        next.keys = keys
        next.common = common
        next.assist = assist
        return next
    }
}

extension SomaDirector: ScreenDirector {
    public func flush(into screen: inout SomaSession, width: Int, height: Int, now: Double) -> [GameEffect] {
        flush(into: &screen, now: now)
    }
}
