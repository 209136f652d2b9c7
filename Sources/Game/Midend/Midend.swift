import Gestures
import Polycube
import Scene

/// What every game screen shares, written once: Simon Tatham's `midend.c` between the host (the
/// terminal's program, `soma serve`'s) and a game screen (`GameScreen`: the Soma game, the
/// pentomino game, the designer).
///
/// - The common keys (`CommonKeys`: help, quit, undo, redo, menu, hall of fame, reset), bound
///   once and carried out here; a screen's key map holds only its own.
/// - The child screens over the game: help (`?`), the figure menu (`m`), the hall of fame (`t`,
///   `n`), the designer's name prompt (`s`, `e`), each a `ChildScreen` with one way in (`open`)
///   and one way out (`ChildRequest`). While one is open it takes the keys and clicks and the
///   game's clock stands still.
/// - The move list (Tatham's `states`): a screen says `.moved` where a move begins, the midend
///   keeps the position before it (`GameScreen.position`), and undo and redo (`.undo`, `.redo`)
///   hand the screen the position to show (`ScreenEvent.undone`, `.redone`). No screen keeps a
///   history of its own.
/// - The play: the screen answers (`ScreenFacts.status`: its fields, reminders and solve, as
///   Tatham's `game_status`, and `PlayState`: begun, completed, moves) and the midend acts. It
///   owns the play clock (`clock`: started at the first move, stopped at the completion, paused
///   while a child is open, shown, saved); the first time a solve appears it records it
///   (`Progress`, the moves and seconds from the clock), keeps its news
///   (a new best, the next figure: `SolveNews`) and runs the solved moment (`Celebration`: any
///   key skips it); Enter then opens the next figure. It lays out the top and bottom lines
///   (`StatusLayout`) from the screen's status and the keys as bound.
/// - Leaving one figure for another (the menu's choice, Enter after a solve), the position kept.
/// - Saving: what to write (`progressToSave`), and a save in the background at most every
///   `autosaveInterval` seconds while the position changes, so a game killed mid-play loses
///   little.
///
/// A value like the screens: events go in, `GameEffect`s come out for what only the loop can do
/// (quit, save, background work, the bell); no effect that the midend handles itself leaves it.
public struct Midend<Screen: GameScreen> {
    public private(set) var screen: Screen
    public private(set) var progress: Progress
    /// What the figure menu (`m`) lists; empty: no menu (the key rings the bell).
    public let menuEntries: [FigureMenu.Entry]
    /// The hall of fame and display names (`t` and `n`); nil: the keys ring the bell.
    public let fameBoard: FameBoard?
    /// The child screens open over the game, the top one last.
    private var children: [any ChildScreen] = []
    private var size = (width: 80, height: 24)
    /// The position as last saved, without the clock (`position(now:)`): a save in the
    /// background is due when it differs.
    private var savedPosition: Progress
    /// When the midend last asked for a save.
    private var lastSave: Double
    /// Whether the position differs from `savedPosition`, as of the last event: a save in the
    /// background is due then (`nextTick`), whether or not the play clock runs (pieces moved
    /// after a solve, or a hint before the first move, keep no clock running).
    private var unsaved = false
    /// The move list: the positions undo goes back to and redo forward to.
    private var moves = UndoHistory<Screen.Position>(limit: Midend.undoLimit)

    /// Beyond this many moves the oldest are forgotten (a design's 500 cube edits, or 500
    /// handlings of a piece: more than any game needs).
    public static var undoLimit: Int { 500 }
    /// A figure being made for the menu (or why it was not), said on the bottom line.
    var making: FigureMaking?
    /// What the figure menu is called ("Figures", "Boards"): the host's, as the entries are.
    let menuTitle: String
    /// The attempt's solve as last seen (`solve`): a new one is recorded.
    private var seenSolve: Solved?
    /// The play clock of the screen's attempt (nil: the screen keeps no time, `ScreenStatus.play`
    /// is nil). The midend starts it when the screen says play began, stops it when the screen
    /// says the figure is complete, pauses it for child screens and the host, and saves its
    /// seconds; no screen keeps time itself (Tatham's midend keeps the timer the same way).
    public private(set) var clock: PlayClock?
    /// The attempt `clock` counts (`PlayState.attempt`): a new one starts a fresh clock.
    private var clockAttempt = 0
    /// What the midend knows of the recorded solve: a new best, the figure Enter opens.
    var news: SolveNews?
    /// The solved moment, from the solve until it ends by itself or a key skips it.
    private(set) var celebration: Celebration?
    /// When the screen asked to be ticked (`GameEffect.wake(at:)`).
    private var wake: Double?
    /// True while the host holds the clock (`holdClock`): stopped, or the window too small.
    private var clockHeld = false
    /// What the midend itself answered the last command ("Nothing to undo"): said on the bottom
    /// line in place of the screen's own answer, the same words on every screen, until the
    /// next key, gesture, command or answer of background work.
    private(set) var said: StatusMessage?

