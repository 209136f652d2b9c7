@testable import Game
import Gestures
import Polycube
import Scene
import Testing

/// The midend against a screen of a dozen lines: a counter that is solved at three. What the
/// midend does for every game (the solve, its news and moment, Enter, the clock, the lines, the
/// ticks asked for) is seen here without any game's rules.
@Suite("Midend against a fake screen")
struct MidendFakeScreenTests {
    /// A figure of the catalog per name, so the fake can be "resumed" on it.
    static let first = Figure(name: "first", cells: [Cell(0, 0, 0)])
    static let second = Figure(name: "second", cells: [Cell(0, 0, 0), Cell(1, 0, 0)])
    static let menu = [FigureMenu.Entry(name: "first", section: "Fake", figure: first),
                       FigureMenu.Entry(name: "second", section: "Fake", figure: second)]

    /// A counter: `+` adds one (a move), solved the first time it reaches three; `w` asks to be
    /// woken a second later; `h` takes a hint (counted with the solve), `r` starts a new attempt
    /// once solved. It keeps no time: it answers (`PlayState`) and the midend keeps the clock.
    struct Counter: GameScreen {
        enum Action: Hashable, Sendable { case add, wake, hint, again }
        typealias Director = CounterDirector
        typealias Position = Int

        var name = "first"
        var count = 0
        var started = false
        var completed = false
        var attempt = 0
        var hints = 0
        /// Seconds of earlier sittings (a resumed save's).
        var earlierSeconds = 0.0
        var ticks: [Double] = []
        /// How many times undo or redo handed it a position.
        var restored = 0
        var keys = KeyTable<Action>([.keys("+", [.character("+")], .add, "add one"), .keys("w", [.character("w")], .wake, "wake"),
                                     .keys("h", [.character("h")], .hint, "hint"), .keys("r", [.character("r")], .again, "again")])
        var common = CommonKeys.standard.offering(without: [.reset])

        var facts: ScreenFacts {
            var status = ScreenStatus(fields: [name, "count \(count)"],
                                      bottom: [BottomLine(reminders: [keys.reminder(.add, "add one", priority: 1),
                                                                      keys.reminder(.wake, "wake")])])
            status.play = PlayState(attempt: attempt, started: started, completed: completed, moves: count,
                                    hints: hints, earlierSeconds: earlierSeconds)
            status.showsSolve = count == 3
            status.pieces = 3
            return ScreenFacts(figureName: name, help: HelpPage(title: "Counter", lines: keys.help, keys: common), status: status)
        }
        var position: Int { count }

        mutating func update(_ event: ScreenEvent<Int>, now: Double) -> [GameEffect] {
            switch event {
            case .key(let key):
                switch keys.action(for: key) {
                case .add?:
                    count += 1
                    started = true
                    if count == 3 { completed = true }
                    return [.moved]
                case .wake?: return [.wake(at: now + 1)]
                case .hint?: hints += 1
                case .again?:
                    guard completed else { return [] }
                    (count, started, completed, attempt, hints, earlierSeconds) = (0, false, false, attempt + 1, 0, 0)
                    return [.forgetMoves]
                case nil: return []
                }
            case .tick: ticks.append(now)
            case .undone(let p), .redone(let p):
                count = p
                restored += 1
            default: break
            }
            return []
        }

        func view(width: Int, height: Int, now: Double, style: RenderStyle, lit: Set<Int>?) -> Canvas {
            Canvas(width: width, height: height)
        }
        func node(for id: HitID) -> NodeID? { nil }
        func save(into progress: inout Progress, seconds: Double) {
            progress.inProgress[name] = count == 0 || completed ? nil : SavedPosition(poses: [], moves: count, seconds: seconds)
        }
        func resuming(_ figure: Figure, from progress: Progress) -> Counter? {
            var next = Counter()
            next.name = figure.name
            if let saved = progress.inProgress[figure.name] {
                next.count = saved.moves
                next.earlierSeconds = saved.seconds ?? 0
            }
            return next
        }
    }

