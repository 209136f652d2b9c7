import Testing
import Polycube
@testable import Solver

/// The passage lists and the choice of the symmetry-breaking piece in a large solid figure.
@Suite struct PassageTableTests {
    let problem: ExactCover

    init() throws {
        problem = try ExactCover(figure: Figures.box("3x4x5", 3, 4, 5, .solidPentominoes))
    }

    /// Every list holds exactly the options through the passage cell and its neighbour that
    /// cover no other neighbour of the cell and no window cell the pattern marks filled.
    @Test(arguments: [0, 4, 17, 30, 59])
    func listsHoldTheOptionsThatCanFitThere(cell s: Int) {
        let table = problem.passages
        let directions = problem.layout.directions
        #expect(problem.usesPassages && table.width == 5)
        var neighbours: [Int] = []
        for direction in directions {
            if direction.canStepUp.contains(s) { neighbours.append(s + direction.step) }
            if direction.canStepDown.contains(s) { neighbours.append(s - direction.step) }
        }
        for (d, direction) in directions.enumerated() {
            for down in [0, 1] {
                let canStep = down == 0 ? direction.canStepUp : direction.canStepDown
                guard canStep.contains(s) else { continue }
                let n = down == 0 ? s + direction.step : s - direction.step
                let k = (s * directions.count + d) * 2 + down
                let window = (0..<table.width).map { Int(table.windowCells[k * table.width + $0]) }
                for pattern in 0..<(1 << table.width) {
                    let filledWindow = window.indices.filter { pattern & (1 << $0) == 0 }.map { window[$0] }
                    for p in 0..<problem.pieceCount {
                        let key = (k << table.width | pattern) * problem.pieceCount + p
                        let listed = Set(table.options[Int(table.start[key])..<Int(table.start[key + 1])].map(Int.init))
                        let expected = Set(problem.options(of: p).filter { o in
                            let mask = problem.masks[o]
                            return mask.contains(s) && mask.contains(n)
                                && !neighbours.contains { $0 != n && mask.contains($0) }
                                && !filledWindow.contains { $0 != s && mask.contains($0) }
                        })
                        #expect(listed == expected, "cell \(s), key \(k), pattern \(pattern), piece \(p)")
                    }
                }
            }
        }
    }

    /// In a 3x4x5 box the X piece first makes the smallest search (155 million nodes against
    /// 225 million for I, which has the fewest orbits): the plan must find it.
    @Test func plan3x4x5PlacesXFirst() {
        let plan = SearchPlan.distinct(problem, symmetries: FigureSymmetry.group(of: problem))
        let x = problem.pieces.firstIndex { $0.letter == "X" }!
        // X has 11 orbits of placements; the jobs whose X placement a symmetry keeps are refined
        // by a second piece, so every job starts with one of those 11 placements.
        #expect(Set(plan.jobs.map { $0.prefix[0] }).count == 11)
        #expect(plan.jobs.allSatisfy { problem.optionPiece[$0.prefix[0]] == x })
    }
}
