import Gestures
import Polycube
import Scene

/// One game screen (the Soma game, the pentomino game, the designer) as the midend sees it: its
/// rules, its picture and its own keys, nothing that every screen shares. What every screen
/// shares (help, the menu, the hall of fame, the play clock, recording a solve, the next
/// figure, saving, the move list with undo and redo) is the `Midend`'s, written once, as
/// `midend.c` keeps it for Simon Tatham's forty puzzles.
///
/// A screen is a value, Elm style (Bubble Tea's `Model`): every event goes in through `update`,
/// `view` draws it whole, and what it cannot do itself goes out as `GameEffect`s. Pointer input
/// reaches it only as gestures: the host turns mouse reports into touches, the gesture manager
/// recognizes them, and the screen's `Director` records what they did until the host calls its
/// `flush`. Which thing a touch starts on is read from the screen's own picture: the host
/// hit-tests the canvas and asks `node(for:)`.
public protocol GameScreen {
    /// The screen's gesture director: its recognizers and their actions.
    associatedtype Director: ScreenDirector where Director.Screen == Self
    /// What undo brings back (Tatham's `game_state`): the pieces' poses, the tiles on the board,
    /// the design; never the view or the clock. The midend keeps the list of them.
    associatedtype Position: Hashable & Sendable

    /// What the screen says about itself now: its name, keys, status and solve (`ScreenFacts`).
    var facts: ScreenFacts { get }
    /// The play as `facts.status` answers it (`ScreenStatus.play`), and whether the solver, not
    /// the player, completed the figure (`ScreenStatus.solvedBySolver`), without the rest of the
    /// facts: the midend asks them after every event to keep its clock, where building the whole
    /// status (key reminders, the fit, the fields) was a fifteenth of a login's start-up (issue
    /// 35). They must equal `facts.status`'s; the defaults read them there.
    var playState: PlayState? { get }
    var isSolvedBySolver: Bool { get }
    /// The smallest terminal the screen is drawn in, as `facts.minimumSize` says it, without the
    /// rest of the facts: the program asks it once when it starts, where the whole facts (the
    /// status's bottom line, the help page) were a hundredth of a login's start-up (issue 35).
    /// It must equal `facts.minimumSize`; the default reads it there.
    var minimumSize: ScreenFacts.Size { get }
    /// The position now: what the midend records as a step when the screen says `.moved`.
    var position: Position { get }
    /// Handles one event at time `now`.
    mutating func update(_ event: ScreenEvent<Position>, now: Double) -> [GameEffect]
    /// The picture at time `now`, drawn in `style`, between the top and bottom lines (which the
    /// midend draws over it, `StatusLayout`); `lit`: the pieces the solved moment lights now.
    /// Every cell carries the hit id of what is drawn there.
    func view(width: Int, height: Int, now: Double, style: RenderStyle, lit: Set<Int>?) -> Canvas
    /// The screen's hit mapping: the gesture node for what its picture shows in a cell (a piece,
    /// a tile, a legend entry), or nil for what no gesture acts on.
    func node(for id: HitID) -> NodeID?
    /// Remembers the position in `progress` (or forgets it when untouched or complete), with
    /// `seconds` played: the midend's clock (`Midend.clock`), which no screen keeps.
    func save(into progress: inout Progress, seconds: Double)
    /// A screen for `figure` (chosen in the figure menu), resuming the position `progress`
    /// holds for it, with this screen's settings (keys, plain mode); nil when this screen cannot
    /// play it.
    func resuming(_ figure: Figure, from progress: Progress) -> Self?
}

extension GameScreen {
    public var playState: PlayState? { facts.status.play }
    public var isSolvedBySolver: Bool { facts.status.solvedBySolver }
    public var minimumSize: ScreenFacts.Size { facts.minimumSize }
    public func save(into progress: inout Progress, seconds: Double) {}
    public func resuming(_ figure: Figure, from progress: Progress) -> Self? { nil }
}
