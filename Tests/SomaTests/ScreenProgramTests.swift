@testable import Game
import Polycube
@testable import Scene
import Testing
@testable import Terminal
@testable import App

@Suite("Screen program (a play screen behind the terminal loop)")
struct ScreenProgramTests {
    func program() throws -> SomaProgram {
        let cube = try Catalog.figure(named: "cube")
        var program = SomaProgram(screen: SomaSession(figure: cube), progress: Progress(),
                                  style: .blocks256, now: 100)
        _ = program.update(.input(.resize(ScreenSize(width: 100, height: 36))), now: 100)
        _ = program.update(.start, now: 100)
        return program
    }

    func mouse(_ action: MouseAction, _ column: Int, _ row: Int) -> ProgramEvent<ScreenAnswer?> {
        .input(.mouse(MouseEvent(action, .left, column: column, row: row)))
    }

    @Test("keys reach the game: select a piece, move it, quit")
    func keys() throws {
        var p = try program()
        _ = p.update(.input(.key(KeyPress(.character("1")))), now: 101)
        #expect(p.screen.game.selection == 0)
        _ = p.update(.input(.key(KeyPress(.right))), now: 101.5)
        #expect(p.screen.game.moves == 1)
        #expect(p.progressToSave.inProgress["Cube"]?.moves == 1)
        let effects = p.update(.input(.key(KeyPress(.character("q")))), now: 102)
        #expect(effects.count == 1)
        if case .quit = effects.first {} else { Issue.record("q should quit") }
    }

    @Test("the clock stands still while stopped by Ctrl-Z and while the window is too small; q quits there")
    func clockHeld() throws {
        var p = try program()
        _ = p.update(.input(.key(KeyPress(.character("1")))), now: 101)
        _ = p.update(.input(.key(KeyPress(.right))), now: 102)   // the clock starts at the first move
        #expect(p.midend.clock?.elapsed(now: 110) == 8)
        // Ctrl-Z at 110, back (the loop sends the size again) at 500: the 390 s away do not count.
        _ = p.update(.suspending, now: 110)
        #expect(p.midend.clock?.elapsed(now: 400) == 8)
        _ = p.update(.input(.resize(ScreenSize(width: 100, height: 36))), now: 500)
        #expect(p.midend.clock?.elapsed(now: 505) == 13)
        // Too small from 505 to 600: held; big enough again, it goes on.
        _ = p.update(.input(.resize(ScreenSize(width: 40, height: 10))), now: 505)
        #expect(p.midend.clock?.elapsed(now: 600) == 13)
        #expect(p.quits(on: KeyPress(.character("q"))))
        #expect(!p.quits(on: KeyPress(.character("u"))))
        _ = p.update(.input(.resize(ScreenSize(width: 100, height: 36))), now: 600)
        #expect(p.midend.clock?.elapsed(now: 602) == 15)
    }

    @Test("the terminal's background: the theme already shown needs no new frame; the other theme is drawn")
    func backgroundAnswer() throws {
        var p = try program()
        let dark = p.view(size: p.size)
        let same = p.update(.input(.background(TerminalBackground(red: 0, green: 0, blue: 0))), now: 101)
        #expect(same.count == 1)
        if case .unchanged = same.first {} else { Issue.record("a dark background changes nothing on a dark theme") }
        #expect(p.update(.input(.background(TerminalBackground(red: 1, green: 1, blue: 1))), now: 102).isEmpty)
        #expect(p.style.theme == .light)
        #expect(p.view(size: p.size).cells != dark.cells)
    }

    @Test("a mouse drag from piece 1's legend entry moves piece 1")
    func mouseDrag() throws {
        var p = try program()
        let legend = p.view(size: p.size)
        #expect(legend[80, 3].id == .control(0))
        let start = p.screen.game.cells(ofPiece: 0)
        _ = p.update(mouse(.press, 80, 3), now: 101)
        for (i, column) in stride(from: 82, through: 94, by: 2).enumerated() {
            _ = p.update(mouse(.drag, column, 3), now: 101 + 0.02 * Double(i + 1))
        }
        _ = p.update(mouse(.release, 94, 3), now: 101.3)
        #expect(p.screen.game.selection == 0)
        // One carry is one move, and it carries piece 1 along the floor: the same cells moved
        // by one step across, none up or down, no other piece touched.
        #expect(p.screen.game.moves == 1)
        let end = p.screen.game.cells(ofPiece: 0)
        let step = Cell(end[0].x - start[0].x, end[0].y - start[0].y, end[0].z - start[0].z)
        #expect(end == start.map { Cell($0.x + step.x, $0.y + step.y, $0.z + step.z) }, "\(start) -> \(end)")
        #expect(step.z == 0 && step != Cell(0, 0, 0), "carried by \(step)")
        let untouched = try program().screen.game
        for piece in 1..<untouched.pieces.count {
            #expect(p.screen.game.cells(ofPiece: piece) == untouched.cells(ofPiece: piece), "piece \(piece + 1)")
        }
    }

