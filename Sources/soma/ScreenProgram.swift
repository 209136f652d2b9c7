import Game
import Gestures
import Polycube
import Scene
import Solver
import Terminal

/// Any play screen (`GameScreen`: the Soma game, the pentomino game, the designer) as a
/// `TerminalProgram`: the one adapter between the terminal, which knows no game, and the games,
/// which know no terminal. `soma play`, `soma pento` and `soma design` all run one.
///
/// Keys go to the screen as `GameKey`s. The mouse goes through the `TouchSynthesizer` into the
/// gesture manager, whose recognizers (the screen's director) report drags, taps, flicks and
/// pinches back to the screen at `flush`; a touch-down is hit-tested against the picture on
/// screen, through the screen's own `node(for:)`. The screen's effects become the loop's: hints
/// and solution counts run off the input path and come back as `ScreenAnswer` messages, files
/// are written through `writeFile`, solves are recorded in `progress`. Ticks come at every whole
/// second (the clock on the status line) and at every gesture deadline.
///
/// The manager, director and hit tester are objects (recognizers have identity); this value is
/// their only owner, and the app loop the only owner of this value.
struct ScreenProgram<Screen: GameScreen>: TerminalProgram {
    /// A screen's answer from background work; nil for a search that a newer one superseded.
    typealias Message = ScreenAnswer?
    /// Answers a hint request, polling `control` to stop early when a newer request supersedes
    /// it; nil when it stopped.
    typealias HintSolver = @Sendable (HintRequest, SearchControl) -> HintResult?

    private(set) var screen: Screen
    private(set) var progress: Progress
    /// How the scene is drawn on this terminal (glyphs and colours).
    let style: RenderStyle
    let minimumSize: ScreenSize
    /// Answers a hint request; nil when hints are unavailable.
    let hintSolver: HintSolver?
    /// Writes a figure file (the executable knows the figures folder); nil when the screen
    /// writes none.
    let writeFile: (@Sendable (DesignFile) -> DesignFileOutcome)?
    /// The generation of the latest count asked for; older searches see it and stop.
    private let latestCount = LatestGeneration()
    /// The same for hints: a new hint request stops the one in flight, so pressing `h` ten times
    /// on a large figure runs one search, not ten queued on both cores.
    private let latestHint = LatestGeneration()
    private var hintGeneration = 0
    /// Hints asked for in this run, per figure name: what `soma daily` keeps of the day's figure.
    private(set) var hintsAsked: [String: Int] = [:]
    /// The time of the latest event: what the clock on the status line shows.
    private(set) var now: Double
    private(set) var size = ScreenSize(width: 80, height: 24)
    /// False until the first tick, which starts what the screen needs at the outset (the count
    /// of a complete design that was opened): the loop has no start event of its own.
    private var started = false

    /// What the figure menu (`m`) lists; empty: no menu (the key rings the bell).
    let menuEntries: [FigureMenu.Entry]
    /// Why progress is not being saved (the path and the reason), from the start or the latest
    /// save; shown on the bottom line until a save works, so that a player never plays on
    /// believing their progress is kept.
    private(set) var saveProblem: String?

    /// The figure menu while it is open: it takes the keys and clicks, and is what is drawn.
    private(set) var menu: FigureMenu?
    /// The hall of fame and display names (`t` and `n` in the menu); nil: the keys ring the bell.
    let fameBoard: FameBoard?
    /// The hall of fame of the menu's figure while it is open, over the menu.
    private(set) var fame: HallOfFameScreen?

    private var synthesizer = TouchSynthesizer()
    private let clock = ManualClock()
    private let hitTester = CanvasHitTester(metrics: CellMetrics())
    private let manager: GestureManager
    private let director: Screen.Director

