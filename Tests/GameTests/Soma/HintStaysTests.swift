import Polycube
import Testing
@testable import Game

/// A hint stays until its piece is placed there, another piece takes its cells, or Esc (issue
/// 12: it vanished at the first key, so the player had to memorise it).
@Suite("Hints that stay")
struct HintStaysTests {
    /// Five pieces of a solution in; the hint suggests B (index 5) where the solution puts it.
    func hinted() -> SomaSession {
        var game = Fixtures.cube(placed: 5)
        game.apply(.hintArrived(HintResult(fixed: game.placedPoses, completions: 1, reachedLimit: false,
                                           suggestion: Fixtures.cubeSolution[5])), now: 0)
        return SomaSession(game: game)
    }

    @Test("the message names the piece; selecting and moving another piece keeps the hint")
    func staysAcrossOtherMoves() {
        var s = hinted()
        #expect(s.game.feedback == .note("Hint: try B where its ghost is (exactly 1 way to finish; Esc hides it)"))
        s.handle(.character("7"), now: 1)
        s.handle(.right, now: 2)
        #expect(s.game.feedback == nil && s.game.moves == 1)
        #expect(s.game.hint?.suggestion == Fixtures.cubeSolution[5])
        let last = s.view(width: 80, height: 24, now: 3).text.split(separator: "\n").last.map(String.init)
        // The action first; the hint's head (its count gives way), then where the piece in hand is.
        #expect(last == " Space: drop   Hint: try B where its ghost is   P  layers 1-2, behind, left")
    }

    @Test("placing the hinted piece where its ghost is ends the hint")
    func endsWhenPlaced() {
        var g = Fixtures.cube(placed: 5)
        // A suggestion one level above B, so that PgUp puts B exactly there.
        var above = g.poses[5]
        above.offset = above.offset + Cell(0, 0, 1)
        g.apply(.hintArrived(HintResult(fixed: g.placedPoses, completions: 1, reachedLimit: false, suggestion: above)), now: 0)
        g.apply(.select(.index(5)), now: 1)
        g.apply(.move(Cell(1, 0, 0)), now: 2)
        #expect(g.hint != nil, "B moved, not yet there")
        g.apply(.move(Cell(-1, 0, 1)), now: 3)
        #expect(g.poses[5] == above)
        #expect(g.hint == nil)
    }

    @Test("another piece taking one of the hint's cells ends it; Esc puts it away, and only then deselects")
    func endsWhenBlockedOrDismissed() throws {
        var s = hinted()
        let hintCells = Set(Fixtures.cubeSolution[5].cells(of: s.game.pieces[5].shape))
        // A jump of P (moves check only where the piece lands) onto one of the hint's cells.
        let p = s.game.cells(ofPiece: 6)
        let others = Set((0..<6).flatMap { s.game.cells(ofPiece: $0) })
        var jump: Cell?
        search: for dz in 0...3 {
            for dx in -8...8 {
                for dy in -8...8 {
                    let moved = p.map { $0 + Cell(dx, dy, dz) }
                    if moved.allSatisfy({ $0.z >= 0 && !others.contains($0) }) && moved.contains(where: hintCells.contains) {
                        jump = Cell(dx, dy, dz)
                        break search
                    }
                }
            }
        }
        s.handle(.character("7"), now: 1)
        s.apply(.move(try #require(jump)), now: 2)
        #expect(s.game.feedback == nil && s.game.moves == 1)
        #expect(s.game.hint == nil)

        var t = self.hinted()
        t.handle(.character("7"), now: 1)
        t.handle(.escape, now: 2)
        #expect(t.game.hint == nil && t.game.selection == 6)
        t.handle(.escape, now: 3)
        #expect(t.game.selection == nil)
    }

    @Test("undo, redo and reset say what they did")
    func feedbackWords() {
        var g = Played(SomaGame(figure: Fixtures.cube))
        g.apply(.select(.number(2)), now: 0)
        g.apply(.move(Cell(1, 0, 0)), now: 1)
        g.apply(.undo, now: 2)
        #expect(g.game.feedback == .note("Undone: L moved back   U redoes"))
        g.apply(.redo, now: 3)
        #expect(g.game.feedback == .note("Redone: L moved again"), "the redo says what it did, not the undo's words")
        g.apply(.resetPieces, now: 4)
        #expect(g.game.feedback == .note("All pieces back: u undoes"))
        g.apply(.undo, now: 5)
        #expect(g.game.feedback == .note("Undone: L moved back   U redoes"))
    }
}
