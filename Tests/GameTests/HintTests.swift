@testable import Scene
import Polycube
import Testing
@testable import Game

@Suite("Hints")
struct HintTests {
    @Test("with six pieces of a solution in place, exactly one completion, and the hint shows the seventh")
    func lastPiece() throws {
        let start = SomaGame(figure: Fixtures.cube)
        let solution = try #require(Fixtures.solution(of: Fixtures.cube, pieces: start.pieces,
                                                      firstOrientation: start.startPoses[0].orientation))
        var poses = solution
        poses[0] = start.startPoses[0]
        var game = try #require(SomaGame(figure: Fixtures.cube, poses: poses))
        let effects = game.apply(.hint, now: 0)
        guard case .computeHint(let request)? = effects.first else {
            Issue.record("no hint request")
            return
        }
        #expect(request.fixed.count == 6)
        let result = try #require(request.run())
        #expect(result.completions == 1)
        #expect(!result.reachedLimit)
        let suggestion = try #require(result.suggestion)
        #expect(suggestion.piece == "V")
        #expect(Set(suggestion.cells(of: game.pieces[0].shape)) == Set(solution[0].cells(of: game.pieces[0].shape)))
        game.apply(.hintArrived(result), now: 1)
        #expect(game.hint == result)
        // Steering freely (the game's assist is off here), V's place lies under A and P: the
        // hint says the way in.
        #expect(game.feedback == .note("Hint: try V where its ghost is, under A, P: slide it in from the left (exactly 1 way to finish; Esc hides it)"))
        // The suggestion is drawn as a ghost piece in the scene, where the hole is.
        let hintPiece = try #require(game.sceneModel().pieces.first { $0.id == SceneObjectID.hint.id })
        #expect(hintPiece.marks.contains(.hint))
        #expect(Set(hintPiece.cells) == Set(solution[0].cells(of: game.pieces[0].shape)))
    }

    @Test("from the start the count stops at the limit; the selected piece is the one suggested")
    func fromStart() throws {
        var game = SomaGame(figure: Fixtures.cube)
        game.apply(.select(.letter("T")), now: 0)
        let request = try #require(game.hintRequest(limit: 50))
        #expect(request.preferred.first == "T")
        let result = try #require(request.run())
        #expect(result.completions == 50)
        #expect(result.reachedLimit)
        #expect(result.suggestion?.piece == "T")
        #expect(result.message == "Hint: at least 50 distinct solutions")
    }

    @Test("a cancelled search gives no answer")
    func cancelled() throws {
        let request = try #require(SomaGame(figure: Fixtures.cube).hintRequest())
        #expect(request.run(control: .init(isCancelled: { true })) == nil)
    }
}