    final class CounterDirector: ScreenDirector {
        typealias Screen = Counter
        init(manager: GestureManager) {}
        func flush(into screen: inout Counter, width: Int, height: Int, now: Double) -> [GameEffect] { [] }
    }

    func lines(_ m: Midend<Counter>, width: Int = 80, now: Double) -> (top: String, bottom: String) {
        let rows = m.view(width: width, height: 10, now: now, style: .blocks256).text
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (rows[0], rows[9])
    }

    @Test("a solve is recorded once, with its news and its moment; any key skips the moment; Enter opens the next figure")
    func solve() {
        var m = Midend(screen: Counter(), menu: Self.menu, now: 0)
        #expect(m.handle(.character("+"), now: 1) == [])
        #expect(m.handle(.character("+"), now: 2) == [])
        #expect(m.handle(.character("+"), now: 4) == [.autosave], "solved: recorded and saved")
        #expect(m.progress.records[RecordKey("first", .off)] == FigureRecord(timesSolved: 1, bestSeconds: 3, fewestMoves: 3))
        #expect(m.news == SolveNews(newBest: false, next: "second"))
        #expect(m.celebration == Celebration(start: 4, count: 3))
        #expect(lines(m, now: 4.1).top == " first    Solved in 0:03, 3 moves. Enter: next figure (second)    ? help  q quit")
        #expect(lines(m, now: 4.1).bottom == " Solved!   any key skips")
        #expect(abs((m.nextTick(after: 4) ?? 0) - 4.2) < 1e-9, "the moment's next frame")
        // A key during the moment skips it and does nothing else.
        #expect(m.handle(.character("+"), now: 4.5) == [] && m.screen.count == 3 && m.celebration == nil)
        // Undo and redo back into the solve record nothing again.
        _ = m.handle(.character("u"), now: 5)
        _ = m.handle(.character("U"), now: 6)
        #expect(m.screen.count == 3 && m.progress.records[RecordKey("first", .off)]?.timesSolved == 1)
        #expect(m.celebration == nil)
        // Enter: the next unsolved figure of the menu.
        #expect(m.handle(.enter, now: 7) == [.autosave])
        #expect(m.screen.name == "second" && m.news == nil && !m.canUndo)
    }

    @Test("the clock is the midend's to pause and show: stopped while help is open, on the top line")
    func clock() {
        var m = Midend(screen: Counter(), now: 0)
        _ = m.handle(.character("+"), now: 10)          // the first move starts the screen's clock
        #expect(lines(m, now: 15).top.hasPrefix(" first   count 1   0:05"))
        _ = m.handle(.character("?"), now: 20)
        #expect(m.showsHelp && m.clock?.isPaused == true)
        _ = m.handle(.escape, now: 50)
        #expect(!m.showsHelp && m.clock?.isPaused == false)
        #expect(lines(m, now: 60).top.hasPrefix(" first   count 1   0:20"), "\(lines(m, now: 60).top)")
        #expect(lines(m, now: 60).top.hasSuffix("? help  q quit"))
    }

