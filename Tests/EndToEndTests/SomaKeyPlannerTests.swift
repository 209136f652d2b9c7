import Polycube
import Testing
@testable import Game

@Suite("SomaKeyPlanner")
struct SomaKeyPlannerTests {
    static let cube = try! Catalog.figure(named: "cube")

    /// Replays `steps` through the session as a player's keys and checks each turn and step was
    /// accepted (the piece changed) and counted as the plan says (one move per piece handled).
    func replay(_ steps: [SomaKeyPlanner.Step], on start: SomaSession) -> SomaSession {
        var s = start
        for step in steps {
            let (moves, poses) = (s.game.moves, s.game.poses)
            s.handle(step.key, now: 1)
            #expect(s.game.moves == moves + (step.startsMove ? 1 : 0), "\(step.key): \(String(describing: s.game.feedback))")
            #expect((s.game.poses != poses) == step.isMove, "\(step.key) was refused: \(String(describing: s.game.feedback))")
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
        #expect(end.game.completed)
        #expect(end.game.moves == 7, "one move per piece")
        #expect(end.game.play.moves == 7)
        #expect(steps.filter(\.startsMove).count == 7 && steps.filter(\.isMove).count > 7)
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
        var s = Midend(screen: SomaSession(figure: SomaKeyPlannerTests.cube))   // the midend keeps undo
        _ = s.handle(.character("1"), now: 0)
        _ = s.handle(.right, now: 0)
        _ = s.handle(.control("z"), now: 0)
        #expect(s.screen.game.moves == 1 && s.canUndo)
        _ = s.handle(.backspace, now: 0)
        #expect(!s.canUndo)
        #expect(SomaKeyMap.action(for: .control("z")) == nil)
    }
}
