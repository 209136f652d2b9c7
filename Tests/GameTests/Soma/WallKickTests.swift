import Polycube
import Solver
import Testing
@testable import Game

/// Turns that keep their place (issue 24): a turn pivots about the piece's central cube, and a
/// turn that would overlap something takes the nearest free shift, one level up first.
@Suite("Wall kicks")
struct WallKickTests {
    static func length(_ c: Cell) -> Int { abs(c.x) + abs(c.y) + abs(c.z) }

    @Test("the shifts tried: one level up first, then by distance, up before down among equals")
    func order() {
        let shifts = WallKick.shifts
        #expect(shifts.first == Cell(0, 0, 1))
        #expect(Array(shifts.prefix(6)).map(Self.length) == [1, 1, 1, 1, 1, 1])
        #expect(shifts[5] == Cell(0, 0, -1), "among the neighbours, down comes last")
        #expect(zip(shifts.dropFirst(), shifts.dropFirst(2)).allSatisfy { Self.length($0) <= Self.length($1) })
        #expect(Set(shifts).count == shifts.count && shifts.count == 6 + 18)
    }

    /// The pose a quarter turn gives about the piece's pivot cube, worked out here from the
    /// lattice: in the figure the cube nearest the figure's centre stays (issue 24), off it the
    /// one nearest the piece's centre of mass; the piece is lifted onto the floor.
    static func plainTurn(_ game: SomaGame, _ i: Int, _ axis: Axis) -> [Cell] {
        let r = axis.rotation(quarterTurns: 1)
        let cells = game.cells(ofPiece: i)
        let inFigure = cells.contains(where: game.target.contains)
        let pivot = inFigure ? game.cubeNearestCentre(of: cells)! : cells[game.pieces[i].shape.centralCube]
        #expect(game.keyTurnPivot(game.poses[i], piece: i).map { cells[$0] } == (inFigure ? pivot : nil))
        var turned = cells.map { r.apply($0) - r.apply(pivot) + pivot }
        let lift = max(0, 0 - (turned.map(\.z).min() ?? 0))
        turned = turned.map { $0 + Cell(0, 0, lift) }
        return turned
    }

    @Test("in a crowded cube every turn keeps its pivot cube, or kicks up first, else to the nearest free shift, else is refused")
    func crowded() throws {
        let cube = Fixtures.cube
        let solution = try #require(try Solver(cube).firstSolution()).pieces.map(\.placement)
        var start = SomaGame(figure: cube)
        var poses = start.poses
        // Six pieces in the cube, the seventh (last) where it starts: the turns meet pieces everywhere.
        for pose in solution.prefix(6) { poses[start.pieces.firstIndex { $0.letter == pose.piece }!] = pose }
        start = try #require(SomaGame(figure: cube, poses: poses))
        var (kicked, up, refused, free) = (0, 0, 0, 0)
        for i in start.pieces.indices {
            for axis in Axis.allCases {
                var game = start
                game.apply(.select(.index(i)), now: 0)
                let plain = Self.plainTurn(game, i, axis)
                let others = Set(start.pieces.indices.filter { $0 != i }.flatMap { start.cells(ofPiece: $0) })
                func isFree(_ cells: [Cell]) -> Bool { cells.allSatisfy { !others.contains($0) && $0.z >= 0 } }
                game.apply(.turn(axis, by: 1), now: 0)
                let after = game.cells(ofPiece: i)
                if isFree(plain) {
                    free += 1
                    #expect(Set(after) == Set(plain), "a free turn keeps the pivot cube where it was")
                } else if after == start.cells(ofPiece: i) {
                    refused += 1
                    // Refused only when no shift of up to two steps is free, and it says what blocks it.
                    #expect(!WallKick.shifts.contains { d in isFree(plain.map { $0 + d }) })
                    #expect(game.feedback?.isRefusal == true)
                } else {
                    kicked += 1
                    let d = after.sorted()[0] - plain.sorted()[0]
                    #expect(Set(after) == Set(plain.map { $0 + d }) && isFree(after))
                    if isFree(plain.map { $0 + Cell(0, 0, 1) }) {
                        up += 1
                        #expect(d == Cell(0, 0, 1), "up first")
                    } else {
                        #expect(Self.length(d) == WallKick.shifts.filter { s in isFree(plain.map { $0 + s }) }.map(Self.length).min())
                    }
                    #expect(game.feedback?.message.hasPrefix("moved ") == true)
                }
            }
        }
        // Turning in the figure about the cube nearest its centre (issue 24), no turn here finds the
        // level above free: up first is checked wherever it is free (above), and in `shifts`' order.
        #expect(kicked > 0 && free + kicked + refused == 21)
        print("turns in a crowded cube: \(free) free, \(kicked) kicked (\(up) up), \(refused) refused")
    }
}
