import Testing
import Polycube
@testable import Solver

/// Published solution counts: the solver must reproduce them exactly.
@Suite struct SolverCountTests {
    @Test func somaCubeHas240DistinctAnd11520RawSolutions() throws {
        let solver = try Solver(Figures.somaCube)
        #expect(solver.symmetryCount == 48)
        #expect(try solver.count() == SolutionCount(distinct: 240, raw: 11520))
    }

    /// Two threads asked: the cube is searched on one (too small to share), a 60-cell board is
    /// split between both, and neither count changes.
    @Test func countsAreTheSameOnTwoThreads() throws {
        let solver = try Solver(Figures.somaCube)
        #expect(solver.searchesOnOneThread)
        #expect(try solver.count(threads: 2) == SolutionCount(distinct: 240, raw: 11520))
        let board = try Solver(Figures.board(15, 4))
        #expect(!board.searchesOnOneThread)
        #expect(try board.count(threads: 2) == board.count(threads: 1))
        #expect(try board.solutions(threads: 2).count == 368)
    }

    /// The solutions of a large figure come out in one order whatever the thread count: its
    /// jobs do not depend on it, and each job's solutions are kept in the job's slot.
    @Test func rawListingOrderIsTheSameOnOneAndTwoThreads() throws {
        let solver = try Solver(Figures.box("2x3x10", 2, 3, 10, .solidPentominoes))
        let one = try solver.solutions(.raw, threads: 1)
        #expect(one.count == 96)
        #expect(try solver.solutions(.raw, threads: 2) == one)
        #expect(try solver.solutions(.distinct, threads: 2) == solver.solutions(.distinct, threads: 1))
    }

    @Test(arguments: [(20, 3, 2), (15, 4, 368), (12, 5, 1010), (10, 6, 2339)])
    func pentominoRectangles(width: Int, height: Int, distinct: Int) throws {
        let solver = try Solver(Figures.board(width, height))
        #expect(solver.symmetryCount == 4)
        #expect(try solver.count(threads: 2) == SolutionCount(distinct: distinct, raw: 4 * distinct))
    }

    @Test func pentominoBoard8x8WithCentreHoleHas65() throws {
        let solver = try Solver(Figures.board8x8Hole)
        #expect(solver.symmetryCount == 8)
        #expect(try solver.count(threads: 2).distinct == 65)
    }

    @Test func solidPentominoes2x3x10Has12() throws {
        let solver = try Solver(Figures.box("2x3x10", 2, 3, 10, .solidPentominoes))
        #expect(solver.symmetryCount == 8)
        #expect(try solver.count(threads: 2) == SolutionCount(distinct: 12, raw: 96))
    }
}
