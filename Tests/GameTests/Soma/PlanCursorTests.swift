import Polycube
@testable import Scene
import Testing
@testable import Game

/// The plan cursor (issue 24, item 2): with a piece selected, keys move a cursor over the plan's
/// cells and the drop key puts the piece on a fit covering that cell, again for the next fit.
@Suite("Soma plan cursor")
struct PlanCursorTests {
    static func session(assist: Assist = .solvable) -> SomaSession {
        var s = SomaSession(figure: Fixtures.cube)
        s.assist = assist
        return s
    }

    /// The plan's cell that carries `cell`'s tag in the view (empty cells name themselves).
    static func drawn(_ s: SomaSession, _ cell: Cell, width: Int = 80, height: Int = 24) -> (column: Int, row: Int, style: TextStyle)? {
        let canvas = s.view(width: width, height: height, now: 0)
        guard let tag = SomaPlan.tag(of: cell, in: s.game) else { return nil }
        for row in 0..<height {
            for column in 0..<width where canvas[column, row].id == .control(tag) {
                return (column, row, canvas[column, row].style)
            }
        }
        return nil
    }

    @Test("p shows the cursor on the first empty cell; arrows move it over rows and columns, PgUp/PgDn over layers, within the figure")
    func moves() {
        var s = Self.session()
        #expect(s.planCursor == nil)
        s.handle(.character("p"), now: 0)
        #expect(s.planCursor == Cell(0, 2, 0), "layer 1, the back row, the left column")
        s.handle(.right, now: 0)
        s.handle(.down, now: 0)
        #expect(s.planCursor == Cell(1, 1, 0), "right is a column on, down a row to the front, as the plan reads")
        s.handle(.pageUp, now: 0)
        s.handle(.pageUp, now: 0)
        s.handle(.pageUp, now: 0)
        #expect(s.planCursor == Cell(1, 1, 2), "three layers up stops at the top one")
        for _ in 0..<5 { s.handle(.left, now: 0) }
        #expect(s.planCursor == Cell(0, 1, 2))
        #expect(s.game.moves == 0 && s.game.selection == nil, "the keys moved the cursor, nothing else")
        let lines = s.view(width: 80, height: 24, now: 0).text.split(separator: "\n", omittingEmptySubsequences: false)
        // At 80 columns the words shorten so that the line keeps how to select, move and leave,
        // and where the cursor is (said as everywhere: `layer 3, row 2, column 1`).
        #expect(lines[23] == " Tab or 1-7: select   arrows: move   p: hide   layer 3, row 2, column 1", "\(lines[23])")
        // Drawn reversed, on the plan's cell for it.
        let at = Self.drawn(s, Cell(0, 1, 2))
        #expect(at?.style.reverse == true)
        #expect(Self.drawn(s, Cell(1, 1, 2))?.style.reverse == false)
        s.handle(.escape, now: 1)
        #expect(s.planCursor == nil, "Esc hides it")
        s.handle(.character("p"), now: 1)
        s.handle(.character("p"), now: 1)
        #expect(s.planCursor == nil, "p again hides it")
    }

    @Test("Enter puts the selected piece on a fit covering the cursor's cell; again, the next fit there; one move")
    func places() throws {
        var s = Self.session(assist: .fits)
        s.handle(.character("3"), now: 0)
        let t = try #require(s.game.selection)
        #expect(s.game.pieces[t].letter == "T")
        s.handle(.character("p"), now: 0)
        let cell = try #require(s.planCursor)
        let covering = try #require(s.game.fits).covering(cell)
        #expect(covering.count > 2)
        var seen = Set<[Cell]>()
        for _ in covering {
            s.handle(.enter, now: 1)
            let cells = s.game.cells(ofPiece: t).sorted()
            #expect(cells.contains(cell))
            seen.insert(cells)
        }
        #expect(seen.count == covering.count, "each Enter took another fit covering the cell")
        #expect(s.game.moves == 1)
        #expect(s.planCursor == cell, "the cursor stays for the next piece")
        // The next piece: a digit selects it with the cursor still shown.
        s.handle(.character("1"), now: 2)
        #expect(s.game.selection == 0 && s.planCursor == cell)
    }

    @Test("the plan cursor's key is the key table's: remapped, the old key does nothing and the new one works")
    func remapped() throws {
        var s = Self.session()
        try s.remapKeys([.character("p"): .character("P")])
        s.handle(.character("p"), now: 0)
        #expect(s.planCursor == nil)
        s.handle(.character("P"), now: 0)
        #expect(s.planCursor != nil)
        #expect(s.view(width: 100, height: 24, now: 0).text.contains("P: hide"))
        #expect(s.helpLines.contains { $0.keys == "c/C/P" && $0.text == "fit cycle; plan cursor" })
    }
}

