import Gestures
import Polycube
import Scene
import Testing
@testable import Game

/// The plan beside the scene: the figure's layers, bottom first, a letter per filled cell, a dot
/// per empty one (issue 12: depth and empty cells could not be read from the picture).
@Suite("SomaPlan")
struct SomaPlanTests {
    /// The plan's rows on an 80x24 screen: the panel right of the picture, under the legend
    /// (trailing blanks dropped).
    func planRows(_ s: SomaSession, width: Int = 80, height: Int = 24) -> [String] {
        let lines = s.view(width: width, height: height, now: 0).text.split(separator: "\n", omittingEmptySubsequences: false)
        let column = width - SomaSession.legendWidth + 1
        return lines[11..<19].map { (line: Substring) -> String in
            let panel: String = line.count > column ? String(line.dropFirst(column)) : ""
            return String(panel.reversed().drop { $0 == " " }.reversed())
        }
    }

    @Test("at the start every cell of the three layers is an empty dot, bottom layer first, in a blank margin")
    func start() {
        // At 80x24 a layer with its margin is 5 cells wide, one column a cell: three side by side.
        #expect(planRows(SomaSession(figure: Fixtures.cube)) == [
            "Layers, bottom first",
            "1     2     3",
            "",
            " ···   ···   ···",
            " ···   ···   ···",
            " ···   ···   ···",
            "",
            "front row at bottom",
        ])
    }

    /// The cube with V standing on the floor at x 0-1, z 0-1, all its cells in row `y`
    /// (3: just behind the cube, in the plan's margin; 2: the cube's back row); the other pieces
    /// where the start layout puts them.
    static func vStanding(inRow y: Int) throws -> SomaSession {
        let start = SomaGame(figure: Fixtures.cube)
        let turn = Axis.x.rotation(quarterTurns: 1)
        let cells = start.pieces[0].shape.cells.map(turn.apply)
        #expect(Set(cells.map(\.y)).count == 1, "V stands in one row")
        let lo = Cell(cells.map(\.x).min()!, cells.map(\.y).min()!, cells.map(\.z).min()!)
        var poses = start.poses
        poses[0] = Placement(piece: start.pieces[0].letter, orientation: turn, offset: Cell(0, y, 0) - lo)
        var s = SomaSession(game: try #require(SomaGame(figure: Fixtures.cube, poses: poses)))
        s.apply(.select(.index(0)), now: 0)
        return s
    }

    @Test("a piece just behind the cube is drawn in the margin above the figure's rows, never in them (issue 24)")
    func behindInTheMargin() throws {
        let behind = try Self.vStanding(inRow: 3)
        let v = behind.game.cells(ofPiece: 0)
        #expect(Set(v.map(\.y)) == [3] && Set(v.map(\.x)) == [0, 1] && Set(v.map(\.z)) == [0, 1])
        let plan = SomaPlan(game: behind.game)
        #expect(plan.outside == Dictionary(uniqueKeysWithValues: v.map { ($0, SomaPlan.Mark.piece(0, "V")) }))
        #expect(plan.marks.values.allSatisfy { $0 == .empty }, "the figure is empty: nothing of V in it")
        // Layer 1 holds V's two floor cells, layer 2 the cube on top, all in the margin row
        // above the figure's back row; the figure's 27 cells are still dots.
        // (Each step typed: the one-expression form took the type checker 30 s.)
        let x0: String = v.contains(Cell(0, 3, 1)) ? "V" : " ", x1: String = v.contains(Cell(1, 3, 1)) ? "V" : " "
        let marginRow: String = " VV    " + x0 + x1
        let expected: [String] = [
            "Layers, bottom first",
            "1     2     3",
            marginRow,
            " ···   ···   ···",
            " ···   ···   ···",
            " ···   ···   ···",
            "",
            "front row at bottom",
        ]
        #expect(planRows(behind) == expected.map { (row: String) -> String in String(row.reversed().drop { $0 == " " }.reversed()) })
        // Off the figure the letter has no background: in the figure it stands on its colour.
        let canvas = behind.view(width: 80, height: 24, now: 0)
        let column = 80 - SomaSession.legendWidth + 1
        #expect(canvas[column + 1, 13].glyph == "V" && canvas[column + 1, 13].style.background == .default)
        #expect(canvas[column + 1, 13].id == .control(0), "a click there still selects V")
        // The same V one row nearer, in the cube's back row: drawn in the figure's top row, on
        // its colour, and the margin row is blank.
        let inside = try Self.vStanding(inRow: 2)
        let rows = planRows(inside)
        #expect(rows[2] == "")
        let backRow: String = inside.game.cells(ofPiece: 0).contains(Cell(0, 2, 1)) ? "V··" : "·V·"
        #expect(rows[3] == " VV·   " + backRow + "   ···")
        let cell = inside.view(width: 80, height: 24, now: 0)[column + 1, 14]
        #expect(cell.glyph == "V" && cell.style.background != .default)
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
                    let text = Array(rows[3 + r])
                    let glyph = text[z * 6 + 1 + x]
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
        // Bottom layer, front row, left cell: (0, 0, 0), right of the margin's column.
        let piece = try #require(s.game.piece(at: Cell(0, 0, 0)))
        #expect(canvas[column + 1, 16].id == .control(piece))
        #expect(s.node(for: canvas[column + 1, 16].id) == NodeID(piece))
        // An empty cell is no node.
        let empty = try #require(Fixtures.cube.cells.first { s.game.piece(at: $0) == nil })
        let emptyColumn = column + empty.z * 6 + 1 + empty.x, emptyRow = 14 + (2 - empty.y)
        #expect(canvas[emptyColumn, emptyRow].glyph == "·")
        #expect(s.node(for: canvas[emptyColumn, emptyRow].id) == nil)
        s.apply(.select(.index(piece)), now: 0)
        let selected = s.view(width: 80, height: 24, now: 0)[column + 1, 16]
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
        // A 9x3 slab, 11x5 with its margin: two columns a cell need 22.
        let flat = Figure(name: "slab", cells: (0..<27).map { Cell($0 % 9, $0 / 9, 0) })
        let plan = SomaPlan(game: SomaGame(figure: flat))
        #expect(plan.layout(width: 22, height: 12) == (2, 1))
        #expect(plan.layout(width: 21, height: 12) == (1, 1))
        // Nine 3x3 layers, 5x5 with the margin: at one column a cell three go side by side, in
        // three bands of six rows, as many as fit 20 rows (a lower panel shows what fits).
        let tall = Figure(name: "tower", cells: (0..<81).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) })
        let tower = SomaPlan(game: SomaGame(figure: tall))
        #expect(tower.layout(width: 21, height: 20) == (1, 3))
        #expect(tower.layout(width: 21, height: 32) == (2, 2))
    }
}
