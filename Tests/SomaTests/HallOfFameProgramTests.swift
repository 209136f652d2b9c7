@testable import Game
import Polycube
@testable import Scene
import Testing
@testable import Terminal
@testable import App

@Suite("Screen program: the hall of fame over the figure menu")
struct HallOfFameProgramTests {
    /// A board that keeps names in memory, like the store: one per player, chosen once.
    final class Board: @unchecked Sendable {
        var name: String?
        var asked: [String] = []
        var chosen: [String] = []

        func fame(isGuest: Bool = false) -> FameBoard {
            FameBoard(
                tables: { [self] figure, assist in
                    asked.append(figure)
                    // The player solved it with the default assist only.
                    guard assist == .solvable else { return .success(HallOfFame(figure: figure, assist: assist)) }
                    return .success(HallOfFame(figure: figure, assist: assist, byTime: [.init(rank: 1, name: name, score: 75, isOwn: true)],
                                               byMoves: [.init(rank: 1, name: name, score: 30, isOwn: true)], players: 1))
                },
                ownName: { [self] in name },
                chooseName: { [self] text in
                    chosen.append(text)
                    if name != nil { return .refused("Your name is \(name!): it is chosen once and stays") }
                    name = text
                    return .accepted(text)
                },
                isGuest: isGuest)
        }
    }

    func key(_ k: Key) -> ProgramEvent<ScreenAnswer?> { .input(.key(KeyPress(k))) }

    func program(_ board: Board, isGuest: Bool = false) throws -> SomaProgram {
        let cube = try Catalog.figure(named: "cube")
        var p = SomaProgram(screen: SomaSession(figure: cube), progress: Progress(), style: .blocks256, now: 100,
                            menu: FigureMenu.catalog(.soma), fame: board.fame(isGuest: isGuest))
        _ = p.update(.input(.resize(ScreenSize(width: 80, height: 24))), now: 100)
        return p
    }

    @Test("m, t: the highlighted figure's tables; n, a name, Enter: stored and shown; Esc: the menu; Esc: the game")
    func fameAndName() throws {
        let board = Board()
        var p = try program(board)
        _ = p.update(key(.character("m")), now: 101)
        _ = p.update(key(.down), now: 101)
        let next = try #require(p.menu.map { $0.entries[$0.cursor] })
        #expect(next.name == "apartment-building")
        // The key opens the screen at once and waits on nothing: the store is read off the
        // input path, as the loop's worker reads it.
        let asked = p.update(key(.character("t")), now: 102)
        #expect(p.fame?.figure == "Apartment building" && p.fame?.isReading == true)
        #expect(board.asked.isEmpty, "nothing read in the key's handling")
        #expect(p.view(size: p.size).text.contains(" Reading the hall of fame..."))
        for case .perform(let work) in asked { _ = p.settle(.message(work()), now: 102) }
        #expect(board.asked == Array(repeating: "Apartment building", count: 3), "each assist's tables")
        var text = p.view(size: p.size).text
        #expect(text.hasPrefix(" Hall of fame: Apartment building"))
        #expect(text.contains(" > 1. anonymous" + String(repeating: " ", count: 15) + "1:15.0"), "\(text)")
        _ = p.update(key(.character("n")), now: 103)
        for c in "Ann" { _ = p.update(key(.character(c)), now: 103) }
        #expect(p.view(size: p.size).text.contains(" Your name (chosen once): Ann_"))
        let choose = p.update(key(.enter), now: 104)
        #expect(board.chosen.isEmpty, "nothing written in the key's handling")
        for case .perform(let work) in choose { _ = p.settle(.message(work()), now: 104) }
        #expect(board.chosen == ["Ann"])
        #expect(board.asked == Array(repeating: "Apartment building", count: 6), "the tables are read again with the name")
        text = p.view(size: p.size).text
        #expect(text.contains(" > 1. Ann" + String(repeating: " ", count: 21) + "1:15.0"), "\(text)")
        #expect(text.contains(" You are Ann in every hall of fame from now on"))
        // A click does nothing here; Esc goes back to the menu, where the cursor was.
        _ = p.update(.input(.mouse(MouseEvent(.press, .left, column: 3, row: 5))), now: 105)
        #expect(p.fame != nil)
        _ = p.update(key(.escape), now: 105)
        #expect(p.fame == nil)
        #expect(p.menu.map { $0.entries[$0.cursor].name } == "apartment-building")
        _ = p.update(key(.escape), now: 106)
        #expect(p.menu == nil)
        #expect(p.screen.game.figure.name == "Cube")
    }

    @Test("n in the menu opens the prompt at once; a guest is told there is no name for guests")
    func nameFromMenu() throws {
        let board = Board()
        var p = try program(board)
        _ = p.update(key(.character("m")), now: 101)
        _ = p.update(key(.character("n")), now: 101)
        #expect(p.fame?.prompt == "")
        var guest = try program(Board(), isGuest: true)
        _ = guest.update(key(.character("m")), now: 101)
        _ = guest.update(key(.character("n")), now: 101)
        #expect(guest.fame?.prompt == nil)
        #expect(guest.view(size: guest.size).text.contains(" Guests have no name: connect with an SSH key to choose one"))
    }

    @Test("t in the game shows the hall of fame of the figure being played; Esc goes back to the game")
    func fromTheGame() throws {
        let board = Board()
        var p = try program(board)
        _ = p.settle(key(.character("t")), now: 101)
        #expect(p.fame?.figure == "Cube" && p.fame?.prompt == nil && p.menu == nil)
        #expect(p.view(size: p.size).text.hasPrefix(" Hall of fame: Cube"))
        _ = p.update(key(.escape), now: 102)
        #expect(p.fame == nil && p.menu == nil)
        _ = p.update(key(.character("n")), now: 103)
        #expect(p.fame?.prompt == "")
        _ = p.update(key(.character("q")), now: 103)
        #expect(p.fame?.prompt == "q", "q is typed into the name, the game does not quit")
    }

    @Test("without a board (the designer) t rings the bell and the menu stays")
    func noBoard() throws {
        let cube = try Catalog.figure(named: "cube")
        var p = SomaProgram(screen: SomaSession(figure: cube), progress: Progress(), style: .blocks256, now: 100,
                            menu: FigureMenu.catalog(.soma))
        _ = p.update(key(.character("m")), now: 101)
        let effects = p.update(key(.character("t")), now: 102)
        #expect(p.fame == nil && p.menu != nil)
        #expect(effects.contains { if case .bell = $0 { true } else { false } })
    }
}