    /// Seconds between two saves in the background while the position changes.
    public static var autosaveInterval: Double { 5 }

    /// `menuTitle`: nil names the menu by its entries ("Boards" when they are all boards).
    public init(screen: Screen, progress: Progress = Progress(), menu: [FigureMenu.Entry] = [], menuTitle: String? = nil,
                fame: FameBoard? = nil, now: Double = 0) {
        self.screen = screen
        self.progress = progress
        self.menuEntries = menu
        // Asked of the entries, which parse no Soma figure to answer (issue 35: start-up).
        let figures = menu.filter { $0.request == nil && $0.problem == nil }
        self.menuTitle = menuTitle ?? (!figures.isEmpty && figures.allSatisfy(\.isBoard) ? "Boards" : "Figures")
        self.fameBoard = fame
        lastSave = now
        savedPosition = progress
        setClock(now: now)
        seenSolve = solve
        savedPosition = position(now: now)
    }

    /// True while a child screen (help, menu, hall of fame) is open over the game.
    public var hasChild: Bool { !children.isEmpty }
    /// The figure menu, while it is open (under the hall of fame, perhaps).
    public var menu: FigureMenu? { children.lazy.compactMap { ($0 as? MenuChild)?.menu }.last }
    /// The hall of fame, while it is open.
    public var hallOfFame: HallOfFameScreen? { children.lazy.compactMap { ($0 as? FameChild)?.screen }.last }
    /// The designer's name prompt, while it is open.
    public var namePrompt: NamePrompt? { (children.last as? NamePromptScreen)?.field }
    /// True while the help is open.
    public var showsHelp: Bool { children.last is HelpScreen }
    /// Whether `key` is the quit key as bound: the host lets it quit even where the window is
    /// too small to show the game.
    public func isQuitKey(_ key: GameKey) -> Bool { screen.facts.commonKeys.command(for: key) == .quit }
    /// True when there is a move to take back.
    public var canUndo: Bool { moves.canUndo }
    /// True when there is a move taken back to do again.
    public var canRedo: Bool { moves.canRedo }

    /// The progress to write: the records plus the position being played.
    public func progressToSave(now: Double) -> Progress {
        var saved = progress
        screen.save(into: &saved, seconds: clock?.elapsed(now: now) ?? 0)
        return saved
    }

    /// What a save would write, without the seconds played: the clock alone is no change worth
    /// a save.
    private func position(now: Double) -> Progress {
        var saved = progressToSave(now: now)
        for name in saved.inProgress.keys { saved.inProgress[name]?.seconds = nil }
        return saved
    }

    // MARK: Events

    /// The program starts (after the first `resize`).
    public mutating func start(now: Double) -> [GameEffect] {
        send(.start, now: now)
    }

    /// The terminal's size (at start and on every resize).
    public mutating func resize(width: Int, height: Int, now: Double) {
        size = (width, height)
        _ = screen.update(.resize(width: width, height: height), now: now)
    }

    /// A key: the top child's; else the solved moment's (any key skips it and does nothing
    /// else); else Enter after a solve (the next figure); else, unless the screen takes every key
    /// for now (a solution shown), a common key's (`CommonKeys`, carried out here); else the
    /// screen's own.
    public mutating func handle(_ key: GameKey, now: Double) -> [GameEffect] {
        said = nil
        if var child = children.popLast() {
            let request = child.handle(key)
            children.append(child)
            return request.map { perform($0, now: now) } ?? []
        }
        if let moment = celebration {
            celebration = nil
            // A moment past its end, not yet ticked away, takes no key: the key acts at once. Nor
            // is the quit key ever swallowed: a player leaving leaves (pentominoes too now have
            // the moment, and a solve is recorded before it starts).
            let quits = screen.facts.commonKeys.command(for: key) == .quit
            if !moment.isOver(at: now), !quits { return [] }
        }
        // Time passes to `now` first: a state that takes every key may be over by now.
        var effects = screen.facts.takesEveryKey ? send(.tick, now: now) : []
        let facts = screen.facts
        if key == .enter, facts.status.showsSolve, solve != nil, news?.next != nil {
            return effects + playNext(now: now)
        }
        if !facts.takesEveryKey, let command = facts.commonKeys.command(for: key) {
            return effects + perform(command, now: now)
        }
        effects += send(.key(key), now: now)
        return effects
    }

