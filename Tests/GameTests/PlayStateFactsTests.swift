import Polycube
import Testing
@testable import Game

/// The midend keeps its clock and records solves from `GameScreen.playState` and
/// `isSolvedBySolver`, which the Soma and pentomino screens answer without building their whole
/// status (issue 35: a login's start-up). They must say what `facts.status` says, in every state
/// the clock acts on: fresh, begun, completed by the player, completed by the solver.
@Suite("a screen's play state equals its status's")
struct PlayStateFactsTests {
    func expectSame<Screen: GameScreen>(_ screen: Screen, _ when: String,
                                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(screen.playState == screen.facts.status.play, "\(when)", sourceLocation: sourceLocation)
        #expect(screen.isSolvedBySolver == screen.facts.status.solvedBySolver, "\(when)", sourceLocation: sourceLocation)
        #expect(screen.minimumSize == screen.facts.minimumSize, "\(when)", sourceLocation: sourceLocation)
    }

    @Test("Soma: fresh, a piece moved, the cube solved")
    func soma() throws {
        let start = SomaGame(figure: Fixtures.cube)
        let solution = try #require(Fixtures.solution(of: Fixtures.cube, pieces: start.pieces,
                                                      firstOrientation: start.startPoses[0].orientation))
        var poses = solution
        poses[0] = start.startPoses[0]
        var m = Played(try #require(SomaGame(figure: Fixtures.cube, poses: poses)))
        expectSame(m.screen, "fresh")
        #expect(m.screen.playState?.started == false && m.screen.playState?.completed == false)
        m.handle(.character("1"), now: 10)
        m.apply(.move(solution[0].offset - start.startPoses[0].offset), now: 100)
        expectSame(m.screen, "solved")
        #expect(m.screen.playState?.completed == true && m.screen.playState?.moves == 1)
        // The clock starts at the first move, which completed the cube: no seconds.
        #expect(m.midend.solve == Solved(moves: 1, seconds: 0), "the midend's solve, from the play state")
    }

    @Test("pentominoes: fresh, solved by the player, solved by the solver")
    func pentominoes() throws {
        var s = PentominoSession(board: PentominoGameTests.tinyBoard)
        expectSame(s, "fresh")
        for (letter, offset) in [("L", Cell(0, 0, 0)), ("D", Cell(1, 1, 0))] as [(Character, Cell)] {
            _ = s.apply(.lift(letter), now: 1)
            let i = try #require(s.game.tiles.firstIndex { $0.letter == letter })
            let d = offset - s.game.poses[i].offset
            _ = s.apply(.move(dx: d.x, dy: d.y), now: 1)
            expectSame(s, "carrying \(letter)")
            _ = s.apply(.drop, now: 2)
        }
        expectSame(s, "solved by the player")
        #expect(s.playState?.completed == true && s.isSolvedBySolver == false)

        var shown = PentominoSession(board: PentominoGameTests.board6x10)
        _ = shown.handle(.character("s"), now: 0)
        #expect(shown.isShowingSolution)
        expectSame(shown, "a solution being shown")
        #expect(shown.isSolvedBySolver, "the solver's, not the player's")
    }
}
