import Gestures
import Polycube
import Scene

/// `soma pento` as a `GameScreen`.
extension PentominoSession: GameScreen {
    /// The board view fits itself to the screen at every frame.
    public mutating func resize(width: Int, height: Int) {}

    public mutating func receive(_ answer: ScreenAnswer, now: Double) -> [GameEffect] {
        guard case .hint(let result) = answer else { return [] }
        return hintArrived(result, now: now)
    }

    public static func makeDirector(manager: GestureManager) -> PentominoDirector {
        PentominoDirector(manager: manager)
    }

    public mutating func flush(_ director: PentominoDirector, width: Int, height: Int, now: Double) -> [GameEffect] {
        director.flush(into: &self, width: width, height: height, now: now)
    }

    /// A tile square is its tile's index (a gesture that starts on it carries the tile); the
    /// hint's ghost, the board and empty space are no node.
    public func node(for id: HitID) -> NodeID? {
        switch id {
        case let .piece(tile, _, _) where tile < game.tiles.count: NodeID(tile)
        default: nil
        }
    }

    public func save(into progress: inout Progress, now: Double) {
        progress.save(game, now: now)
    }

    public var figureName: String { game.board.name }

    /// The keys the player moved stay moved on the board the menu opens.
    public mutating func keepSettings(of previous: PentominoSession) {
        keyRemap = previous.keyRemap
    }

    public static var menuTitle: String { "Boards" }

    /// Any board the pentomino game can play; a solid figure is for `soma play`.
    public static func resume(_ figure: Figure, from progress: Progress) -> PentominoSession? {
        guard figure.isBoard else { return nil }
        return PentominoSession(game: progress.resume(board: figure) ?? PentominoGame(board: figure))
    }
}
