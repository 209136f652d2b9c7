import Game
import Gestures
import Polycube
import Scene

/// What `GameProgram` needs from a game's session value (Soma or pentominoes): keys, the
/// screen size, hint answers, the picture, the gesture director that turns recognized gestures
/// into pointer reports, and saving the position into `Progress`.
public protocol PlayableSession {
    /// The game's gesture director: the recognizer graph and its actions (an object, because
    /// recognizers have identity).
    associatedtype Director: AnyObject

    mutating func handle(_ key: GameKey, now: Double) -> [GameEffect]
    mutating func resize(width: Int, height: Int)
    mutating func apply(hint: HintResult, now: Double) -> [GameEffect]
    func view(width: Int, height: Int, now: Double, style: RenderStyle) -> Canvas

    static func makeDirector(manager: GestureManager) -> Director
    /// Applies what the director's gestures did since the last call.
    mutating func flush(_ director: Director, width: Int, height: Int, now: Double) -> [GameEffect]

    /// Remembers the position in `progress` (or forgets it when untouched or complete).
    func save(into progress: inout Progress, now: Double)

    /// Time-driven work of the session's own (a solution played back tile by tile), due at `nextTick(after:)`.
    mutating func tick(now: Double) -> [GameEffect]
    func nextTick(after now: Double) -> Double?

    /// The name of the figure being played (where the figure menu puts its cursor).
    var figureName: String { get }
    /// A session for `figure` (chosen in the figure menu), resuming the position `progress`
    /// holds for it; nil when this game cannot play it.
    static func resume(_ figure: Figure, from progress: Progress) -> Self?
    /// What the figure menu calls its entries.
    static var menuTitle: String { get }
}

extension PlayableSession {
    public mutating func tick(now: Double) -> [GameEffect] { [] }
    public func nextTick(after now: Double) -> Double? { nil }
    public var figureName: String { "" }
    public static func resume(_ figure: Figure, from progress: Progress) -> Self? { nil }
    public static var menuTitle: String { "Figures" }
}

extension SomaSession: PlayableSession {
    public mutating func apply(hint: HintResult, now: Double) -> [GameEffect] {
        apply(.hintArrived(hint), now: now)
    }

    public static func makeDirector(manager: GestureManager) -> SomaDirector {
        SomaDirector(manager: manager)
    }

    public mutating func flush(_ director: SomaDirector, width: Int, height: Int, now: Double) -> [GameEffect] {
        director.flush(into: &self, now: now)
    }

    public func save(into progress: inout Progress, now: Double) {
        progress.save(game, now: now)
    }

    public var figureName: String { game.figure.name }

    public static func resume(_ figure: Figure, from progress: Progress) -> SomaSession? {
        SomaSession(game: progress.resume(figure) ?? SomaGame(figure: figure))
    }
}

extension PentominoSession: PlayableSession {
    /// The board view fits itself to the screen at every frame.
    public mutating func resize(width: Int, height: Int) {}

    public mutating func apply(hint: HintResult, now: Double) -> [GameEffect] { hintArrived(hint, now: now) }

    public static func makeDirector(manager: GestureManager) -> PentominoDirector {
        PentominoDirector(manager: manager)
    }

    public mutating func flush(_ director: PentominoDirector, width: Int, height: Int, now: Double) -> [GameEffect] {
        director.flush(into: &self, width: width, height: height, now: now)
    }

    public func save(into progress: inout Progress, now: Double) {
        progress.save(game, now: now)
    }

    public var figureName: String { game.board.name }

    public static var menuTitle: String { "Boards" }

    /// Any flat board with a flat piece set; a solid figure is for `soma play`.
    public static func resume(_ figure: Figure, from progress: Progress) -> PentominoSession? {
        guard figure.pieceSet.isFlat, figure.cells.allSatisfy({ $0.z == 0 }) else { return nil }
        return PentominoSession(game: progress.resume(board: figure) ?? PentominoGame(board: figure))
    }
}
