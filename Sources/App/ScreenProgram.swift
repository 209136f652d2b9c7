import Game
import Gestures
import Polycube
import Scene
import Solver
import Terminal

/// Any game screen (`GameScreen`: the Soma game, the pentomino game, the designer), run by its
/// `Midend`, as a `TerminalProgram`: the one adapter between the terminal, which knows no game,
/// and the midend, which knows no terminal. `soma play`, `soma pento` and `soma design` all run
/// one.
///
/// It translates, nothing more: keys go to the midend as `GameKey`s; the mouse goes through the
/// `TouchSynthesizer` into the gesture manager, whose recognizers (the screen's director) report
/// drags, taps, flicks and pinches back at `flush`; a touch-down is hit-tested against the
/// picture on screen, through the screen's own `node(for:)`. While the midend has a child screen
/// open (help, menu, hall of fame) a mouse press is a click on it instead. The midend's effects
/// become the loop's: hints and solution counts run off the input path and come back as
/// `ScreenAnswer` messages, files are written through `writeFile`. Ticks come at every whole
/// second (the clock on the status line) and at every gesture deadline.
///
/// The manager, director and hit tester are objects (recognizers have identity); this value is
/// their only owner, and the app loop the only owner of this value.
public struct ScreenProgram<Screen: GameScreen>: TerminalProgram {
    /// A screen's answer from background work; nil for a search that a newer one superseded.
    public typealias Message = ScreenAnswer?
    /// Answers a hint request, polling `control` to stop early when a newer request supersedes
    /// it; nil when it stopped.
    public typealias HintSolver = @Sendable (HintRequest, SearchControl) -> HintResult?

    private(set) var midend: Midend<Screen>
    /// How the scene is drawn on this terminal (glyphs and colours); its theme follows the
    /// terminal's background when the terminal answers (asked only without a chosen theme).
    private(set) var style: RenderStyle
    public let minimumSize: ScreenSize
    /// Answers a hint request; nil when hints are unavailable.
    let hintSolver: HintSolver?
    /// Writes a figure file (the executable knows the figures folder); nil when the screen
    /// writes none.
    let writeFile: (@Sendable (DesignFile) -> DesignFileOutcome)?
    /// Makes the figures the menu asks for (`FigureMaker`); nil when the menu offers none.
    public var figureMaker: (@Sendable (FigureRequest) -> MadeFigure)?
    /// The generation of the latest count asked for; older searches see it and stop.
    private let latestCount = LatestGeneration()
    /// The same for hints: a new hint request stops the one in flight, so pressing `h` ten times
    /// on a large figure runs one search, not ten queued on both cores.
    private let latestHint = LatestGeneration()
    private var hintGeneration = 0
    /// Hints asked for in this run, per figure name: what `soma daily` keeps of the day's figure.
    public private(set) var hintsAsked: [String: Int] = [:]
    /// The time of the latest event: what the clock on the status line shows.
    private(set) var now: Double
    private(set) var size = ScreenSize(width: 80, height: 24)

    /// Why progress is not being saved (the path and the reason), from the start or the latest
    /// save; shown on the bottom line until a save works, so that a player never plays on
    /// believing their progress is kept.
    private(set) var saveProblem: String?
    /// What the server said of this player's saves (`soma serve --database`): they wait in the
    /// server for the database (until written), or were just written (until the next key).
    private(set) var storeNote: String?
    /// Whether others may watch this game over `soma serve`, and how many do.
    private(set) var watch: WatchPermission
    /// The hall of fame's store: read and written off the input path (`.perform`), never in
    /// key handling; it also names the player for watchers.
    private let fameBoard: FameBoard?

    private var synthesizer = TouchSynthesizer()
    private let clock = ManualClock()
    private let hitTester = CanvasHitTester(metrics: CellMetrics())
    private let manager: GestureManager
    private let director: Screen.Director

    public init(screen: Screen, progress: Progress = Progress(), style: RenderStyle, minimumSize: ScreenSize? = nil,
         now: Double, hintSolver: HintSolver? = nil,
         writeFile: (@Sendable (DesignFile) -> DesignFileOutcome)? = nil, menu: [FigureMenu.Entry] = [],
         saveProblem: String? = nil, fame: FameBoard? = nil, watchHost: WatchPermission.Host = .local) {
        midend = Midend(screen: screen, progress: progress, menu: menu, fame: fame, now: now)
        watch = WatchPermission(host: watchHost)
        fameBoard = fame
        self.saveProblem = saveProblem
        self.style = style
        let least = screen.minimumSize
        self.minimumSize = minimumSize ?? ScreenSize(width: least.width, height: least.height)
        self.now = now
        self.hintSolver = hintSolver
        self.writeFile = writeFile
        manager = GestureManager(clock: clock, hitTester: hitTester, metrics: hitTester.metrics)
        director = Screen.Director(manager: manager)
    }

