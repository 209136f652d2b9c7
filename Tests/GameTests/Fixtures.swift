@testable import Polycube
@testable import Game
import Synchronization

/// Figures and helpers shared by the game tests.
enum Fixtures {
    /// The 3x3x3 Soma cube.
    static let cube = Figure(name: "cube", cells: (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) })

    /// A tiny set (a domino D and an L tromino) and the 2x... figure they fill: small enough to
    /// place by hand in a test.
    static let tinySet = PieceSet(
        name: "tiny",
        pieces: [Piece(name: "D", letter: "D", shape: Shape([Cell(0, 0, 0), Cell(1, 0, 0)])),
                 Piece(name: "L", letter: "L", shape: Shape([Cell(0, 0, 0), Cell(1, 0, 0), Cell(0, 1, 0)]))],
        orientationGroup: Isometry.rotations, isFlat: false)
    /// Row y = 0: L L D D?  No: D covers (0,1),(1,1); L covers (0,0),(1,0),(2,0)... see cells.
    static let tinyFigure = Figure(name: "tiny",
                                   cells: [Cell(0, 0, 0), Cell(1, 0, 0), Cell(0, 1, 0), Cell(1, 1, 0), Cell(2, 1, 0)],
                                   pieceSet: tinySet)

    /// One solution of `figure` by plain backtracking over precomputed placements, keeping piece
    /// 0 in `firstOrientation` (so a test can bring it in with moves alone). Test-only; the real
    /// solver lives in Solver. Found once per question and kept: several tests ask the same one,
    /// and the search in a debug build was an eighth of the game tests' time.
    static func solution(of figure: Figure, pieces: [Piece], firstOrientation: Isometry) -> [Placement]? {
        let question = SolutionQuestion(cells: figure.cells, pieces: pieces.map { "\($0.letter)" },
                                        firstOrientation: firstOrientation)
        if let known = solutions.withLock({ $0[question] }) { return known }
        let found = search(figure, pieces: pieces, firstOrientation: firstOrientation)
        solutions.withLock { $0[question] = found }
        return found
    }

    private struct SolutionQuestion: Hashable {
        let cells: [Cell]
        let pieces: [String]
        let firstOrientation: Isometry
    }

    private static let solutions = Mutex<[SolutionQuestion: [Placement]?]>([:])

    private static func search(_ figure: Figure, pieces: [Piece], firstOrientation: Isometry) -> [Placement]? {
        let target = Set(figure.cells)
        var candidates: [[(Placement, [Cell])]] = []
        for (i, piece) in pieces.enumerated() {
            var list: [(Placement, [Cell])] = []
            var seen = Set<[Cell]>()
            for g in i == 0 ? [firstOrientation] : Isometry.rotations {
                for hole in figure.cells {
                    for cube in piece.shape.cells.map(g.apply) {
                        let p = Placement(piece: piece.letter, orientation: g, offset: hole - cube)
                        let cells = p.cells(of: piece.shape).sorted()
                        if cells.allSatisfy(target.contains), seen.insert(cells).inserted { list.append((p, cells)) }
                    }
                }
            }
            candidates.append(list)
        }
        var chosen = [Placement?](repeating: nil, count: pieces.count)
        var filled = Set<Cell>()
        func search() -> Bool {
            guard let hole = figure.cells.first(where: { !filled.contains($0) }) else { return true }
            for i in pieces.indices where chosen[i] == nil {
                for (p, cells) in candidates[i] where cells.contains(hole) && !cells.contains(where: filled.contains) {
                    chosen[i] = p; filled.formUnion(cells)
                    if search() { return true }
                    chosen[i] = nil; filled.subtract(cells)
                }
            }
            return false
        }
        return search() ? chosen.map { $0! } : nil
    }
}

extension Fixtures {
    /// One solution of the cube, a placement per piece of a new game's `pieces` (V L T Z A B P).
    static let cubeSolution: [Placement] = {
        let game = SomaGame(figure: cube)
        return solution(of: cube, pieces: game.pieces, firstOrientation: .identity)!
    }()

    /// The cube with the first `placed` pieces of `cubeSolution` in place and the others where
    /// the start layout puts them.
    static func cube(placed: Int) -> SomaGame {
        let start = SomaGame(figure: cube)
        let poses = start.poses.indices.map { $0 < placed ? cubeSolution[$0] : start.poses[$0] }
        return SomaGame(figure: cube, poses: poses)!
    }
}
