import Testing
@testable import Polycube
@testable import Solver

/// The distinct count must equal the number of classes of raw solutions under the figure's
/// symmetries, computed here the slow, obvious way: list every raw solution, map it by every
/// symmetry, and count the classes.
@Suite struct DistinctCountTests {
    /// A solution as a tiling: each piece's letter with its set of cells.
    struct Tile: Hashable {
        var letter: Character
        var cells: Set<Cell>
    }

    /// Number of classes of `solutions` under the solver's symmetries.
    func classes(of solutions: [Solution], under solver: Solver) -> Int {
        let problem = solver.problem
        var bit: [Cell: Int] = [:]
        for (i, c) in problem.cells.enumerated() { bit[c] = i }
        var seen = Set<Set<Tile>>()
        var classes = 0
        for solution in solutions {
            let tiling = Set(solution.pieces.map { Tile(letter: $0.placement.piece, cells: Set($0.cells)) })
            guard !seen.contains(tiling) else { continue }
            classes += 1
            for symmetry in solver.symmetries {
                seen.insert(Set(tiling.map { tile in
                    let p = problem.pieces.firstIndex { $0.letter == tile.letter }!
                    return Tile(letter: problem.pieces[symmetry.pieceMap[p]].letter,
                                cells: Set(tile.cells.map { problem.cells[symmetry.cellPermutation[bit[$0]!]] }))
                }))
            }
        }
        return classes
    }

    @Test(arguments: ["3x20", "4x15", "cube"])
    func distinctEqualsClassesOfRawSolutions(name: String) throws {
        let figure = name == "cube" ? Figures.somaCube : Figures.board(Int(name.split(separator: "x")[0])!, Int(name.split(separator: "x")[1])!)
        let solver = try Solver(figure)
        let raw = try solver.solutions(.raw)
        let count = try solver.count()
        #expect(raw.count == count.raw)
        #expect(Set(raw).count == raw.count)
        #expect(classes(of: raw, under: solver) == count.distinct)
        let distinct = try solver.solutions(.distinct)
        #expect(distinct.count == count.distinct)
        #expect(classes(of: distinct, under: solver) == count.distinct)
    }

    /// Four identical V trominoes in a 2x2x3 box: no piece can break the symmetry alone, so the
    /// solver falls back to testing each solution against the whole group; some solutions are
    /// symmetric, so distinct is not raw divided by the group's order.
    @Test func identicalCopiesAndSymmetricSolutions() throws {
        let v = PieceSet.soma.pieces[0]
        let set = PieceSet(name: "four-v", pieces: [Piece(name: "V", letter: "V", shape: v.shape, copies: 4)],
                           orientationGroup: Isometry.rotations, isFlat: false)
        let solver = try Solver(Figures.box("2x2x3", 2, 2, 3, set))
        let raw = try solver.solutions(.raw)
        let count = try solver.count()
        #expect(raw.count == count.raw)
        #expect(raw.count > 0)
        #expect(classes(of: raw, under: solver) == count.distinct)
        #expect(count.distinct * solver.symmetryCount != count.raw)
    }

    @Test func limitsStopTheListing() throws {
        let solver = try Solver(Figures.somaCube)
        #expect(try solver.solutions(.distinct, limit: 5).count == 5)
        #expect(try solver.solutions(.raw, limit: 7).count == 7)
        #expect(try solver.count(limit: 3).distinct == 3)
    }

    @Test func bedlamSetHasTwelvePentacubesAndOneTetracube() {
        let set = PieceSet.bedlam
        #expect(set.pieces.count == 13)
        #expect(set.cellCount == 64)
        #expect(set.pieces.filter { $0.shape.count == 5 }.count == 12)
        #expect(set.pieces.allSatisfy { $0.shape.isConnected })
        #expect(Set(set.pieces.map { $0.shape.canonical(under: Isometry.rotations) }).count == 13)
        #expect(Set(set.pieces.map(\.letter)).count == 13)
    }

    @Test func bedlamCubeIsCountedUpToRotationsOnly() throws {
        let solver = try Solver(Figures.box("bedlam", 4, 4, 4, .bedlam))
        #expect(solver.symmetryCount == 24)
    }
}
