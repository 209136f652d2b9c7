@testable import Game
import Polycube
import Scene
import Testing

@Suite("Midend (what every screen shares)")
struct MidendTests {
    /// A hall of fame board with no database behind it: the screen opens and says why.
    static var board: FameBoard { FameBoard(tables: { _, _ in .failure(HallOfFameScreen.Failure("no database in this test")) },
                                 ownName: { nil }, chooseName: { _ in .refused("no database in this test") }, isGuest: false) }

    /// The cube, with piece 1 moved at time 10 (which starts the clock).
    static func playing() -> Midend<SomaSession> {
        var m = Midend(screen: SomaSession(figure: Fixtures.cube), menu: FigureMenu.catalog(.soma), fame: board)
        _ = m.handle(.character("1"), now: 5)
        _ = m.handle(.pageUp, now: 10)
        return m
    }

    @Test("the hall of fame (t) stops the clock until it closes")
    func fameStopsTheClock() {
        var m = Self.playing()
        _ = m.handle(.character("t"), now: 20)
        #expect(m.hallOfFame?.figure == Fixtures.cube.name)
        #expect(m.clock?.elapsed(now: 50) == 10)
        _ = m.handle(.escape, now: 50)
        #expect(m.hallOfFame == nil && !m.hasChild)
        #expect(m.clock?.elapsed(now: 60) == 20)
    }

    @Test("the name prompt (n) stops the clock; letters go into the name, not to the game")
    func namePromptStopsTheClock() {
        var m = Self.playing()
        _ = m.handle(.character("n"), now: 20)
        #expect(m.hallOfFame?.prompt == "")
        _ = m.handle(.character("q"), now: 30)
        #expect(m.hallOfFame?.prompt == "q")
        #expect(m.clock?.elapsed(now: 50) == 10)
        _ = m.handle(.escape, now: 50)   // leaves the prompt
        _ = m.handle(.escape, now: 50)   // closes the hall of fame
        #expect(!m.hasChild)
        #expect(m.clock?.elapsed(now: 60) == 20)
    }

    @Test("the hall of fame over the menu: the clock stands still until both are closed")
    func fameOverTheMenu() {
        var m = Self.playing()
        _ = m.handle(.character("m"), now: 20)
        #expect(m.menu != nil)
        _ = m.handle(.character("t"), now: 25)
        #expect(m.hallOfFame != nil && m.menu != nil)
        _ = m.handle(.escape, now: 30)
        #expect(m.hallOfFame == nil && m.menu != nil, "back to the menu")
        #expect(m.clock?.elapsed(now: 40) == 10)
        _ = m.handle(.escape, now: 40)
        #expect(!m.hasChild)
        #expect(m.clock?.elapsed(now: 45) == 15)
    }

    @Test("without a menu or a hall of fame, m and t ring the bell")
    func bellWithoutChildren() {
        var m = Midend(screen: SomaSession(figure: Fixtures.cube))
        #expect(m.handle(.character("m"), now: 0) == [.bell])
        #expect(m.handle(.character("t"), now: 0) == [.bell])
        #expect(!m.hasChild)
    }

    @Test("a position that changes is saved in the background, at most every 5 seconds; the clock alone is no change")
    func backgroundSaves() {
        var m = Midend(screen: SomaSession(figure: Fixtures.cube), now: 0)
        #expect(m.tick(now: 6) == [], "nothing changed")
        _ = m.handle(.character("1"), now: 6.5)
        #expect(m.tick(now: 7) == [], "a selection is no change of the position")
        _ = m.handle(.right, now: 7.5)
        #expect(m.progressToSave(now: 8).inProgress[Fixtures.cube.name]?.moves == 1)
        #expect(m.tick(now: 8) == [.autosave], "changed, and the last save is 8 seconds old")
        _ = m.handle(.left, now: 9)
        #expect(m.progressToSave(now: 9).inProgress[Fixtures.cube.name] == nil, "back at the start: nothing to resume")
        #expect(m.tick(now: 10) == [], "changed again, but saved 2 seconds ago")
        #expect(m.tick(now: 12.9) == [])
        #expect(m.tick(now: 13) == [.autosave])
        #expect(m.tick(now: 30) == [], "the clock ran on, the pieces did not move")
    }

    @Test("a changed position asks for the background save's tick itself, whether or not the play clock runs")
    func saveTicks() {
        var m = Midend(screen: SomaSession(figure: Fixtures.cube), now: 0)
        #expect(m.nextTick(after: 1) == nil, "nothing changed")
        _ = m.handle(.character("1"), now: 6.5)
        #expect(m.nextTick(after: 6.5) == nil, "a selection is no change of the position")
        _ = m.handle(.right, now: 7.5)
        #expect(m.nextTick(after: 7.5) == 8, "changed, the last save 7.5 s old: at the next whole second")
        #expect(m.tick(now: 8) == [.autosave])
        #expect(m.nextTick(after: 8) == nil, "saved")
        _ = m.handle(.left, now: 9)
        #expect(m.nextTick(after: 9) == 13, "saved at 8: not before 13")
        #expect(m.tick(now: 13) == [.autosave])
        #expect(m.nextTick(after: 13) == nil)
    }

    @Test("the move list is the midend's: one step per move, a drag is one, undo and redo hand the screen its position, a new figure starts afresh")
    func moveList() {
        var m = Midend(screen: SomaSession(figure: Fixtures.cube), menu: FigureMenu.catalog(.soma))
        let start = m.screen.position
        #expect(!m.canUndo && !m.canRedo)
        _ = m.handle(.character("2"), now: 1)
        #expect(!m.canUndo, "selecting is no move")
        _ = m.handle(.right, now: 2)
        let once = m.screen.position
        _ = m.handle(.pageUp, now: 3)
        let twice = m.screen.position
        #expect(once != start && twice != once && m.canUndo)
        _ = m.handle(.character("u"), now: 4)
        #expect(m.screen.position == once && m.canRedo)
        #expect(m.screen.game.feedback == .note("Undone: L moved back   U redoes"))
        _ = m.handle(.character("u"), now: 5)
        #expect(m.screen.position == start && !m.canUndo)
        _ = m.handle(.character("u"), now: 6)
        #expect(m.said == .refused(.nothingToUndo))
        _ = m.handle(.character("U"), now: 7)
        #expect(m.screen.position == once && m.screen.game.feedback == .note("Redone: L moved again"))
        // A drag's steps, in several events, are one move: the screen said `.moved` once.
        _ = m.act(now: 8) { $0.apply(SomaPointer.beginDrag(piece: 0), now: 8) }
        _ = m.act(now: 8) { $0.apply(SomaCommand.move(Cell(0, 1, 0)), now: 8) }
        _ = m.act(now: 8) { $0.apply(SomaCommand.move(Cell(0, 1, 0)), now: 8) }
        _ = m.act(now: 8) { $0.apply(SomaPointer.endDrag, now: 8) }
        #expect(m.screen.position != once && !m.canRedo, "a new move forgets what could be redone")
        _ = m.handle(.character("u"), now: 9)
        #expect(m.screen.position == once, "one undo takes the whole drag back")
        // Another figure from the menu: its own move list.
        _ = m.handle(.character("m"), now: 10)
        _ = m.handle(.down, now: 10)
        _ = m.handle(.enter, now: 10)
        #expect(m.screen.game.figure.name != Fixtures.cube.name && !m.canUndo && !m.canRedo)
    }
}