    init(screen: Screen, progress: Progress = Progress(), style: RenderStyle, minimumSize: ScreenSize? = nil,
         now: Double, hintSolver: HintSolver? = nil,
         writeFile: (@Sendable (DesignFile) -> DesignFileOutcome)? = nil, menu: [FigureMenu.Entry] = [],
         saveProblem: String? = nil, fame: FameBoard? = nil) {
        self.screen = screen
        self.fameBoard = fame
        self.saveProblem = saveProblem
        self.menuEntries = menu
        self.progress = progress
        self.style = style
        self.minimumSize = minimumSize ?? ScreenSize(width: Screen.minimumSize.width, height: Screen.minimumSize.height)
        self.now = now
        self.hintSolver = hintSolver
        self.writeFile = writeFile
        manager = GestureManager(clock: clock, hitTester: hitTester, metrics: hitTester.metrics)
        director = Screen.makeDirector(manager: manager)
    }

    /// The progress to write to disk: the records plus the position being played.
    var progressToSave: Progress {
        var saved = progress
        screen.save(into: &saved, now: now)
        return saved
    }

    mutating func update(_ event: ProgramEvent<ScreenAnswer?>, now: Double) -> [ProgramEffect<ScreenAnswer?>] {
        self.now = now
        let t = Self.gestureTime(now)
        clock.set(max(clock.now, t))
        if fame != nil, let effects = updateFame(event) { return effects }
        if menu != nil, let effects = updateMenu(event) { return effects }
        switch event {
        case .input(.key(let press)):
            var effects: [ProgramEffect<ScreenAnswer?>] = []
            if press == KeyPress(.escape) { effects += gestures(synthesizer.cancelAll(), at: t) }
            guard let key = press.gameKey else { return effects }
            return effects + self.effects(screen.handle(key, now: now))
        case .input(.resize(let newSize)):
            size = newSize
            screen.resize(width: newSize.width, height: newSize.height)
            return gestures(synthesizer.cancelAll(), at: t)
        case .input(let input):
            if case .mouse(let m) = input, m.action == .press || m.action == .wheelUp || m.action == .wheelDown {
                // What the pointer lands on, as drawn, through the screen's own hit mapping.
                hitTester.canvas = view(size: size)
                hitTester.node = { [screen] id in screen.node(for: id) }
            }
            return gestures(synthesizer.touches(for: input, at: t, hitTest: hitTester.hitTest), at: t)
        case .suspending:
            return gestures(synthesizer.cancelAll(), at: t)
        case .saved(let problem):
            saveProblem = problem
            return []
        case .tick:
            manager.tick()
            var effects = gestures(synthesizer.expirePair(at: t), at: t) + self.effects(screen.tick(now: now))
            if !started {
                started = true
                effects += self.effects(screen.start())
            }
            return effects
        case .message(let answer):
            guard let answer else { return [] }   // a search a newer one superseded
            return effects(screen.receive(answer, now: now))
        }
    }

