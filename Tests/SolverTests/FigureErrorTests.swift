import Testing
import Polycube
@testable import Solver

/// Figures that cannot be searched are refused with a message before any search.
@Suite struct FigureErrorTests {
    @Test func cellCountMustMatchThePieces() {
        let figure = Figures.box("2x2x2", 2, 2, 2, .soma)
        #expect(throws: SolverError.cellCountMismatch(figure: "2x2x2", cells: 8, pieceCells: 27)) {
            try Solver(figure)
        }
    }

    @Test func emptyAndOversizedFiguresAreRefused() {
        #expect(throws: SolverError.emptyFigure(figure: "none")) {
            try Solver(Figure(name: "none", cells: [], pieceSet: .soma))
        }
        let big = Figures.box("big", 13, 10, 1, .pentominoes)
        #expect(throws: SolverError.tooManyCells(figure: "big", cells: 130, maximum: 128)) { try Solver(big) }
    }

    @Test func preplacedPiecesAreChecked() {
        let cells = Figures.somaCube.cells
        func figure(_ preplaced: [(letter: Character, cells: [Cell])]) -> Figure {
            Figure(name: "cube", cells: cells, pieceSet: .soma, preplaced: preplaced)
        }
        let v: [Cell] = [Cell(0, 0, 0), Cell(1, 0, 0), Cell(0, 1, 0)]
        #expect(throws: SolverError.unknownPiece(figure: "cube", letter: "Q", known: ["V", "L", "T", "Z", "A", "B", "P"])) {
            try Solver(figure([("Q", v)]))
        }
        #expect(throws: SolverError.wrongShape(figure: "cube", letter: "L")) { try Solver(figure([("L", v)])) }
        #expect(throws: SolverError.preplacedOutsideFigure(figure: "cube", letter: "V")) {
            try Solver(figure([("V", v.map { $0 + Cell(2, 0, 0) })]))
        }
        #expect(throws: SolverError.preplacedOverlap(figure: "cube", letters: ["V", "L"])) {
            try Solver(figure([("L", [Cell(0, 0, 0), Cell(1, 0, 0), Cell(2, 0, 0), Cell(0, 1, 0)]), ("V", v)]))
        }
        #expect(throws: SolverError.tooManyCopies(figure: "cube", letter: "V", copies: 1)) {
            try Solver(figure([("V", v), ("V", v.map { $0 + Cell(0, 0, 2) })]))
        }
    }

    @Test func preplacedPieceCountsAsThePositionWithThatPiece() throws {
        let free = try Solver(Figures.somaCube)
        let some = try #require(try free.firstSolution())
        let l = try #require(some.pieces.first { $0.placement.piece == "L" })
        let figure = Figure(name: "cube", cells: Figures.somaCube.cells, pieceSet: .soma,
                            preplaced: [(letter: "L", cells: l.cells)])
        let solver = try Solver(figure)
        let count = try solver.count()
        #expect(count.raw == (try free.countCompletions(of: [l.placement])))
        #expect(count.raw > 0)
        #expect(count.distinct <= count.raw)
        let solution = try #require(try solver.firstSolution())
        #expect(solution.pieces.first == l)
        #expect(solution.pieces.count == 7)
    }
}
