import Polycube
import Testing
@testable import Game

@Suite("Progress")
struct ProgressTests {
    @Test("records keep the count, the best time and the fewest moves")
    func records() {
        var p = Progress()
        p.recordSolve(figure: "cube", Solved(moves: 40, seconds: 90))
        p.recordSolve(figure: "cube", Solved(moves: 30, seconds: 120))
        #expect(p.records[RecordKey("cube", .off)] == FigureRecord(timesSolved: 2, bestSeconds: 90, fewestMoves: 30))
        #expect(p.isSolved("cube"))
        #expect(!p.isSolved("tower"))
    }

    @Test("a game in progress survives encoding and decoding")
    func roundTrip() throws {
        var game = SomaGame(figure: Fixtures.cube)
        game.apply(.select(.number(2)), now: 0)
        game.apply(.turn(.x, by: 1), now: 10)
        game.apply(.move(Cell(0, 0, 2)), now: 20)
        var p = Progress()
        p.save(game, seconds: 30)                           // the midend's clock: from the first move at 10 to 40
        p.recordSolve(figure: "tower", Solved(moves: 12, seconds: 33.5))
        let decoded = try Progress.decode(p.encoded()).get()
        #expect(decoded == p)
        let resumed = try #require(decoded.resume(Fixtures.cube))
        #expect(resumed.poses == game.poses)
        #expect(resumed.moves == 1, "L turned and raised in one handling")
        #expect(resumed.play.earlierSeconds == 30)          // the clock carries on from the save
        var next = Played(resumed)
        next.apply(.select(.number(2)), now: 1000)
        next.apply(.move(Cell(0, 0, -1)), now: 1000)
        #expect(next.midend.clock?.elapsed(now: 1005) == 35)
        #expect(next.midend.progressToSave(now: 1005).inProgress[Fixtures.cube.name]?.seconds == 35)
    }

    @Test("an untouched game is not saved")
    func untouched() {
        var p = Progress()
        p.save(SomaGame(figure: Fixtures.cube), seconds: 0)
        p.save(PentominoGame(board: PentominoGameTests.board6x10), seconds: 0)
        #expect(p.inProgress.isEmpty)
    }

    @Test("a pentomino position survives too, with a tile in hand saved where it came from")
    func pentominoRoundTrip() throws {
        var game = PentominoGame(board: PentominoGameTests.board6x10)
        game.apply(.lift("I"), now: 0)
        game.apply(.drop, now: 3)
        let placed = game.poses
        game.apply(.lift("X"), now: 4)
        var p = Progress()
        p.save(game, seconds: 9)
        let resumed = try #require(Progress.decode(p.encoded()).get().resume(board: PentominoGameTests.board6x10))
        #expect(resumed.poses == placed)
        #expect(resumed.lifted == nil)
        #expect(resumed.moves == 1)
        #expect(resumed.play.earlierSeconds == 9)
    }

    @Test("every lattice orientation survives the saved form")
    func orientations() {
        for g in Isometry.all {
            let pose = Placement(piece: "L", orientation: g, offset: Cell(1, -2, 3))
            #expect(SavedPose(pose).placement == pose)
        }
    }

    @Test("damaged text gives an error value, never a crash")
    func corrupt() {
        let cases = ["", "not json", "{\"version\": 1}", "[1,2,3]",
                     "{\"version\":99,\"records\":{},\"inProgress\":{}}",
                     """
                     {"version":1,"records":{},"inProgress":{"cube":{"moves":1,"poses":[{"piece":"L","orientation":[1,1,3],"offset":[0,0,0]}]}}}
                     """]
        for text in cases {
            guard case .failure = Progress.decode(text) else {
                Issue.record("decoded damaged text: \(text)")
                continue
            }
        }
        #expect(Progress.decode("{\"version\":99,\"records\":{},\"inProgress\":{}}") == .failure(.unsupportedVersion(99)))
    }
}