/// Free turns keep their place (issue 24, item 3): with the assist off, a key turn pivots
/// about the piece's cube nearest the figure's centre, which stays where it is.
@Suite("Soma key-turn pivot")
struct KeyTurnPivotTests {
    @Test("in the figure a key turn keeps the piece's cube nearest the figure's centre fixed; off it, its central cube",
          arguments: 0..<7)
    func pivotFixed(k: Int) throws {
        // Piece k alone in the cube, where the solution has it.
        let start = SomaGame(figure: Fixtures.cube)
        var poses = start.poses
        poses[k] = Fixtures.cubeSolution[k]
        var free = 0
        for axis in [Axis.x, .y, .z] {
            for turns in [1, -1, 2] {
                var game = try #require(SomaGame(figure: Fixtures.cube, poses: poses))
                game.apply(.select(.index(k)), now: 0)
                let before = game.cells(ofPiece: k)
                let pivot = try #require(game.cubeNearestCentre(of: before))
                let index = try #require(game.keyTurnPivot(game.poses[k], piece: k))
                #expect(before[index] == pivot)
                // Where the turn about that cube puts the piece, unless the floor lifts it.
                let r = axis.rotation(quarterTurns: turns)
                let turned = before.map { r.apply($0) - r.apply(pivot) + pivot }
                game.apply(.turn(axis, by: turns), now: 1)
                let planned = game.pose(poses[k], piece: k, after: .turn(axis, by: turns))?.cells(of: game.pieces[k].shape)
                #expect(planned.map(Set.init) == Set(game.cells(ofPiece: k)), "the planners' turn pivots alike")
                guard turned.allSatisfy({ $0.z >= 0 }) else { continue }
                free += 1
                #expect(game.cells(ofPiece: k)[index] == pivot, "about \(axis) by \(turns): the pivot cube stays")
                #expect(Set(game.cells(ofPiece: k)) == Set(turned))
            }
        }
        #expect(free > 0)
        // Off the figure, the central cube: four quarter turns bring the piece back.
        var tray = start
        tray.apply(.select(.index(k)), now: 0)
        #expect(tray.keyTurnPivot(tray.poses[k], piece: k) == nil)
    }

    @Test("with the assist off, w w leaves A in the cube where it was put")
    func wwKeepsA() throws {
        // A alone in the cube, where the solution has it.
        let start = SomaGame(figure: Fixtures.cube)
        let a = try #require(start.pieces.firstIndex { $0.letter == "A" })
        let solution = Fixtures.cubeSolution[a]
        var poses = start.poses
        poses[a] = solution
        var s = SomaSession(game: try #require(SomaGame(figure: Fixtures.cube, poses: poses)))
        s.assist = .off
        s.handle(.character(Character(String(a + 1))), now: 0)
        #expect(s.game.selection == a)
        let put = s.game.cells(ofPiece: a)
        #expect(Set(put) == Set(solution.cells(of: s.game.pieces[a].shape)))
        let pivot = try #require(s.game.cubeNearestCentre(of: put))
        s.handle(.character("w"), now: 1)
        s.handle(.character("w"), now: 2)
        let after = s.game.cells(ofPiece: a)
        #expect(after.contains(pivot), "the cube nearest the centre stayed")
        #expect(after.allSatisfy(s.game.target.contains), "A is still in the cube: \(after)")
    }
}

/// Plain mode with the assist (issue 24, item 5): the ghost's place is in the piece's sentence.
@Suite("Soma plain status with the ghost")
struct PlainGhostStatusTests {
    @Test("plain mode says where the ghost is in the same sentence as the piece")
    func ghostInTheSentence() {
        var s = SomaSession(figure: Fixtures.cube)
        s.plain = true
        s.assist = .solvable
        s.handle(.character("1"), now: 0)
        let line = String(s.view(width: 200, height: 40, now: 0).text.split(separator: "\n", omittingEmptySubsequences: false)[39])
        #expect(line.hasPrefix(" Space: put   w a s d e: turn   arrows PgUp PgDn: move   fit 1 of 144   V at layer 1, "), "\(line)")
        #expect(line.contains(", ghost at layer 1, "), "\(line)")
        #expect(line.contains("; 0 of 7 placed"), "\(line)")
        #expect(!line.contains(", ghost at layer 1, rows") || line.firstRange(of: "; ")!.lowerBound > line.firstRange(of: ", ghost at")!.lowerBound,
                "one sentence: the ghost before the count")
        // Without the assist, no ghost.
        var off = SomaSession(figure: Fixtures.cube)
        off.plain = true
        off.assist = .off
        off.handle(.character("1"), now: 0)
        #expect(!off.view(width: 120, height: 40, now: 0).text.contains("ghost"))
    }

    @Test("the cursor's bottom line tells how to put, move and leave at 80x24, in full at 120x40")
    func bottomLine() {
        var s = PlanCursorTests.session()
        s.handle(.character("3"), now: 0)
        s.handle(.character("p"), now: 0)
        func bottom(_ width: Int, _ height: Int) -> String {
            String(s.view(width: width, height: height, now: 0).text.split(separator: "\n", omittingEmptySubsequences: false)[height - 1])
        }
        #expect(bottom(80, 24) == " Space: put T   arrows PgUp PgDn: move   p: hide   layer 1, row 1, column 1")
        #expect(bottom(120, 40) == " Space: put T on a fit here   arrows PgUp PgDn: move   p: hide   Cursor: layer 1, row 1, column 1")
        s.handle(.escape, now: 1)
        s.handle(.escape, now: 1)
        s.handle(.character("p"), now: 1)
        #expect(s.game.selection == nil && s.planCursor != nil)
        #expect(bottom(80, 24) == " Tab or 1-7: select   arrows: move   p: hide   layer 1, row 1, column 1")
        #expect(bottom(120, 40) == " Tab or 1-7: select a piece   arrows PgUp PgDn: move   p: hide   Cursor: layer 1, row 1, column 1")
    }
}
