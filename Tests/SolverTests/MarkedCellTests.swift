import Testing
import Polycube
@testable import Solver

/// Cells marked with a piece's letter (yass files), and figures that can have no solution by
/// construction: 0, with the reason.
@Suite struct MarkedCellTests {
    /// The cube with its centre marked V: exactly the cube's raw solutions with V at the centre
    /// (filtered from all 11520), and as the centre is fixed by every symmetry, 48 per class.
    @Test func markedCentreKeepsTheSolutionsWithThatPieceThere() throws {
        let centre = Cell(1, 1, 1)
        let all = try Solver(Figures.somaCube).solutions(.raw)
        #expect(all.count == 11520)
        let expected = all.filter { $0.letter(at: centre) == "V" }.count
        var figure = Figures.somaCube
        figure.markedCells = [centre: "V"]
        let solver = try Solver(figure)
        #expect(solver.impossibility == nil)
        #expect(solver.symmetryCount == 48)
        let counted = try solver.count()
        #expect(counted.raw == expected)
        #expect(counted.distinct * 48 == expected)
        #expect(expected > 0)
        #expect(try solver.solutions(.raw).allSatisfy { $0.letter(at: centre) == "V" })
    }

    /// A mark off the centre breaks symmetries: only those that keep it count.
    @Test func markOnACornerKeepsSixSymmetries() throws {
        var figure = Figures.somaCube
        figure.markedCells = [Cell(0, 0, 0): "T"]
        let solver = try Solver(figure)
        #expect(solver.symmetryCount == 6)
        let all = try Solver(Figures.somaCube).solutions(.raw)
        #expect(try solver.count().raw == all.filter { $0.letter(at: Cell(0, 0, 0)) == "T" }.count)
    }

    /// yass's `misshapen_preplace.soma`: four cells marked c (P), not connected. No placement
    /// of P covers them all, so there is no solution, and the answer says why. (yass itself
    /// takes the four cells as the piece placed, shape unchecked, and counts 113 / 226: the
    /// ways the other six pieces fill the rest of the cube, checked with this solver.)
    @Test func misshapenPreplaceHasNoSolutionAndSaysWhy() throws {
        let text = "ooo\nooo\nooo\n\nooo\noco\nooo\n\nooo\ncoo\ncco\n\n"
        let figure = try FigureReader.read(text: text, path: "misshapen_preplace.soma", format: .yass)
        let solver = try Solver(figure)
        #expect(solver.impossibility == "the cells marked P cannot all be covered by one piece P")
        #expect(try solver.count() == SolutionCount(distinct: 0, raw: 0))
    }

    /// A cube of 25 cells and a domino apart: the domino is a part no piece is small enough for.
    @Test func partTooSmallForAnyPiece() throws {
        let cells = Figures.somaCube.cells.filter { !($0.z == 2 && $0.y == 2 && $0.x < 2) } + [Cell(6, 0, 0), Cell(7, 0, 0)]
        let solver = try Solver(Figure(name: "apart", cells: cells, pieceSet: .soma))
        #expect(solver.impossibility == "part 2 has 2 cells: no piece is that small")
        #expect(try solver.count() == SolutionCount(distinct: 0, raw: 0))
        #expect(try solver.solutions().isEmpty)
    }

    /// Two parts of 13 and 14 cells: no choice of Soma pieces (one of 3 cubes, six of 4) makes 14.
    @Test func partNoSumOfPiecesMakes() throws {
        let first = (0..<13).map { Cell($0 % 5, $0 / 5, 0) }
        let second = (0..<14).map { Cell(10 + $0 % 5, $0 / 5, 0) }
        let solver = try Solver(Figure(name: "two", cells: first + second, pieceSet: .soma))
        #expect(solver.impossibility == "part 1 has 13 cells: no choice of the pieces adds up to that"
            || solver.impossibility == "part 2 has 14 cells: no choice of the pieces adds up to that")
    }

    /// A one-cell-thick line: no Soma piece is straight.
    @Test func lineFitsNoPiece() throws {
        let line = Figure(name: "line", cells: (0..<27).map { Cell($0, 0, 0) }, pieceSet: .soma)
        let solver = try Solver(line)
        #expect(solver.impossibility == "no piece fits at cell (0,0,0)")
        #expect(try solver.count() == SolutionCount(distinct: 0, raw: 0))
    }

    /// Figures with solutions have no reason given.
    @Test func solvableFiguresHaveNoReason() throws {
        #expect(try Solver(Figures.somaCube).impossibility == nil)
        #expect(try Solver(Figures.board(10, 6)).impossibility == nil)
    }
}
