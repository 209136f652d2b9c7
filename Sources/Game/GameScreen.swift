import Gestures
import Polycube
import Scene

/// One play screen (the Soma game, the pentomino game, the designer) as its host sees it: the
/// same shape for every screen, so one host (the terminal's, `soma serve`'s) runs any of them.
///
/// A screen is a value, Elm style: keys, gestures, answers of background work and ticks go in
/// and update it, `view` draws it whole, and what it cannot do itself goes out as `GameEffect`s.
/// Pointer input reaches it only as gestures: the host turns mouse reports into touches, the
/// gesture manager recognizes them, and the screen's `Director` (an object, because recognizers
/// have identity) records what they did until the host calls `flush`. Which thing a touch starts
/// on is read from the screen's own picture: the host hit-tests the canvas and asks `node(for:)`.
public protocol GameScreen {
    /// The screen's gesture director: its recognizers and their actions.
    associatedtype Director: AnyObject

    /// The smallest terminal (columns, rows) its view can use.
    static var minimumSize: (width: Int, height: Int) { get }

    /// What to do as the screen starts (the designer counts an opened complete figure).
    mutating func start() -> [GameEffect]
    mutating func handle(_ key: GameKey, now: Double) -> [GameEffect]
    /// The terminal's size (at start and on every resize).
    mutating func resize(width: Int, height: Int)
    /// The result of background work the screen asked for with an effect.
    mutating func receive(_ answer: ScreenAnswer, now: Double) -> [GameEffect]
    /// Time-driven work of the screen's own (a solution played back tile by tile), due at
    /// `nextTick(after:)`.
    mutating func tick(now: Double) -> [GameEffect]
    func nextTick(after now: Double) -> Double?
    /// The whole screen at time `now`, drawn in `style`. Every cell carries the hit id of what
    /// is drawn there.
    func view(width: Int, height: Int, now: Double, style: RenderStyle) -> Canvas

    /// Attaches the screen's recognizers to `manager`.
    static func makeDirector(manager: GestureManager) -> Director
    /// Applies what the director's gestures did since the last call.
    mutating func flush(_ director: Director, width: Int, height: Int, now: Double) -> [GameEffect]
    /// The screen's hit mapping: the gesture node for what its picture shows in a cell (a piece,
    /// a tile, a legend entry), or nil for what no gesture acts on.
    func node(for id: HitID) -> NodeID?

    /// Remembers the position in `progress` (or forgets it when untouched or complete).
    func save(into progress: inout Progress, now: Double)
    /// The name of the figure being played (where the figure menu puts its cursor).
    var figureName: String { get }
    /// A screen for `figure` (chosen in the figure menu), resuming the position `progress`
    /// holds for it; nil when this screen cannot play it.
    static func resume(_ figure: Figure, from progress: Progress) -> Self?
    /// What the figure menu calls its entries.
    static var menuTitle: String { get }

    /// The host opened (true) or closed (false) something over the screen (the figure menu):
    /// the play clock stands still meanwhile.
    mutating func setPaused(_ paused: Bool, now: Double)
    /// The host recorded the solve the screen reported (`GameEffect.solved`): whether it is a
    /// new best, and which figure Enter would open (`GameEffect.playNext`).
    mutating func solveRecorded(_ news: SolveNews)
    /// Takes over the player's settings (keys, plain mode) from the screen this one replaces,
    /// when the figure menu opens another figure.
    mutating func keepSettings(of previous: Self)
}

/// What background work hands back to a screen.
public enum ScreenAnswer: Hashable, Sendable {
    case hint(HintResult)
    case count(SolutionCountResult)
    case wrote(DesignFileOutcome)
}

extension GameScreen {
    public static var minimumSize: (width: Int, height: Int) { (60, 20) }
    public mutating func start() -> [GameEffect] { [] }
    public mutating func tick(now: Double) -> [GameEffect] { [] }
    public func nextTick(after now: Double) -> Double? { nil }
    public func save(into progress: inout Progress, now: Double) {}
    public var figureName: String { "" }
    public static func resume(_ figure: Figure, from progress: Progress) -> Self? { nil }
    public static var menuTitle: String { "Figures" }
    public mutating func setPaused(_ paused: Bool, now: Double) {}
    public mutating func solveRecorded(_ news: SolveNews) {}
    public mutating func keepSettings(of previous: Self) {}
}