    /// Carries out a common command, as the effect a screen would ask for it with.
    private mutating func perform(_ command: CommonCommand, now: Double) -> [GameEffect] {
        let asked: GameEffect
        switch command {
        case .help: asked = .openHelp
        case .quit: asked = .quit
        case .undo: asked = .undo
        case .redo: asked = .redo
        case .menu: asked = .openMenu
        case .fame(let naming): asked = .openHallOfFame(naming: naming)
        case .reset: return send(.reset, now: now)
        }
        return effects([asked], before: screen.position, now: now)
    }

    /// A click (a mouse press) on a cell with this hit id while a child is open.
    public mutating func click(_ id: HitID, now: Double) -> [GameEffect] {
        guard var child = children.popLast() else { return [] }
        let request = child.click(id)
        children.append(child)
        return request.map { perform($0, now: now) } ?? []
    }

    /// Applies what the director's gestures did.
    public mutating func flush(_ director: Screen.Director, now: Double) -> [GameEffect] {
        let before = screen.position
        let asked = director.flush(into: &screen, width: size.width, height: size.height, now: now)
        // The pointer skips the solved moment too, once it does something, and replaces what
        // the midend said last.
        if !asked.isEmpty || screen.position != before { (celebration, said) = (nil, nil) }
        return effects(asked, before: before, now: now)
    }

    /// Runs `body` on the screen as one event (a command of the screen's own, as tests and a
    /// front end without keys drive it) and handles what it asks, the move list included.
    mutating func act(now: Double, _ body: (inout Screen) -> [GameEffect]) -> [GameEffect] {
        said = nil
        let before = screen.position
        return effects(body(&screen), before: before, now: now)
    }

    /// The answer of background work the screen (or the midend) asked for.
    public mutating func receive(_ answer: ScreenAnswer, now: Double) -> [GameEffect] {
        switch answer {
        case .made(let made): return receive(made, now: now)
        case .fame(let read):
            updateFame(read.figure) { $0.received(read.tables, ownName: read.ownName) }
            return []
        case .fameNamed(let choice, let read):
            updateFame(read.figure) { $0.named(choice, tables: read.tables) }
            return []
        case .ownName: return []   // the host's (watching)
        default:
            said = nil   // the screen's answer (a hint, a count) is the newest word
            return send(.answer(answer), now: now)
        }
    }

    /// Opens the hall of fame of `figure` as it is being read, and asks the host to read it.
    private mutating func openFame(_ figure: String, naming: Bool, now: Double) -> [GameEffect] {
        guard let board = fameBoard else { return [.bell] }
        open(FameChild(screen: HallOfFameScreen(reading: figure, shown: board.assist, isGuest: board.isGuest, prompting: naming)),
             now: now)
        return [.readFame(figure: figure)]
    }

    /// Hands what the host read to the open hall of fame of `figure` (none: it was closed).
    private mutating func updateFame(_ figure: String, _ body: (inout HallOfFameScreen) -> Void) {
        guard let i = children.lastIndex(where: { ($0 as? FameChild)?.screen.figure == figure }),
              var child = children[i] as? FameChild else { return }
        body(&child.screen)
        children[i] = child
    }

    /// Time passes (the host ticks when `nextTick` asks, and every second while the play clock
    /// runs): the screen's own ticks, and a save in the background when the position changed
    /// and the last save is `autosaveInterval` old.
    public mutating func tick(now: Double) -> [GameEffect] {
        if let moment = celebration, moment.isOver(at: now) { celebration = nil }
        var effects: [GameEffect] = []
        if let at = wake, now >= at {
            wake = nil
            effects += send(.tick, now: now)
        }
        if now - lastSave >= Self.autosaveInterval, !effects.contains(.autosave) {
            if position(now: now) != savedPosition {
                effects.append(.autosave)
                noteSave(now: now)
            } else {
                unsaved = false   // moved back to where it was saved: no tick for it
            }
        }
        return effects
    }

    /// When the screen next needs a tick of its own, or the background save one (at the next
    /// whole second once the last save is `autosaveInterval` old); the host adds its whole
    /// seconds while the play clock runs.
    public func nextTick(after now: Double) -> Double? {
        let save = unsaved ? max(lastSave + Self.autosaveInterval, (now + 1e-3).rounded(.down) + 1) : nil
        return [wake, celebration?.nextChange(after: now), making?.nextTick, save].compactMap { $0 }.filter { $0 > now }.min()
    }