    @Test("the clock is the midend's: it waits for the screen's first move, stops at its completion, and the solve has its moves, seconds and help")
    func clockStartsAndStops() {
        var m = Midend(screen: Counter(), now: 0)
        #expect(m.clock == PlayClock() && m.clock?.elapsed(now: 100) == 0, "shown, not started")
        _ = m.handle(.character("h"), now: 5)            // a hint is no move: still waiting
        #expect(m.clock?.elapsed(now: 100) == 0)
        _ = m.handle(.character("+"), now: 10)
        #expect(m.clock?.elapsed(now: 12) == 2)
        _ = m.handle(.character("+"), now: 20)
        _ = m.handle(.character("+"), now: 31)
        #expect(m.solve == Solved(moves: 3, seconds: 21, hints: 1))
        #expect(m.progress.records[RecordKey("first", .solvable)] == FigureRecord(timesSolved: 1, bestSeconds: 21, fewestMoves: 3),
                "a hint ranks the solve with the helped ones")
        #expect(m.clock?.elapsed(now: 500) == 21, "stopped at the completion")
        _ = m.handle(.character("u"), now: 40)           // out of the solved position: the clock stays stopped
        #expect(m.screen.count == 2 && m.clock?.elapsed(now: 600) == 21 && m.solve?.seconds == 21)
        _ = m.handle(.character("h"), now: 41)           // help after the solve changes nothing recorded
        #expect(m.solve?.hints == 1)
    }

    @Test("a new attempt gets a fresh clock; a screen that keeps no time gets none")
    func clockNewAttempt() {
        var m = Midend(screen: Counter(), now: 0)
        for t in [1.0, 2, 4] { _ = m.handle(.character("+"), now: t) }
        #expect(m.solve?.seconds == 3)
        _ = m.handle(.character("r"), now: 10)
        #expect(m.solve == nil && m.news == nil && m.clock == PlayClock())
        for t in [20.0, 21, 27] { _ = m.handle(.character("+"), now: t) }
        #expect(m.solve == Solved(moves: 3, seconds: 7))
        #expect(m.progress.records[RecordKey("first", .off)] == FigureRecord(timesSolved: 2, bestSeconds: 3, fewestMoves: 3))
        let designer = Midend(screen: DesignerSession(width: 80, height: 24), now: 0)
        #expect(designer.clock == nil && designer.solve == nil)
    }

    @Test("saved progress keeps the clock's seconds, a resumed figure goes on from them, and the host's hold stops it")
    func clockSavedAndResumed() throws {
        var m = Midend(screen: Counter(), menu: Self.menu, now: 0)
        _ = m.handle(.character("+"), now: 10)
        m.holdClock(true, now: 20)                       // stopped by Ctrl-Z, or a window too small
        #expect(m.clock?.elapsed(now: 70) == 10)
        m.holdClock(false, now: 70)
        #expect(m.progressToSave(now: 75).inProgress["first"] == SavedPosition(poses: [], moves: 1, seconds: 15))
        // To the second figure by the menu and back: the first resumes at 15 seconds, waiting for a move.
        _ = m.handle(.character("m"), now: 75)
        _ = m.handle(.down, now: 80)
        _ = m.handle(.enter, now: 80)
        #expect(m.screen.name == "second" && m.clock?.elapsed(now: 90) == 0)
        #expect(m.progress.inProgress["first"]?.seconds == 15, "the menu's time not counted")
        let back = m.play(Self.first, now: 100)
        #expect(back)
        #expect(m.screen.count == 1 && m.clock?.elapsed(now: 200) == 15)
        _ = m.handle(.character("+"), now: 200)
        #expect(m.clock?.elapsed(now: 205) == 20)
        // A midend started over a resumed screen starts from its seconds too.
        let resumed = try #require(Counter().resuming(Self.first, from: m.progressToSave(now: 210)))
        #expect(Midend(screen: resumed, now: 0).clock?.elapsed(now: 1000) == 25)
    }

    @Test("a tick asked for with .wake comes at its time, not before")
    func wake() {
        var m = Midend(screen: Counter(), now: 0)
        _ = m.handle(.character("w"), now: 3)
        #expect(m.nextTick(after: 3) == 4)
        _ = m.tick(now: 3.5)
        #expect(m.screen.ticks.isEmpty)
        _ = m.tick(now: 4)
        #expect(m.screen.ticks == [4] && m.nextTick(after: 4) == nil)
    }

    @Test("the bottom line: reminders named from the table as bound, the least needed giving way, no word cut")
    func bottomLine() {
        var m = Midend(screen: Counter(), now: 0)
        #expect(lines(m, now: 0).bottom.hasPrefix(" +: add one   w: wake"))
        #expect(StatusLayout.fitted([Reminder(keys: "+", "add one", priority: 1), Reminder(keys: "w", "wake")], width: 12)
                == "+: add one", "the wake reminder gives way, the add one stays")
        #expect(StatusLayout.fitted([Reminder(keys: "+", "add one"), Reminder(keys: "w", "wake")], width: 12) == "+: add one")
        #expect(StatusLayout.fitted([Reminder("Put the 7 pieces in"), Reminder(keys: "Tab", "select", priority: 1)], width: 15)
                == "Tab: select", "the goal gives way to the keys")
        #expect(StatusLayout.fitted([Reminder("a sentence wider than the line")], width: 10) == "a sentence wider than the line",
                "a sentence alone is shown and cut by the edge")
        // A screen's `+` moved elsewhere is named so.
        var screen = Counter()
        screen.keys = (try? screen.keys.remapped([.character("+"): .character("p")])) ?? screen.keys
        m = Midend(screen: screen, now: 0)
        #expect(lines(m, now: 0).bottom.hasPrefix(" p: add one   w: wake"))
    }

    @Test("nothing to undo or redo is the midend's to say: the screen hears nothing; the next key replaces the words")
    func nothingToUndo() {
        var m = Midend(screen: Counter(), now: 0)
        #expect(m.handle(.character("u"), now: 1) == [])
        #expect(m.screen.restored == 0 && m.said == .refused(.nothingToUndo))
        #expect(lines(m, now: 1).bottom == " Nothing to undo")
        _ = m.handle(.character("U"), now: 2)
        #expect(m.said == .refused(.nothingToRedo) && lines(m, now: 2).bottom == " Nothing to redo")
        _ = m.handle(.character("+"), now: 3)
        #expect(m.said == nil && lines(m, now: 3).bottom.hasPrefix(" +: add one   w: wake"))
        _ = m.handle(.character("u"), now: 4)
        #expect(m.screen.count == 0 && m.screen.restored == 1 && m.said == nil, "a move to take back goes to the screen")
        _ = m.handle(.character("u"), now: 5)
        #expect(m.said == .refused(.nothingToUndo) && m.screen.restored == 1)
    }

    @Test("every screen's bottom line says nothing to undo in the midend's words, once, after the action")
    func nothingToUndoEverywhere() throws {
        func bottom<S: GameScreen>(_ screen: S) -> String {
            var m = Midend(screen: screen, now: 0)
            _ = m.handle(.character("u"), now: 1)
            let rows = m.view(width: 120, height: 30, now: 1, style: .blocks256).text
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return rows[29]
        }
        let soma = bottom(SomaSession(figure: Fixtures.cube))
        #expect(soma.hasPrefix(" Tab or 1-7: select a piece   Nothing to undo   "), "\(soma)")
        let pento = bottom(PentominoSession(board: try Catalog.figure(named: "6x10")))
        #expect(pento == " Nothing to undo", "\(pento)")
        let designer = bottom(DesignerSession(width: 120, height: 30))
        #expect(designer == " Nothing to undo", "\(designer)")
    }

    @Test("the hall of fame leaves the midend as effects: t opens it reading, the host's answer fills it, a name is asked of the host")
    func fameAsEffects() {
        let board = FameBoard(tables: { _, _ in Issue.record("read in the midend"); return .failure(.init("no")) },
                              ownName: { Issue.record("read in the midend"); return nil },
                              chooseName: { _ in Issue.record("written in the midend"); return .refused("no") }, isGuest: false)
        var m = Midend(screen: Counter(), fame: board, now: 0)
        #expect(m.handle(.character("t"), now: 1) == [.readFame(figure: "first")])
        #expect(m.hallOfFame?.isReading == true)
        let fame = HallOfFame(figure: "first", assist: .solvable)
        _ = m.receive(.fame(FameRead(figure: "first", tables: [.solvable: .success(fame)], ownName: nil)), now: 2)
        #expect(m.hallOfFame?.isReading == false && m.hallOfFame?.tables == .success(fame))
        _ = m.handle(.character("n"), now: 3)
        for c in "Ann" { _ = m.handle(.character(c), now: 3) }
        #expect(m.handle(.enter, now: 4) == [.chooseName("Ann", figure: "first")])
        _ = m.receive(.fameNamed(.accepted("Ann"), FameRead(figure: "first", tables: [:], ownName: "Ann")), now: 5)
        #expect(m.hallOfFame?.ownName == "Ann" && m.hallOfFame?.prompt == nil)
    }
}
