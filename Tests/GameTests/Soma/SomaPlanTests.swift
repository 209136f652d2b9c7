import Gestures
import Polycube
import Scene
import Testing
@testable import Game

/// The plan beside the scene: the figure's layers, bottom first, a letter per filled cell, a dot
/// per empty one (issue 12: depth and empty cells could not be read from the picture).
@Suite("SomaPlan")
struct SomaPlanTests {
    /// The plan's rows on an 80x24 screen: the panel right of the picture, under the legend.
    func planRows(_ s: SomaSession, width: Int = 80, height: Int = 24) -> [String] {
        let lines = s.view(width: width, height: height, now: 0).text.split(separator: "\n", omittingEmptySubsequences: false)
        let column = width - SomaSession.legendWidth + 1
        return lines[11..<17].map { line in line.count > column ? String(line.dropFirst(column)) : "" }
    }

    @Test("at the start every cell of the three layers is an empty dot, bottom layer first")
    func start() {
        #expect(planRows(SomaSession(figure: Fixtures.cube)) == [
            "Layers, bottom first",
            "1      2      3",
            "· · ·  · · ·  · · ·",
            "· · ·  · · ·  · · ·",
            "· · ·  · · ·  · · ·",
            "front row at bottom",
        ])
    }

    @Test("with 5 of 7 pieces in, their letters fill their cells and the 8 cells left for B and P are dots")
    func fivePlaced() throws {
        let game = Fixtures.cube(placed: 5)
        let plan = SomaPlan(game: game)
        #expect(plan.marks.count == 27)
        #expect(plan.marks.values.filter { $0 == .empty }.count == 8)
        for i in 0..<5 {
            for cell in game.cells(ofPiece: i) { #expect(plan.marks[cell] == .piece(i, game.pieces[i].letter)) }
        }
        // Row r of the text, layer z, column x: the cell (x, 2 - r, z).
        let rows = planRows(SomaSession(game: game))
        for z in 0..<3 {
            for r in 0..<3 {
                for x in 0..<3 {
                    let text = Array(rows[2 + r])
                    let glyph = text[z * 7 + 2 * x]
                    let expected: Character = game.piece(at: Cell(x, 2 - r, z)).map { game.pieces[$0].letter } ?? "·"
                    #expect(glyph == expected, "cell \(x), \(2 - r), \(z)")
                }
            }
        }
    }

    @Test("a click on a plan cell hits the piece there: its control id, which names the piece's node")
    func clickSelects() throws {
        var s = SomaSession(game: Fixtures.cube(placed: 5))
        let canvas = s.view(width: 80, height: 24, now: 0)
        let column = 80 - SomaSession.legendWidth + 1
        // Bottom layer, front row, left cell: (0, 0, 0).
        let piece = try #require(s.game.piece(at: Cell(0, 0, 0)))
        #expect(canvas[column, 15].id == .control(piece))
        #expect(s.node(for: canvas[column, 15].id) == NodeID(piece))
        // An empty cell is no node.
        let empty = try #require(Fixtures.cube.cells.first { s.game.piece(at: $0) == nil })
        let emptyColumn = column + empty.z * 7 + 2 * empty.x, emptyRow = 13 + (2 - empty.y)
        #expect(canvas[emptyColumn, emptyRow].glyph == "·")
        #expect(s.node(for: canvas[emptyColumn, emptyRow].id) == nil)
        s.apply(.select(.index(piece)), now: 0)
        let selected = s.view(width: 80, height: 24, now: 0)[column, 15]
        #expect(selected.style.bold && selected.style.underline)
    }

    @Test("the hint's cells show its letter in lower case where they are empty")
    func hintCells() {
        var game = Fixtures.cube(placed: 5)
        let suggestion = Fixtures.cubeSolution[5]
        game.apply(.hintArrived(HintResult(fixed: game.placedPoses, completions: 1, reachedLimit: false,
                                           suggestion: suggestion)), now: 0)
        let plan = SomaPlan(game: game)
        let cells = suggestion.cells(of: game.pieces[5].shape)
        #expect(cells.allSatisfy { plan.marks[$0] == .hinted(Character(game.pieces[5].letter.lowercased())) })
        #expect(plan.marks.values.filter { $0 == .empty }.count == 4)
    }

    @Test("a wide figure takes one column a cell; layers that do not fit side by side go below")
    func layout() {
        let flat = Figure(name: "slab", cells: (0..<27).map { Cell($0 % 9, $0 / 9, 0) })
        let plan = SomaPlan(game: SomaGame(figure: flat))
        #expect(plan.layout(width: 21, height: 12) == (2, 1))
        // Nine 3x3 layers: three bands of three at two columns a cell need 14 rows; at one
        // column a cell five go side by side, in two bands.
        let tall = Figure(name: "tower", cells: (0..<81).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) })
        let tower = SomaPlan(game: SomaGame(figure: tall))
        #expect(tower.layout(width: 21, height: 12) == (1, 5))
    }
}
