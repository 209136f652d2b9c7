@testable import Polycube
@testable import Scene
import Testing
@testable import Game

@Suite("FigureMenu")
struct FigureMenuTests {
    @Test("arrows move the cursor, Enter chooses, Esc cancels; the cursor starts on the current figure")
    func keys() throws {
        var menu = FigureMenu(current: "cube")
        let cube = try #require(Catalog.figures.firstIndex { $0.name == "cube" })
        #expect(menu.cursor == cube)
        #expect(menu.handle(.down) == nil)
        #expect(menu.cursor == cube + 1)
        #expect(menu.handle(.enter) == .chosen(FigureMenu.Entry(Catalog.figures[cube + 1])))
        #expect(menu.handle(.escape) == .cancelled)
        menu = FigureMenu()
        _ = menu.handle(.up)
        #expect(menu.cursor == 0)
    }

    @Test("the view groups by kind, marks solved figures with their record, and entry lines are clickable")
    func view() throws {
        var progress = Progress()
        let cube = try Catalog.entry(named: "cube")
        progress.recordSolve(figure: cube.figure.name, Solved(moves: 33, seconds: 75))
        var menu = FigureMenu(progress: progress, current: "cube")
        let canvas = menu.view(width: 100, height: 30)
        #expect(canvas.text.contains("Soma figures"))
        #expect(canvas.text.contains("solved, best 1:15 in 33 moves"))
        let row = try #require((0..<30).first { canvas[2, $0].id == .control(menu.cursor) })
        #expect(canvas.text.split(separator: "\n", omittingEmptySubsequences: false)[row].contains("cube"))
        #expect(menu.click(canvas[2, row].id) == .chosen(FigureMenu.Entry(cube)))
    }

    @Test("a long catalog scrolls to keep the cursor on screen")
    func scrolls() {
        var menu = FigureMenu()
        for _ in 0..<(menu.entries.count - 1) { _ = menu.handle(.down) }
        let canvas = menu.view(width: 80, height: 12)
        #expect(canvas.cells.contains { $0.id == .control(menu.entries.count - 1) })
    }

    @Test("the player's figures follow the catalog; an unreadable file is listed with its problem and cannot be chosen")
    func playerFigures() throws {
        let mine = FigureMenu.Entry(name: "tower.txt", section: "Your figures", figure: Fixtures.cube)
        let broken = FigureMenu.Entry(name: "broken.txt", section: "Your figures", problem: "line 2: unexpected 'x'")
        var menu = FigureMenu(entries: FigureMenu.catalog(.soma) + [mine, broken], current: "broken.txt")
        #expect(menu.entries.allSatisfy { $0.figure?.pieceSet.name != PieceSet.pentominoes.name })
        let text = menu.view(width: 100, height: 60).text
        #expect(text.contains("Your figures"))
        #expect(text.contains("broken.txt") && text.contains("cannot be read: line 2: unexpected 'x'"))
        #expect(menu.handle(.enter) == nil)
        #expect(menu.handle(.up) == nil)
        #expect(menu.handle(.enter) == .chosen(mine))
    }

    @Test("End jumps to the last figure, Home to the first")
    func endAndHome() {
        var menu = FigureMenu(current: "cube")
        #expect(menu.handle(.end) == nil)
        #expect(menu.cursor == menu.entries.count - 1)
        #expect(menu.handle(.home) == nil)
        #expect(menu.cursor == 0)
    }

    @Test("a figure with a saved position and no solve is marked in progress with its moves; a solved one shows its record")
    func inProgress() throws {
        var progress = Progress()
        let wall = try Catalog.entry(named: "wall"), cube = try Catalog.entry(named: "cube")
        var game = SomaGame(figure: wall.figure)
        game.apply(.select(.number(2)), now: 0)
        game.apply(.turn(.x, by: 1), now: 5)
        progress.save(game, seconds: 5)
        let moves = try #require(progress.inProgress[wall.figure.name]).moves
        progress.recordSolve(figure: cube.figure.name, Solved(moves: 40, seconds: 90))
        let lines = FigureMenu(progress: progress).view(width: 100, height: 60).text.split(separator: "\n")
        let wallLine = try #require(lines.first { $0.contains(" wall ") })
        #expect(moves == 1 && wallLine.hasSuffix("in progress, 1 move"), "\(wallLine)")
        let cubeLine = try #require(lines.first { $0.contains(" cube ") })
        #expect(cubeLine.contains("solved, best 1:30 in 40 moves") && !cubeLine.contains("in progress"))
        #expect(lines.filter { $0.contains("in progress") }.count == 1)
    }
}