    /// The whole screen: the top child over what is under it.
    public func view(width: Int, height: Int, now: Double, style: RenderStyle) -> Canvas {
        let covering = children.lastIndex(where: \.coversScreen)
        var canvas = covering == nil ? screenView(width: width, height: height, now: now, style: style)
                                     : Canvas(width: width, height: height)
        for child in children[(covering ?? 0)...] { child.draw(into: &canvas) }
        if children.isEmpty, let line = making?.line(now: now) { Self.drawLine(line, into: &canvas) }
        return canvas
    }

    /// The game screen's picture with the top and bottom lines over it (`StatusLayout`).
    private func screenView(width: Int, height: Int, now: Double, style: RenderStyle) -> Canvas {
        var canvas = screen.view(width: width, height: height, now: now, style: style, lit: celebration?.lit(at: now))
        let facts = screen.facts
        StatusLayout(status: facts.status, common: facts.commonKeys, seconds: clock?.elapsed(now: now), solve: solve,
                     news: news, celebrating: celebration?.lit(at: now) != nil, said: said).draw(into: &canvas)
        return canvas
    }

    // MARK: Children

    /// Opens `child` over the game (and over any child open already); the clock stops.
    private mutating func open(_ child: any ChildScreen, now: Double) {
        if children.isEmpty { clock?.pause(at: now) }
        children.append(child)
    }

    /// Closes the top child; the clock goes on when it was the last and the host holds it not.
    private mutating func close(now: Double) {
        _ = children.popLast()
        if children.isEmpty && !clockHeld { clock?.resume(at: now) }
    }

    /// The host stops the clock while the game cannot be played (`true`: the program is
    /// stopped by Ctrl-Z, or the window is too small to show it) and lets it go on again
    /// (`false`), unless a child screen still holds it.
    public mutating func holdClock(_ held: Bool, now: Double) {
        clockHeld = held
        if held {
            clock?.pause(at: now)
        } else if children.isEmpty {
            clock?.resume(at: now)
        }
    }

    /// Carries out what a child asked.
    private mutating func perform(_ request: ChildRequest, now: Double) -> [GameEffect] {
        switch request {
        case .close:
            close(now: now)
            return []
        case .answer(let answer):
            close(now: now)
            return send(.answer(answer), now: now)
        case .play(let entry):
            guard let figure = entry.figure, play(figure, now: now) else { return [.bell] }
            children = []
            return [.autosave]
        case .hallOfFame(let figure, let naming):
            return openFame(figure, naming: naming, now: now)
        case .chooseName(let name, let figure):
            return [.chooseName(name, figure: figure)]
        case .make(let request):
            while !children.isEmpty { close(now: now) }
            making = FigureMaking(request: request, since: now)
            return [.makeFigure(request)]
        }
    }

    // MARK: What the screen asks

    /// Sends the screen an event and handles what it asks.
    private mutating func send(_ event: ScreenEvent<Screen.Position>, now: Double) -> [GameEffect] {
        let before = screen.position
        return effects(screen.update(event, now: now), before: before, now: now)
    }

    /// Handles the effects the midend owns (help, menu, hall of fame, the move list, ticks) and
    /// passes the rest on to the loop, then acts on a solve the event made. `before`: the
    /// screen's position before the event that asked for them, the step a `.moved` records.
    private mutating func effects(_ screenEffects: [GameEffect], before: Screen.Position, now: Double) -> [GameEffect] {
        var effects = handled(screenEffects, before: before, now: now)
        keepTime(now: now)
        effects += noticeSolve(now: now)
        unsaved = position(now: now) != savedPosition
        return effects
    }

    /// The screen's status after an event: a solve that appeared is recorded (once per
    /// attempt), its news kept, the solved moment begun; a new attempt forgets the news.
    private mutating func noticeSolve(now: Double) -> [GameEffect] {
        let solve = self.solve
        defer { seenSolve = solve }
        guard let solve else {
            news = nil
            return []
        }
        guard seenSolve == nil else { return [] }
        let facts = screen.facts
        let status = facts.status
        let name = facts.figureName
        let before = progress.records
        // The position that completed the figure goes with the record: a server believes a
        // solve only when its final position is a solution of the figure (issue 36).
        progress.recordSolve(figure: name, solve, final: progressToSave(now: now).solutions[name])
        news = SolveNews(solve, on: name, before: before, next: nextUnsolved?.figure?.name)
        celebration = Celebration(start: now, count: status.pieces)
        noteSave(now: now)
        return [.autosave]
    }

    /// Plays the next figure of the menu the player has not solved (Enter after a solve).
    private mutating func playNext(now: Double) -> [GameEffect] {
        guard let figure = nextUnsolved?.figure, play(figure, now: now) else { return [.bell] }
        noteSave(now: now)
        return [.autosave]
    }

