import Testing
import Polycube
@testable import Solver

/// A large search in a 4x4x4 box (the Bedlam cube) runs with the box's steps and masks as
/// constants (`CubeMask`): it must be the general one-word search exactly, with nothing else
/// taking that path.
@Suite struct CubeMaskTests {
    @Test func onlyALargeFourByFourByFourBoxTakesTheCubeSearch() throws {
        #expect(try Solver(Figures.box("bedlam", 4, 4, 4, .bedlam)).problem.isCubeOfFour)
        #expect(!(try Solver(Figures.box("3x4x5", 3, 4, 5, .solidPentominoes)).problem.isCubeOfFour))
        #expect(!(try Solver(Figures.somaCube).problem.isCubeOfFour))
        #expect(!(try Solver(Figures.board(10, 6)).problem.isCubeOfFour))
    }

    /// The completions of half a Bedlam solution: the same solutions in the same order, and the
    /// same number of nodes, as the general search (a wrong constant would prune differently).
    @Test func theCubeSearchIsTheGeneralOne() throws {
        let solver = try Solver(Figures.box("bedlam", 4, 4, 4, .bedlam))
        let first = try #require(try solver.firstSolution())
        let prefix = try solver.options(for: first.pieces.prefix(7).map(\.placement)).get()
        let plan = SearchPlan(symmetries: [], jobs: [.init(prefix: prefix, multiplicity: 1, check: [])])
        let general = try solver.execute(plan, limit: nil, collect: true, threads: 1, control: SearchControl(),
                                         mask: CellMask64.self)
        let cube = try solver.execute(plan, limit: nil, collect: true, threads: 1, control: SearchControl(),
                                      mask: CubeMask.self)
        #expect(general.raw >= 1)
        #expect(cube.raw == general.raw)
        #expect(cube.solutions == general.solutions)
        let generalEngine = SearchEngine<CellMask64>(solver.problem)
        let cubeEngine = SearchEngine<CubeMask>(solver.problem)
        #expect(cubeEngine.run(prefix: prefix) == generalEngine.run(prefix: prefix))
        #expect(cubeEngine.nodesExpanded == generalEngine.nodesExpanded && cubeEngine.nodesExpanded > 0)
    }
}
