import Foundation
import Polycube
import Records
import Solver
import Testing
@testable import SharedStore
@testable import Store

/// Issue 36, failure 6: a modified game wrote the cube solved in 0 moves and 0.0 s, shown as
/// first to everyone. A solve now travels with its final position, and the server's check
/// (`ProgressChange.problem`, applied where a save arrives: `StoreService.handle`) believes it
/// only when that position is a solution of the figure, with moves no fewer than the pieces and
/// a time above the floor.
@Suite("soma serve --database: a solve is believed only with a final position that solves its figure")
struct ForgedSolveTests {
    /// A solution of the catalog's cube from the solver, as a saved position: one pose per piece
    /// in the order the games save them (`ProgressCheck.pieces`).
    static func cubeSolution(moves: Int = 7, seconds: Double = 42) throws -> SavedPosition {
        let cube = try Catalog.figure(named: "cube")
        var placements = try #require(try Solver(cube).firstSolution()).pieces.map(\.placement)
        var poses: [SavedPose] = []
        for piece in ProgressCheck.pieces(of: cube) {
            let i = try #require(placements.firstIndex { $0.piece == piece.letter })
            poses.append(SavedPose(placements.remove(at: i)))
        }
        return SavedPosition(poses: poses, moves: moves, seconds: seconds)
    }

    /// The record of one solve of the cube as a game sends it.
    static func solve(moves: Int = 7, seconds: Double = 42, final: SavedPosition?) -> ProgressChange {
        ProgressChange(records: [.init(figure: "Cube", solves: 1, bestSeconds: seconds, fewestMoves: moves, assist: "off",
                                       final: final)])
    }

    @Test("a real solve of the cube is taken; the records are named as the games name them (Cube, not cube)")
    func realSolve() throws {
        let final = try Self.cubeSolution()
        #expect(ProgressCheck.solution(final, of: try Catalog.figure(named: "cube")) == nil)
        #expect(Self.solve(final: final).problem == nil)
        // The pieces to place are the catalog figure's, found by the name the record carries.
        #expect(ProgressChange.catalogFigure("Cube")?.cells.count == 27)
        #expect(ProgressChange.catalogFigure("cube") == nil)
    }

    @Test("a forged solve is refused: 0 moves, 0.0 s, no final position, or one that is no solution")
    func forgedSolves() throws {
        let final = try Self.cubeSolution()
        #expect(Self.solve(moves: 0, final: final).problem == "a solve in 0 moves places fewer than its 7 pieces")
        #expect(Self.solve(moves: 6, final: final).problem == "a solve in 6 moves places fewer than its 7 pieces")
        #expect(Self.solve(seconds: 0, final: final).problem == "a solve in 0.0 s is faster than any play")
        #expect(Self.solve(seconds: -1, final: final).problem == "time -1.0 is not a number of seconds between 0 and ten years")
        #expect(Self.solve(final: nil).problem == "a solve of Cube comes without its final position")

        // Every piece moved out of the cube along the floor, apart from the others: no solution.
        var apart = final
        for i in apart.poses.indices {
            let o = final.poses[i].offset
            apart.poses[i].offset = [o[0] + 10 * (i + 1), o[1] + 20, o[2]]
        }
        #expect(Self.solve(final: apart).problem?.hasPrefix("the final position of Cube is no solution: a piece lies at ") == true)
        // One piece lifted a layer: the top layer overhangs and a cell of the cube is open.
        var lifted = final
        let top = try #require(lifted.poses.indices.max { lifted.poses[$0].offset[2] < lifted.poses[$1].offset[2] })
        lifted.poses[top].offset[2] += 1
        #expect(Self.solve(final: lifted).problem?.hasPrefix("the final position of Cube is no solution: ") == true)
        // Two pieces on one cell.
        var stacked = final
        stacked.poses[1] = stacked.poses[0]
        stacked.poses[1].piece = final.poses[1].piece
        #expect(Self.solve(final: stacked).problem != nil)
        // A piece missing, or another set's piece.
        var short = final
        short.poses.removeLast()
        #expect(Self.solve(final: short).problem == "the final position of Cube is no solution: 6 poses for 7 pieces")
        var foreign = final
        foreign.poses[0].piece = "X"
        #expect(Self.solve(final: foreign).problem?.hasPrefix("the final position of Cube is no solution: pose 1 is for piece X") == true)
    }

    @Test("a figure the server does not know (a generated one) is checked as a position: sane, with every pose a placement")
    func unknownFigure() throws {
        var change = Self.solve(final: try Self.cubeSolution())
        change.records[0].figure = "g-7f3a2c"
        #expect(change.problem == nil)
        change.records[0].final?.poses[0].orientation = [1, 1, 3]
        #expect(change.problem == "the final position of g-7f3a2c is no solution: pose 1 is not an orientation and an offset")
        change.records[0].final = nil
        #expect(change.problem == "a solve of g-7f3a2c comes without its final position")
    }

    @Test("a save is answered failed when forged, saved when real, on the store line's wire (one JSON line)")
    func throughTheLine() throws {
        let real = StoreLine.Request.save(Self.solve(final: try Self.cubeSolution()))
        let bytes = try #require(StoreLine.encode(real))
        let read = try #require(StoreLine.decode(StoreLine.Request.self, from: bytes.dropLast()))
        guard case .save(let change) = read else {
            Issue.record("not a save")
            return
        }
        #expect(change == Self.solve(final: try Self.cubeSolution()), "the final position travels whole")
        #expect(change.problem == nil)
        // A line from a game that sends no final position decodes, and is refused.
        let bare = #"{"save":{"_0":{"records":[{"figure":"Cube","solves":1,"bestSeconds":0,"fewestMoves":0,"assist":"off"}],"positions":[]}}}"#
        guard case .save(let forged)? = StoreLine.decode(StoreLine.Request.self, from: Array(bare.utf8)) else {
            Issue.record("the forged line did not decode")
            return
        }
        #expect(forged.problem == "a solve in 0.0 s is faster than any play")
    }

    @Test("the game sends a real solve with its final position, and leaves out one the server would refuse, so later saves go on")
    func gameLeavesOutWhatTheServerRefuses() throws {
        let server = RemoteStoreTests.FakeServer { _ in #"{"saved":{}}"# }
        let final = try Self.cubeSolution(moves: 9, seconds: 31.5)
        var progress = Records.Progress()
        progress.recordSolve(figure: "Cube", Solved(moves: 9, seconds: 31.5), final: final)
        try server.store.save(progress)
        let sent = try #require(server.lines.first.flatMap { StoreLine.decode(StoreLine.Request.self, from: Array($0.utf8)) })
        #expect(sent == .save(ProgressChange(records: [.init(figure: "Cube", solves: 1, bestSeconds: 31.5, fewestMoves: 9,
                                                             assist: "off", final: final)])))
        // A whole solution pasted in one read: no time. Not sent; the position beside it is.
        progress.recordSolve(figure: "Tower", Solved(moves: 7, seconds: 0), final: final)
        progress.inProgress["Bench"] = SavedPosition(poses: final.poses, moves: 2, seconds: 5)
        try server.store.save(progress)
        #expect(server.lines.count == 2)
        let second = try #require(StoreLine.decode(StoreLine.Request.self, from: Array(server.lines[1].utf8)))
        #expect(second == .save(ProgressChange(positions: [.init(figure: "Bench", position: SavedPosition(poses: final.poses, moves: 2, seconds: 5))])))
        // Nothing left to send: the refused record is not sent again.
        try server.store.save(progress)
        #expect(server.lines.count == 2)
    }
}