    private mutating func handled(_ screenEffects: [GameEffect], before: Screen.Position, now: Double) -> [GameEffect] {
        var effects: [GameEffect] = []
        var recorded = false
        for effect in screenEffects {
            switch effect {
            case .moved:
                // One event is one step, however many commands it made.
                guard !recorded else { continue }
                recorded = true
                moves.record(before)
            case .undo, .redo:
                let undoing = effect == .undo
                // Nothing to take back (or to do again) is the midend's to say, in the same words
                // on every screen; the screen hears nothing.
                guard let target = undoing ? moves.undo(from: screen.position) : moves.redo(from: screen.position) else {
                    said = .refused(undoing ? .nothingToUndo : .nothingToRedo)
                    continue
                }
                said = nil
                effects += send(undoing ? .undone(target) : .redone(target), now: now)
            case .forgetMoves:
                moves = UndoHistory(limit: Self.undoLimit)
            case .openHelp:
                open(HelpScreen(page: screen.facts.help), now: now)
            case .openMenu:
                guard !menuEntries.isEmpty else {
                    effects.append(.bell)
                    continue
                }
                open(MenuChild(menu: FigureMenu(entries: menuEntries, progress: progressToSave(now: now),
                                                current: screen.facts.figureName, title: menuTitle)), now: now)
            case .openHallOfFame(let naming):
                guard !screen.facts.figureName.isEmpty else {
                    effects.append(.bell)
                    continue
                }
                effects += openFame(screen.facts.figureName, naming: naming, now: now)
            case .askName(let field, let replacing, let problem):
                open(NamePromptScreen(field: field, replacing: replacing, problem: problem), now: now)
            case .wake(let at):
                wake = at
            case .autosave:
                effects.append(.autosave)
                noteSave(now: now)
            case .quit, .computeHint, .countSolutions, .write, .bell, .makeFigure, .toggleWatching, .readFame, .chooseName:
                effects.append(effect)
            }
        }
        return effects
    }

    mutating func noteSave(now: Double) {
        lastSave = now
        savedPosition = position(now: now)
        unsaved = false
    }

    /// Leaves the screen's figure (its position kept in `progress`) for `figure`, resumed where
    /// the player left it; false when this screen cannot play it.
    mutating func play(_ figure: Figure, now: Double) -> Bool {
        let saved = progressToSave(now: now)
        guard let next = screen.resuming(figure, from: saved) else { return false }
        progress = saved
        screen = next
        moves = UndoHistory(limit: Self.undoLimit)
        setClock(now: now)
        (seenSolve, news, celebration, wake, said) = (solve, nil, nil, nil, nil)
        _ = screen.update(.resize(width: size.width, height: size.height), now: now)
        return true
    }

    // MARK: The clock

    /// The attempt's solve, from the clock: the moves and help the screen answered at the
    /// completion and the seconds to it. Nil while unsolved, and when the solver, not the
    /// player, completed the figure (`ScreenStatus.solvedBySolver`: said, never recorded).
    public var solve: Solved? {
        screen.isSolvedBySolver ? nil : clock?.solved
    }

    /// A clock for the screen now shown (at the start, and for each figure played): the seconds
    /// of its earlier sittings, started and stopped as the screen already says.
    private mutating func setClock(now: Double) {
        let play = screen.playState
        clock = play.map { PlayClock(earlierSeconds: $0.earlierSeconds) }
        clockAttempt = play?.attempt ?? 0
        keepTime(now: now)
    }

    /// After each event, the clock follows what the screen answers (`PlayState`): a new attempt
    /// gets a fresh clock, play begun starts it at `now`, a completion stops it at `now` with the
    /// moves and help of the attempt (the first time only, `PlayClock.complete`).
    private mutating func keepTime(now: Double) {
        guard let play = screen.playState else {
            clock = nil
            return
        }
        if clock == nil || play.attempt != clockAttempt {
            clock = PlayClock(earlierSeconds: play.earlierSeconds)
            clockAttempt = play.attempt
        }
        if play.started { clock?.start(at: now) }
        if play.completed { clock?.complete(moves: play.moves, now: now, assist: play.assist, hints: play.hints) }
    }

    /// What Enter offers after a solve: the next figure of the menu the player has not solved.
    private var nextUnsolved: FigureMenu.Entry? {
        FigureMenu.nextUnsolved(after: screen.facts.figureName, in: menuEntries, progress: progress,
                                playable: { screen.resuming($0, from: Progress()) != nil })
    }
}