    /// The game screen the midend runs.
    public var screen: Screen { midend.screen }
    /// The player's records, solves of this sitting included.
    var progress: Progress { midend.progress }
    /// The figure menu, while it is open.
    var menu: FigureMenu? { midend.menu }
    /// The hall of fame, while it is open.
    var fame: HallOfFameScreen? { midend.hallOfFame }

    /// The progress to write to disk: the records plus the position being played.
    public var progressToSave: Progress { midend.progressToSave(now: now) }

    public mutating func update(_ event: ProgramEvent<ScreenAnswer?>, now: Double) -> [ProgramEffect<ScreenAnswer?>] {
        self.now = now
        let t = Self.gestureTime(now)
        clock.set(max(clock.now, t))
        switch event {
        case .start:
            return effects(midend.start(now: now))
        case .input(.key(let press)):
            var effects: [ProgramEffect<ScreenAnswer?>] = []
            if press == KeyPress(.escape) { effects += gestures(synthesizer.cancelAll(), at: t) }
            watch.notice = nil
            if storeNote == Self.savesWritten { storeNote = nil }
            guard let key = press.gameKey else { return effects }
            return effects + self.effects(midend.handle(key, now: now))
        case .input(.resize(let newSize)):
            size = newSize
            midend.resize(width: newSize.width, height: newSize.height, now: now)
            // Back from Ctrl-Z (the loop sends the size again), or a window too small to play
            // in: the clock runs only while the game can be seen and played.
            midend.holdClock(!newSize.fits(minimumSize), now: now)
            return gestures(synthesizer.cancelAll(), at: t)
        case .input(.mouse(let m)) where midend.hasChild:
            // A child screen takes clicks: a press on a cell is a click on what is drawn there.
            guard m.action == .press, m.button == .left, m.column >= 0, m.row >= 0,
                  m.column < size.width, m.row < size.height else { return [] }
            return effects(midend.click(view(size: size)[m.column, m.row].id, now: now))
        case .input(.background(let background)):
            let unchanged = style.theme == background.theme
            style.theme = background.theme
            DecisionLog.note(DecisionLog.theme(background.theme.rawValue, chosen: false, answered: true))
            // The theme the first frame was drawn in, nearly always: no frame again for it.
            return unchanged ? [.unchanged] : []
        case .input(.hostNote("saves waiting")):
            storeNote = Self.savesWaiting
            return []
        case .input(.hostNote("saves written")):
            storeNote = Self.savesWritten
            return []
        case .input(.hostNote(let note)):
            return watch.receive(note) == .repaint ? [.repaint] : []
        case .input(.mouse(let m)) where m.action == .move:
            // No button held: a gesture for no recognizer, but what the screen holds follows it.
            guard tracksPointerMotion else { return [] }
            director.pointerMoved(column: m.column, row: m.row)
            return effects(midend.flush(director, now: now))
        case .input(let input):
            if case .mouse(let m) = input, m.action == .press || m.action == .wheelUp || m.action == .wheelDown {
                // What the pointer lands on, as drawn, through the screen's own hit mapping.
                hitTester.canvas = view(size: size)
                hitTester.node = { [screen] id in screen.node(for: id) }
            }
            return gestures(synthesizer.touches(for: input, at: t, hitTest: hitTester.hitTest), at: t)
        case .suspending:
            // Stopped (Ctrl-Z): no time counts until the loop is back and sends the size.
            midend.holdClock(true, now: now)
            return gestures(synthesizer.cancelAll(), at: t)
        case .saved(let problem):
            saveProblem = problem
            return []
        case .tick:
            manager.tick()
            return gestures(synthesizer.expirePair(at: t), at: t) + effects(midend.tick(now: now))
        case .message(let answer):
            guard let answer else { return [] }   // a search a newer one superseded
            if case .ownName(let name) = answer {
                // The name read for watching: now the host can be told.
                return watch.toggle(name: name).map { [.tellHost($0)] } ?? []
            }
            return effects(midend.receive(answer, now: now))
        }
    }

    /// Hands touch dispatches to the manager and applies what the recognizers reported.
    private mutating func gestures(_ dispatches: [[TouchChange]], at t: GestureTime) -> [ProgramEffect<ScreenAnswer?>] {
        for changes in dispatches { manager.handle(changes, at: t) }
        return effects(midend.flush(director, now: now))
    }