    /// While the figure menu is open it takes keys and clicks (nil: the event goes on as usual).
    private mutating func updateMenu(_ event: ProgramEvent<ScreenAnswer?>) -> [ProgramEffect<ScreenAnswer?>]? {
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
            screen.setPaused(false, now: now)
            return []
        case .chosen(let entry):
            guard let figure = entry.figure else { return [] }
            guard play(figure) else { return [.bell] }
            menu = nil
            return [.save]
        case .hallOfFame(let entry, let naming):
            guard let board = fameBoard, let figure = entry.figure else { return [.bell] }
            fame = board.screen(figure: figure.name, naming: naming)
            return []
        }
    }

    /// While the hall of fame is open it takes the keys (clicks do nothing; nil: the event goes
    /// on as usual). A chosen name goes to the store, and the tables are read again with it.
    private mutating func updateFame(_ event: ProgramEvent<ScreenAnswer?>) -> [ProgramEffect<ScreenAnswer?>]? {
        switch event {
        case .input(.key(let press)):
            guard let key = press.gameKey, let outcome = fame?.handle(key) else { return [] }
            switch outcome {
            case .close:
                fame = nil
            case .choose(let name):
                guard let board = fameBoard, let figure = fame?.figure else { return [.bell] }
                let choice = board.chooseName(name)
                fame?.named(choice, tables: board.tables(figure))
            }
            return []
        case .input(.mouse):
            return []
        default:
            return nil
        }
    }

    /// Leaves the screen's figure (its position kept in `progress`) for `figure`, resumed where
    /// the player left it; false when this screen cannot play it.
    private mutating func play(_ figure: Figure) -> Bool {
        var saved = progress
        screen.save(into: &saved, now: now)
        guard var next = Screen.resume(figure, from: saved) else { return false }
        next.keepSettings(of: screen)
        progress = saved
        screen = next
        screen.resize(width: size.width, height: size.height)
        return true
    }

    /// What Enter offers after a solve: the next figure of the menu the player has not solved.
    private var nextUnsolved: FigureMenu.Entry? {
        FigureMenu.nextUnsolved(after: screen.figureName, in: menuEntries, progress: progress,
                                playable: { Screen.resume($0, from: Progress()) != nil })
    }

    /// Hands touch dispatches to the manager and applies what the recognizers reported.
    private mutating func gestures(_ dispatches: [[TouchChange]], at t: GestureTime) -> [ProgramEffect<ScreenAnswer?>] {
        for changes in dispatches { manager.handle(changes, at: t) }
        return effects(screen.flush(director, width: size.width, height: size.height, now: now))
    }

    static func gestureTime(_ seconds: Double) -> GestureTime {
        GestureTime(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    func view(size: ScreenSize) -> Canvas {
        var canvas = fame?.view(width: size.width, height: size.height)
            ?? menu?.view(width: size.width, height: size.height)
            ?? screen.view(width: size.width, height: size.height, now: now, style: style)
        if let saveProblem, size.height > 0 {
            // Over the bottom line, in the colours of a refusal (reverse video without colour).
            let text = " Progress NOT saved: \(saveProblem)"
            let shown = text.prefix(size.width)
            let line = String(shown) + String(repeating: " ", count: max(0, size.width - shown.count))
            let warning = style.colors == .none ? TextStyle(bold: true, reverse: true)
                                                : TextStyle(foreground: .index(231), background: .index(160), bold: true)
            canvas.put(line, column: 0, row: size.height - 1, style: warning)
        }
        return canvas
    }

    /// Right away until started, then the next whole second (the clock on the status line) or
    /// gesture deadline, if sooner.
    func nextTick(after now: Double) -> Double? {
        guard started else { return now }
        let deadlines = [manager.nextDeadline, synthesizer.pairDeadline].compactMap { $0?.seconds } + [screen.nextTick(after: now)].compactMap { $0 }
        return ([(now + 1e-3).rounded(.down) + 1] + deadlines).min()
    }

    private mutating func effects(_ screenEffects: [GameEffect]) -> [ProgramEffect<ScreenAnswer?>] {
        var effects: [ProgramEffect<ScreenAnswer?>] = []
        for effect in screenEffects {
            switch effect {
            case .quit:
                effects.append(.quit)
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
            case .solved(let figure, let solved):
                let before = progress.records
                progress.recordSolve(figure: figure, solved)
                screen.solveRecorded(SolveNews(solved, on: figure, before: before, next: nextUnsolved?.figure?.name))
                effects.append(.save)
            case .playNext:
                guard let figure = nextUnsolved?.figure, play(figure) else {
                    effects.append(.bell)
                    continue
                }
                effects.append(.save)
            case .autosave:
                effects.append(.save)
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
            case .openHallOfFame(let naming):
                guard let board = fameBoard, !screen.figureName.isEmpty else {
                    effects.append(.bell)
                    continue
                }
                for changes in synthesizer.cancelAll() { manager.handle(changes, at: Self.gestureTime(now)) }
                fame = board.screen(figure: screen.figureName, naming: naming)
            case .openMenu:
                guard !menuEntries.isEmpty else {
                    effects.append(.bell)
                    continue
                }
                for changes in synthesizer.cancelAll() { manager.handle(changes, at: Self.gestureTime(now)) }
                screen.setPaused(true, now: now)
                menu = FigureMenu(entries: menuEntries, progress: progressToSave, current: screen.figureName,
                                  title: Screen.menuTitle)
            }
        }
        return effects
    }
}

/// `soma play`: the Soma game.
typealias SomaProgram = ScreenProgram<SomaSession>

/// `soma pento`: the pentomino game.
typealias PentominoProgram = ScreenProgram<PentominoSession>

/// `soma design`: the designer.
typealias DesignerProgram = ScreenProgram<DesignerSession>