    @Test("a save that fails is said on the bottom line while the player plays, until a save works")
    func saveProblemOnScreen() throws {
        var p = try program()
        let bottom = { (p: SomaProgram) in p.view(size: p.size).text.split(separator: "\n", omittingEmptySubsequences: false)[p.size.height - 1] }
        #expect(!bottom(p).contains("NOT saved"))
        _ = p.update(.saved(problem: "the disk is full, at /state/soma.db"), now: 101)
        #expect(bottom(p).hasPrefix(" Progress NOT saved: the disk is full, at /state/soma.db"), "\(bottom(p))")
        _ = p.update(.input(.key(KeyPress(.character("1")))), now: 102)
        #expect(bottom(p).hasPrefix(" Progress NOT saved:"), "it stays while the player plays on")
        _ = p.update(.saved(problem: nil), now: 103)
        #expect(!bottom(p).contains("NOT saved"))
        let warned = SomaProgram(screen: SomaSession(figure: try Catalog.figure(named: "cube")), style: .blocks256, now: 0,
                                 saveProblem: "/x/soma.db: the folder cannot be made (not a directory)")
        let first = warned.view(size: ScreenSize(width: 100, height: 36)).text.split(separator: "\n", omittingEmptySubsequences: false)[35]
        #expect(first.hasPrefix(" Progress NOT saved: /x/soma.db: the folder cannot be made (not a directory)"), "from the first frame")
    }

    @Test("no tick while the clock stands; at the next whole second once it runs, sooner for a pending gesture deadline")
    func ticks() throws {
        var p = try program()
        // Before the first move nothing on the screen moves by itself: the loop sleeps.
        #expect(p.nextTick(after: 100.25) == nil)
        _ = p.update(.input(.mouse(MouseEvent(.wheelUp, .none, column: 30, row: 10))), now: 100.3)
        let next = try #require(p.nextTick(after: 100.3))
        #expect(next > 100.3 && next < 101, "the gesture's deadline")
        _ = p.update(.tick, now: 101)
        #expect(p.nextTick(after: 101) == nil)
        // A move starts the clock: a tick every whole second, for the time on the status line.
        _ = p.update(.input(.key(KeyPress(.character("1")))), now: 101.5)
        _ = p.update(.input(.key(KeyPress(.right))), now: 101.6)
        #expect(p.midend.clock?.isRunning == true)
        #expect(p.nextTick(after: 101.6) == 102)
        _ = p.update(.tick, now: 102)
        #expect(p.nextTick(after: 102) == 103)
    }

    @Test("the same program runs the pentomino game")
    func pentominoes() throws {
        let board = try Catalog.figure(named: "6x10")
        var p = PentominoProgram(screen: PentominoSession(board: board), progress: Progress(), style: .blocks256, now: 0)
        _ = p.update(.input(.resize(ScreenSize(width: 100, height: 36))), now: 0)
        let before = p.view(size: p.size)
        #expect(!before.text.isEmpty)
        _ = p.update(.input(.key(KeyPress(.character("?")))), now: 1)
        #expect(p.midend.showsHelp)
        let effects = p.update(.input(.key(KeyPress(.character("q")))), now: 2)   // closes the help
        #expect(effects.isEmpty)
        #expect(!p.midend.showsHelp)
    }

    @Test("m opens the figure menu; a click on an entry plays it, keeping the position left; Esc goes back")
    func figureMenu() throws {
        let cube = try Catalog.figure(named: "cube")
        var p = SomaProgram(screen: SomaSession(figure: cube), progress: Progress(), style: .blocks256, now: 100,
                            menu: FigureMenu.catalog(.soma))
        _ = p.update(.input(.resize(ScreenSize(width: 100, height: 36))), now: 100)
        _ = p.update(.input(.key(KeyPress(.character("1")))), now: 101)
        _ = p.update(.input(.key(KeyPress(.right))), now: 101)
        _ = p.update(.input(.key(KeyPress(.character("m")))), now: 102)
        let menu = try #require(p.menu)
        #expect(menu.entries.allSatisfy { $0.section == CatalogEntry.Kind.soma.title })
        #expect(menu.entries[menu.cursor].name == "cube")
        _ = p.update(.input(.key(KeyPress(.escape))), now: 103)
        #expect(p.menu == nil)
        #expect(p.screen.game.figure.name == "Cube")

        _ = p.update(.input(.key(KeyPress(.character("m")))), now: 104)
        let screen = p.view(size: ScreenSize(width: 100, height: 36))
        let bathtub = try #require(p.menu?.entries.firstIndex { $0.name == "bathtub" })
        let row = try #require((0..<36).first { screen[3, $0].id == .control(bathtub) })
        let effects = p.update(mouse(.press, 3, row), now: 105)
        #expect(p.menu == nil)
        #expect(p.screen.game.figure.name == "Bathtub")
        #expect(effects.contains { if case .save = $0 { true } else { false } })
        #expect(p.progressToSave.inProgress["Cube"]?.moves == 1, "the cube position is kept")
    }