    static func gestureTime(_ seconds: Double) -> GestureTime {
        GestureTime(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    public func view(size: ScreenSize) -> Canvas {
        var canvas = midend.view(width: size.width, height: size.height, now: now, style: style)
        if let saveProblem, size.height > 0 {
            // Over the bottom line, in the colours of a refusal (reverse video without colour).
            let text = " Progress NOT saved: \(saveProblem)"
            let shown = text.prefix(size.width)
            let line = String(shown) + String(repeating: " ", count: max(0, size.width - shown.count))
            let warning = style.colors == .none ? TextStyle(bold: true, reverse: true)
                                                : TextStyle(foreground: .index(231), background: .index(160), bold: true)
            canvas.put(line, column: 0, row: size.height - 1, style: warning)
        } else if let status = storeNote ?? watch.status, size.height > 0, size.width > 2 {
            // At the right of the bottom line, over what it says there: short, and only while
            // the player lets others watch (or just tried to).
            let text = " \(status.prefix(size.width - 2)) "
            canvas.put(text, column: size.width - text.count, row: size.height - 1,
                       style: style.colors == .none ? TextStyle(bold: true, reverse: true)
                                                    : TextStyle(foreground: .index(231), background: .index(25), bold: true))
        }
        return canvas
    }

    /// The server's words for `storeNote` (short: they sit at the right of the bottom line).
    static var savesWaiting: String { "database away: your saves are kept by the server" }
    static var savesWritten: String { "your saves are in the database" }

    /// The quit key as bound (`q` unless remapped): it quits even while the window is too small.
    public func quits(on key: KeyPress) -> Bool {
        key.gameKey.map(midend.isQuitKey) ?? false
    }

    /// Every pointer motion while the screen's thing in hand follows it and no child screen
    /// is over it.
    public var tracksPointerMotion: Bool { !midend.hasChild && screen.facts.followsPointer }

    /// The next whole second while the play clock runs (the clock on the status line; the
    /// midend's autosave looks at every tick), or the next gesture deadline or tick of the
    /// screen's own, if sooner; nil when nothing on the screen moves by itself. A clock that
    /// stands (before the first move, solved, paused under help or a menu) needs no tick: a
    /// game waiting for its player drew its whole scene again every second for nothing, a
    /// millisecond of CPU a second for each idle player of a server (issue 35).
    public func nextTick(after now: Double) -> Double? {
        let deadlines = [manager.nextDeadline, synthesizer.pairDeadline].compactMap { $0?.seconds } + [midend.nextTick(after: now)].compactMap { $0 }
        let second = midend.clock?.isRunning == true ? [(now + 1e-3).rounded(.down) + 1] : []
        return (second + deadlines).min()
    }

    /// The midend's effects as the loop's. A child screen opened: the gestures in progress are
    /// cancelled (their releases would land on the child).
    private mutating func effects(_ gameEffects: [GameEffect]) -> [ProgramEffect<ScreenAnswer?>] {
        if midend.hasChild { for changes in synthesizer.cancelAll() { manager.handle(changes, at: Self.gestureTime(now)) } }
        var effects: [ProgramEffect<ScreenAnswer?>] = []
        for effect in gameEffects {
            switch effect {
            case .quit:
                effects.append(.quit)
            case .bell:
                effects.append(.bell)
            case .autosave:
                effects.append(.save)
            case .computeHint(let request):
                hintsAsked[request.figure.name, default: 0] += 1
                if let solver = hintSolver {
                    hintGeneration += 1
                    let (latest, generation) = (latestHint, hintGeneration)
                    latest.set(generation)
                    let control = SearchControl(isCancelled: { latest.get() != generation })
                    effects.append(.perform { solver(request, control).map { .hint($0) } })
                } else {
                    effects.append(.bell)
                }
            case .countSolutions(let request):
                let latest = latestCount
                latest.set(request.generation)
                effects.append(.perform { .count(request.run(isCancelled: { latest.get() != request.generation })) })
            case .write(let file):
                guard let write = writeFile else {
                    effects.append(.bell)
                    continue
                }
                effects.append(.perform { .wrote(write(file)) })
            case .makeFigure(let request):
                guard let make = figureMaker else {
                    effects.append(.bell)
                    continue
                }
                effects.append(.perform { .made(make(request)) })
            case .toggleWatching:
                // Stopping needs no name; starting reads it off the input path first.
                if watch.allowed || watch.host != .served || fameBoard == nil {
                    if let note = watch.toggle(name: nil) { effects.append(.tellHost(note)) }
                } else if let board = fameBoard {
                    effects.append(.perform { .ownName(board.isGuest ? nil : board.ownName()) })
                }
            case .readFame(let figure):
                guard let board = fameBoard else { continue }
                effects.append(.perform { .fame(board.read(figure)) })
            case .chooseName(let name, let figure):
                guard let board = fameBoard else { continue }
                effects.append(.perform {
                    // Guests have no name, whatever the store says.
                    let choice = board.isGuest ? NameChoice.refused("Guests have no name: connect with an SSH key to choose one")
                                               : board.chooseName(name)
                    return .fameNamed(choice, board.read(figure))
                })
            case .openHelp, .openMenu, .openHallOfFame, .moved, .undo, .redo, .forgetMoves, .askName, .wake:
                break   // the midend's own: they never leave it
            }
        }
        return effects
    }
}

/// `soma play`: the Soma game.
public typealias SomaProgram = ScreenProgram<SomaSession>

/// `soma pento`: the pentomino game.
public typealias PentominoProgram = ScreenProgram<PentominoSession>

/// `soma design`: the designer.
public typealias DesignerProgram = ScreenProgram<DesignerSession>
