import Game
import Gestures
import Polycube
import Scene

/// A game session (Soma or pentominoes) as a `TerminalProgram`, with the player's `Progress`, so
/// that every exit path can save the position. `soma play` runs a `SomaProgram`.
///
/// Keys go to the session's key map. The mouse goes through the `TouchSynthesizer` into the
/// gesture manager, whose recognizers (the game's `SomaDirector`, spec B9) report drags, taps,
/// flicks and pinches back to the session. Hints run through `hintSolver` off the input path and
/// come back as messages. Ticks come at every whole second (the clock on the status line) and at
/// every gesture deadline (double-click windows, the wheel pair's idle end).
///
/// The manager, director and hit tester are objects (recognizers have identity); this value is
/// their only owner, and the app loop the only owner of this value.
public struct GameProgram<Session: PlayableSession>: TerminalProgram {
    public typealias Message = HintResult

    public private(set) var session: Session
    public private(set) var progress: Progress
    /// How the scene is drawn on this terminal (glyphs and colours).
    public let style: RenderStyle
    public let minimumSize: ScreenSize
    /// Answers a hint request; nil when hints are unavailable.
    let hintSolver: (@Sendable (HintRequest) -> HintResult)?
    /// The time of the latest event: what the clock on the status line shows.
    private(set) var now: Double
    private(set) var size = ScreenSize(width: 80, height: 24)

    /// What the figure menu (`m`) lists; empty: no menu (the key rings the bell).
    let menuEntries: [FigureMenu.Entry]
    /// The figure menu while it is open: it takes the keys and clicks, and is what is drawn.
    public private(set) var menu: FigureMenu?

    private var synthesizer = TouchSynthesizer()
    private let clock = ManualClock()
    private let hitTester = CanvasHitTester(metrics: CellMetrics())
    private let manager: GestureManager
    private let director: Session.Director

    public init(session: Session, progress: Progress, style: RenderStyle,
                minimumSize: ScreenSize = ScreenSize(width: 60, height: 20), now: Double,
                hintSolver: (@Sendable (HintRequest) -> HintResult)? = nil, menu: [FigureMenu.Entry] = []) {
        self.session = session
        self.menuEntries = menu
        self.progress = progress
        self.style = style
        self.minimumSize = minimumSize
        self.now = now
        self.hintSolver = hintSolver
        manager = GestureManager(clock: clock, hitTester: hitTester, metrics: hitTester.metrics)
        director = Session.makeDirector(manager: manager)
    }

    /// The progress to write to disk: the records plus the position being played.
    public var progressToSave: Progress {
        var saved = progress
        session.save(into: &saved, now: now)
        return saved
    }

    public mutating func update(_ event: ProgramEvent<HintResult>, now: Double) -> [ProgramEffect<HintResult>] {
        self.now = now
        let t = Self.gestureTime(now)
        clock.set(max(clock.now, t))
        if menu != nil, let effects = updateMenu(event) { return effects }
        switch event {
        case .input(.key(let press)):
            var effects: [ProgramEffect<HintResult>] = []
            if press == KeyPress(.escape) { effects += gestures(synthesizer.cancelAll(), at: t) }
            guard let key = press.gameKey else { return effects }
            return effects + self.effects(session.handle(key, now: now))
        case .input(.resize(let newSize)):
            size = newSize
            session.resize(width: newSize.width, height: newSize.height)
            return gestures(synthesizer.cancelAll(), at: t)
        case .input(let input):
            if case .mouse(let m) = input, m.action == .press || m.action == .wheelUp || m.action == .wheelDown {
                hitTester.canvas = view(size: size)   // what the pointer lands on, as drawn
            }
            let middle = TouchSynthesizer.KeyboardAnchor(
                location: hitTester.metrics.iso(col: size.width / 2, row: size.height / 2), hit: .root)
            let dispatches = synthesizer.touches(for: input, at: t, anchor: middle, hitTest: hitTester.hitTest)
            return gestures(dispatches, at: t)
        case .suspending:
            return gestures(synthesizer.cancelAll(), at: t)
        case .tick:
            manager.tick()
            return gestures(synthesizer.expirePair(at: t), at: t) + effects(session.tick(now: now))
        case .message(let result):
            return effects(session.apply(hint: result, now: now))
        }
    }

    /// While the figure menu is open it takes keys and clicks (nil: the event goes on as usual).
    private mutating func updateMenu(_ event: ProgramEvent<HintResult>) -> [ProgramEffect<HintResult>]? {
        let outcome: FigureMenu.Outcome?
        switch event {
        case .input(.key(let press)):
            guard let key = press.gameKey else { return [] }
            outcome = menu?.handle(key)
        case .input(.mouse(let m)):
            guard m.action == .press, m.button == .left, m.column >= 0, m.row >= 0,
                  m.column < size.width, m.row < size.height else { return [] }
            let id = view(size: size)[m.column, m.row].id
            outcome = menu?.click(id)
        default:
            return nil
        }
        switch outcome {
        case nil:
            return []
        case .cancelled:
            menu = nil
            return []
        case .chosen(let entry):
            guard let figure = entry.figure else { return [] }
            var saved = progress
            session.save(into: &saved, now: now)
            guard let next = Session.resume(figure, from: saved) else { return [.bell] }
            progress = saved
            session = next
            session.resize(width: size.width, height: size.height)
            menu = nil
            return [.save]
        }
    }

    /// Hands touch dispatches to the manager and applies what the recognizers reported.
    private mutating func gestures(_ dispatches: [[TouchChange]], at t: GestureTime) -> [ProgramEffect<HintResult>] {
        for changes in dispatches { manager.handle(changes, at: t) }
        return effects(session.flush(director, width: size.width, height: size.height, now: now))
    }

    static func gestureTime(_ seconds: Double) -> GestureTime {
        GestureTime(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    public func view(size: ScreenSize) -> Canvas {
        if let menu { return menu.view(width: size.width, height: size.height) }
        return session.view(width: size.width, height: size.height, now: now, style: style)
    }

    /// The next whole second (the clock on the status line) or gesture deadline, if sooner.
    public func nextTick(after now: Double) -> Double? {
        let deadlines = [manager.nextDeadline, synthesizer.pairDeadline].compactMap { $0?.seconds } + [session.nextTick(after: now)].compactMap { $0 }
        return ([(now + 1e-3).rounded(.down) + 1] + deadlines).min()
    }

    private mutating func effects(_ sessionEffects: [GameEffect]) -> [ProgramEffect<HintResult>] {
        var effects: [ProgramEffect<HintResult>] = []
        for effect in sessionEffects {
            switch effect {
            case .autosave, .countSolutions, .write:
                continue   // the games ask for none of these
            case .quit:
                effects.append(.quit)
            case .computeHint(let request):
                if let solver = hintSolver {
                    effects.append(.perform { solver(request) })
                } else {
                    effects.append(.bell)
                }
            case .solved(let figure, let solved):
                progress.recordSolve(figure: figure, solved)
                effects.append(.save)
            case .openMenu:
                guard !menuEntries.isEmpty else {
                    effects.append(.bell)
                    continue
                }
                for changes in synthesizer.cancelAll() { manager.handle(changes, at: Self.gestureTime(now)) }
                menu = FigureMenu(entries: menuEntries, progress: progressToSave, current: session.figureName,
                                  title: Session.menuTitle)
            }
        }
        return effects
    }
}

/// `soma play`: the Soma game.
public typealias SomaProgram = GameProgram<SomaSession>

/// The pentomino game (for a `soma pento` command).
public typealias PentominoProgram = GameProgram<PentominoSession>