    /// Plain mode and moved keys are the player's, not the figure's: they stay when the figure
    /// menu opens another figure.
    @Test func theSettingsOutliveAFigureChosenInTheMenu() throws {
        var screen = SomaSession(figure: try Catalog.figure(named: "cube"))
        screen.plain = true
        try screen.remapKeys([.character("h"): .character("H")])
        var p = SomaProgram(screen: screen, progress: Progress(), style: .blocks256, now: 100, menu: FigureMenu.catalog(.soma))
        _ = p.update(.input(.resize(ScreenSize(width: 100, height: 36))), now: 100)
        _ = p.update(.input(.key(KeyPress(.character("m")))), now: 101)
        let view = p.view(size: ScreenSize(width: 100, height: 36))
        let bathtub = try #require(p.menu?.entries.firstIndex { $0.name == "bathtub" })
        let row = try #require((0..<36).first { view[3, $0].id == .control(bathtub) })
        _ = p.update(mouse(.press, 3, row), now: 102)
        #expect(p.screen.game.figure.name == "Bathtub")
        #expect(p.screen.plain)
        #expect(p.screen.keys.action(for: .character("H")) == .command(.hint))
        #expect(p.screen.keys.action(for: .character("h")) == nil)
    }

    /// The loop's side of a figure made for the menu, on the program's own clock: the work is
    /// handed to the worker (`.perform`), the loop is asked to wake a frame later, the progress
    /// line is drawn from then until the answer, and the answer plays the figure made. (The
    /// end-to-end test cannot see the line reliably: on a fast machine the figure is made within
    /// the frame, which is the point of waiting a frame.)
    @Test("a new figure from the menu: a wake-up a frame later, the progress line until the work answers, then the figure")
    func figureMadeOffTheInputPath() throws {
        let cube = try Catalog.figure(named: "cube")
        let tower = try Catalog.figure(named: "tower")
        var p = SomaProgram(screen: SomaSession(figure: cube), progress: Progress(), style: .blocks256, now: 100,
                            menu: FigureMenu.newFigures + FigureMenu.catalog(.soma))
        p.figureMaker = { MadeFigure(request: $0, figure: tower) }
        _ = p.update(.input(.resize(ScreenSize(width: 100, height: 36))), now: 100)
        _ = p.update(.start, now: 100)
        _ = p.update(.input(.key(KeyPress(.character("m")))), now: 101)
        // The cursor starts on the cube: one line up is "A new figure, grade 5".
        _ = p.update(.input(.key(KeyPress(.up))), now: 101)
        let effects = p.update(.input(.key(KeyPress(.enter))), now: 102)
        #expect(p.menu == nil)
        let work: [@Sendable () -> ScreenAnswer?] = effects.compactMap { if case .perform(let work) = $0 { work } else { nil } }
        #expect(work.count == 1, "\(effects)")
        func bottomLine(at now: Double) -> String {
            _ = p.update(.tick, now: now)
            let canvas = p.view(size: ScreenSize(width: 100, height: 36))
            return (0..<100).map { String(canvas[$0, 35].glyph) }.joined()
        }
        let wake = try #require(p.nextTick(after: 102))
        #expect(wake <= 102 + FigureMaking.frame + 1e-9, "woken at \(wake)")
        #expect(!bottomLine(at: 102.01).contains("Making"))
        #expect(bottomLine(at: 102.05).hasPrefix(" Making a new figure of grade 5..."))
        #expect(bottomLine(at: 103.5).hasPrefix(" Making a new figure of grade 5..."), "said until the answer comes")
        let answer = try #require(work.first?())
        #expect(answer == .made(MadeFigure(request: .new(grade: 5), figure: tower)))
        _ = p.update(.message(answer), now: 104)
        #expect(p.screen.game.figure.name == "Tower")
        #expect(!bottomLine(at: 104.1).contains("Making"))
    }

    @Test("without menu entries (as for pentominoes) m rings the bell")
    func noMenu() throws {
        var p = try program()
        let effects = p.update(.input(.key(KeyPress(.character("m")))), now: 101)
        #expect(p.menu == nil)
        #expect(effects.contains { if case .bell = $0 { true } else { false } })
    }
}
