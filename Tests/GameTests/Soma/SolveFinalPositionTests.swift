import Polycube
import Records
import Testing
@testable import Game

/// Issue 36: a solve record carries its final position, so a server can check it is a solution
/// of the figure. The midend keeps the position that completed the figure with the solve
/// (`Progress.solutions`), for the store to send with the record (`ProgressChange`).
@Suite("A solve keeps the position that completed the figure")
struct SolveFinalPositionTests {
    @Test("the cube: the poses that filled it, with the solve's moves and time, a solution of the figure")
    func soma() throws {
        let m = try SolvedMomentTests().solvedAt100()
        let final = try #require(m.midend.progress.solutions["cube"])
        #expect(final == SavedPosition(poses: m.game.poses.map(SavedPose.init), moves: 1, seconds: 0))
        #expect(ProgressCheck.solution(final, of: Fixtures.cube) == nil)
        // What a save sends holds it too, and no position to resume.
        let saved = m.midend.progressToSave(now: 200)
        #expect(saved.solutions["cube"] == final && saved.inProgress["cube"] == nil)
        // A figure not completed has none.
        #expect(Midend(screen: SomaSession(figure: Fixtures.cube)).progressToSave(now: 0).solutions.isEmpty)
    }

    @Test("a pentomino board: the tiles that covered it, a solution of the board")
    func pentomino() throws {
        let tiny = PentominoGameTests.tinyBoard
        var s = Played(PentominoSession(board: tiny))
        s.place("L", at: Cell(0, 0, 0), now: 1)
        #expect(s.midend.progress.solutions.isEmpty)
        s.place("D", at: Cell(1, 1, 0), now: 61)
        let final = try #require(s.midend.progress.solutions["tiny"])
        #expect(final == SavedPosition(poses: s.game.poses.map(SavedPose.init), moves: 2, seconds: 60))
        #expect(ProgressCheck.solution(final, of: tiny) == nil)
        // The same tiles with one lifted off the board: no solution.
        var open = final
        open.poses[0].offset[0] += 20
        #expect(ProgressCheck.solution(open, of: tiny) != nil)
    }
}
