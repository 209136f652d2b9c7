import Polycube
import Testing
@testable import Game

@Suite("SomaKeyPlanner")
struct SomaKeyPlannerTests {
    static let cube = try! Catalog.figure(named: "cube")

    /// Replays `steps` through the session as a player's keys and checks each move was accepted.
    func replay(_ steps: [SomaKeyPlanner.Step], on start: SomaSession) -> SomaSession {
        var s = start
        for step in steps {
            let moves = s.game.moves
            s.handle(step.key, now: 1)
            #expect(s.game.moves == moves + (step.isMove ? 1 : 0), "\(step.key) was refused: \(String(describing: s.game.feedback))")
        }
        return s
    }

    @Test("the planned keys, pressed in the session, build the solver's first solution of the cube")
    func solvesTheCube() throws {
        let session = SomaSession(figure: SomaKeyPlannerTests.cube)
        let solution = try #require(SomaKeyPlanner.firstSolution(of: SomaKeyPlannerTests.cube))
        let steps = try #require(SomaKeyPlanner.steps(solving: session, with: solution))
        let end = replay(steps, on: session)
        #expect(end.game.isComplete)
        #expect(end.game.solved != nil)
        #expect(end.game.moves == steps.filter(\.isMove).count)
    }

    @Test("keys still plan after the view was orbited (they act through the camera)")
    func orbitedView() throws {
        var session = SomaSession(figure: SomaKeyPlannerTests.cube)
        for _ in 0..<5 { session.handle(.shiftLeft, now: 0) }
        session.handle(.shiftUp, now: 0)
        let solution = try #require(SomaKeyPlanner.firstSolution(of: SomaKeyPlannerTests.cube))
        let steps = try #require(SomaKeyPlanner.steps(solving: session, with: solution))
        #expect(replay(steps, on: session).game.isComplete)
    }

    @Test("Ctrl-Z is not an undo key (the loop suspends on it); u and Backspace are")
    func undoKeys() {
        var s = SomaSession(figure: SomaKeyPlannerTests.cube)
        s.handle(.character("1"), now: 0)
        s.handle(.right, now: 0)
        s.handle(.control("z"), now: 0)
        #expect(s.game.moves == 1 && s.game.canUndo)
        s.handle(.backspace, now: 0)
        #expect(!s.game.canUndo)
        #expect(SomaKeyMap.action(for: .control("z")) == nil)
    }
}
