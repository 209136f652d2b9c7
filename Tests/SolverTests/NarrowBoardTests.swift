import Testing
import Polycube
@testable import Solver

/// Boards three wide are set up and searched as short searches (`ExactCover.isNarrowBoard`):
/// no windows, one thread, and a search that also prunes regions cut off behind a full column.
@Suite struct NarrowBoardTests {
    @Test(arguments: [(20, 3), (3, 20)])
    func aBoardThreeWideFindsWhatThePlainSearchFinds(width: Int, height: Int) throws {
        let solver = try Solver(Figures.board(width, height))
        #expect(solver.problem.isNarrowBoard && solver.problem.isShortSearch)
        // What `soma solve` reads to skip finding out its cores for a search on one thread.
        #expect(solver.searchesOnOneThread)
        #expect(solver.problem.windowWidth == 0)
        let plan = SearchPlan.raw(solver.problem)
        let plain = try solver.execute(plan, limit: nil, collect: true, threads: 1, control: SearchControl(),
                                       mask: CellMask64.self)
        let narrow = try solver.execute(plan, limit: nil, collect: true, threads: 1, control: SearchControl(),
                                        mask: NarrowBoardMask.self)
        #expect(plain.raw == 8 && narrow.raw == 8)
        #expect(narrow.solutions == plain.solutions)
    }

    @Test func widerBoardsKeepTheirWindows() throws {
        let solver = try Solver(Figures.board(15, 4))
        #expect(!solver.problem.isNarrowBoard && !solver.problem.isShortSearch && solver.problem.isBoardSearch)
        #expect(!solver.searchesOnOneThread)
        #expect(solver.problem.windowWidth == 5)
        // The board's own search (`BoardMask`) finds what the general one finds.
        let prefix = try solver.options(for: [Placement(piece: "X", offset: Cell(6, 1, 0))]).get()
        let plan = SearchPlan(symmetries: [], jobs: [.init(prefix: prefix, multiplicity: 1, check: [])])
        let general = try solver.execute(plan, limit: nil, collect: true, threads: 1, control: SearchControl(),
                                         mask: CellMask64.self)
        let board = try solver.execute(plan, limit: nil, collect: true, threads: 1, control: SearchControl(),
                                       mask: BoardMask.self)
        #expect(general.raw == 68)
        #expect(board.solutions == general.solutions)
    }
}
