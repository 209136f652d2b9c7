import Gestures
import Polycube
import Scene

/// `soma play` as a `GameScreen`.
extension SomaSession: GameScreen {
    public mutating func receive(_ answer: ScreenAnswer, now: Double) -> [GameEffect] {
        guard case .hint(let result) = answer else { return [] }
        return apply(.hintArrived(result), now: now)
    }

    public static func makeDirector(manager: GestureManager) -> SomaDirector {
        SomaDirector(manager: manager)
    }

    public mutating func flush(_ director: SomaDirector, width: Int, height: Int, now: Double) -> [GameEffect] {
        director.flush(into: &self, now: now)
    }

    /// A piece is its index, and so is its legend entry (clicking or dragging the entry acts on
    /// the piece); the ghost, the floor and empty space are no node. Ids above the movable pieces
    /// (pre-placed cubes, the hint) are not nodes either: they cannot be moved.
    public func node(for id: HitID) -> NodeID? {
        switch id {
        case let .piece(piece, _, _) where piece < game.pieces.count: NodeID(piece)
        case let .control(index) where index < game.pieces.count: NodeID(index)
        // A plan cell is a node of its own while the assist is on: a click there puts the
        // selected piece on a fit covering it.
        case let .control(tag) where game.assist != .off && SomaPlan.cell(forTag: tag, in: game) != nil: NodeID(tag)
        default: nil
        }
    }

    public func save(into progress: inout Progress, now: Double) {
        progress.save(game, now: now)
    }

    public var figureName: String { game.figure.name }

    public mutating func keepSettings(of previous: SomaSession) {
        plain = previous.plain
        keys = previous.keys
        assist = previous.assist
    }

    public static func resume(_ figure: Figure, from progress: Progress) -> SomaSession? {
        SomaSession(game: progress.resume(figure) ?? SomaGame(figure: figure))
    }
}
