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

    /// The completions of half a Bedlam solution: the same solutions as the general search (a
    /// wrong constant would prune differently), found in another order and with fewer nodes,
    /// as the cube's search picks its passage cell by the neighbour's ways on
    /// (`SearchEngine.passageCell`) where the general one takes the first.
    @Test func theCubeSearchFindsWhatTheGeneralOneFinds() throws {
        let solver = try Solver(Figures.box("bedlam", 4, 4, 4, .bedlam))
        let first = try #require(try solver.firstSolution())
        let prefix = try solver.options(for: first.pieces.prefix(5).map(\.placement)).get()
        let plan = SearchPlan(symmetries: [], jobs: [.init(prefix: prefix, multiplicity: 1, check: [])])
        let general = try solver.execute(plan, limit: nil, collect: true, threads: 1, control: SearchControl(),
                                         mask: CellMask64.self)
        let cube = try solver.execute(plan, limit: nil, collect: true, threads: 1, control: SearchControl(),
                                      mask: CubeMask.self)
        #expect(general.raw >= 1)
        #expect(cube.raw == general.raw)
        // A solution's options come in the order they were placed, which the two searches do
        // not share: compared as sets.
        let optionSets = { (solutions: [[Int]]) in Set(solutions.map { Set($0) }) }
        #expect(cube.solutions.count == general.solutions.count)
        #expect(optionSets(cube.solutions) == optionSets(general.solutions))
        let generalEngine = SearchEngine<CellMask64>(solver.problem)
        let cubeEngine = SearchEngine<CubeMask>(solver.problem)
        #expect(cubeEngine.run(prefix: prefix) == generalEngine.run(prefix: prefix))
        #expect(cubeEngine.nodesExpanded > 0 && cubeEngine.nodesExpanded < generalEngine.nodesExpanded)
    }

    /// A cube search stopped where a poll found it resumes along the path the poll reported,
    /// through the cube's own choice of passage: the leaves before the stop and after the
    /// resume add up to the whole search's, and the path is found.
    @Test func theCubeSearchResumesWhereItStopped() throws {
        let solver = try Solver(Figures.box("bedlam", 4, 4, 4, .bedlam))
        let first = try #require(try solver.firstSolution())
        let prefix = try solver.options(for: first.pieces.prefix(3).map(\.placement)).get()
        let whole = SearchEngine<CubeMask>(solver.problem).run(prefix: prefix)
        let stopping = SearchEngine<CubeMask>(solver.problem)
        var polls = 0
        var path: [Int] = []
        var leavesBefore = 0
        stopping.poll = { at, leaves in
            polls += 1
            if polls == 3 { path = at[prefix.count...].map(Int.init); leavesBefore = leaves }
        }
        stopping.isCancelled = { polls >= 3 }
        stopping.run(prefix: prefix)
        #expect(stopping.stopped && !path.isEmpty)
        let resumed = SearchEngine<CubeMask>(solver.problem)
        let rest = resumed.run(prefix: prefix, resumingAt: path)
        #expect(!resumed.pathNotFound)
        #expect(whole > 0 && leavesBefore + rest == whole)
    }
}
