import Testing
import Polycube
import Solver
@testable import Generator

@Suite struct GradeTests {
    static func grade(_ name: String) throws -> Grade {
        let solver = try Solver(try Catalog.figure(named: name))
        return Grade(count: try solver.count(), effort: try solver.effort())
    }

    @Test("the one-solution Battleship grades harder than the 240-solution cube")
    func battleshipOverCube() throws {
        let cube = try Self.grade("cube"), battleship = try Self.grade("battleship")
        #expect(cube.value == 1)
        #expect(battleship.value > cube.value)
        #expect(battleship.score > cube.score)
    }

    @Test("figures of hundreds of solutions are easy, figures of one to four are hard, on the catalog")
    func catalogOrder() throws {
        let many = ["crystal", "skyscraper", "tower", "tugboat", "duck", "canal"]
        let few = ["battleship", "arch", "bed", "snake", "church"]
        let easiest = try few.map { try Self.grade($0).value }.min()!
        let hardest = try many.map { try Self.grade($0).value }.max()!
        #expect(hardest < easiest)
    }

    @Test("more solutions never raise the grade; more dead first moves or more search never lower it")
    func monotonic() {
        let effort = SearchEffort(nodesToFirst: 300, nodes: 900, firstPlacements: 20, liveFirstPlacements: 4)
        var last = Double.infinity
        for n in [1, 2, 4, 10, 50, 240, 1000] {
            let grade = Grade(count: SolutionCount(distinct: n, raw: n), effort: effort)
            #expect(grade.score < last)
            last = grade.score
        }
        let one = SolutionCount(distinct: 1, raw: 1)
        let base = Grade(count: one, effort: effort)
        var deader = effort; deader.liveFirstPlacements = 1
        var longer = effort; longer.nodesToFirst = 3000
        #expect(Grade(count: one, effort: deader) > base)
        #expect(Grade(count: one, effort: longer) > base)
    }

    @Test("log2 is exact on powers of two and close elsewhere")
    func log2() {
        #expect(Grade.log2(1) == 0)
        #expect(Grade.log2(1024) == 10)
        #expect(abs(Grade.log2(3) - 1.584962500721156) < 1e-12)
        #expect(abs(Grade.log2(0.1) + 3.321928094887362) < 1e-12)
    }

    @Test("the solver's effort: live first placements are some of the first placements")
    func effort() throws {
        let effort = try Solver(try Catalog.figure(named: "battleship")).effort()
        #expect(effort.firstPlacements == 8 && effort.liveFirstPlacements == 2)
        #expect(effort.nodesToFirst <= effort.nodes)
    }
}
