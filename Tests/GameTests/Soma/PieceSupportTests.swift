import Polycube
import Testing
@testable import Game

/// The bottom line names the height of the selected piece: what holds it up, or how high it
/// floats (issue 12: a piece two levels up looked like one standing further back).
@Suite("PieceSupport")
struct PieceSupportTests {
    let session = SomaSession(figure: Fixtures.cube)

    func bottomLine(_ s: SomaSession, width: Int = 80, height: Int = 24) -> String {
        let lines = s.view(width: width, height: height, now: 0).text.split(separator: "\n", omittingEmptySubsequences: false)
        return String(lines[height - 1])
    }

    @Test("1 PgUp PgUp: V floats at level 2, and Space drops it back onto the floor")
    func floating() {
        var s = session
        s.handle(.character("1"), now: 0)
        #expect(s.game.support(ofPiece: 0) == .floor)
        // At 80 columns the action and the keys first, whole; the sentence in its short form.
        #expect(bottomLine(s) == " Space: drop   w a s d e: turn   arrows: move   V  layer 1, behind, columns 2-3")
        s.handle(.pageUp, now: 1)
        s.handle(.pageUp, now: 2)
        #expect(s.game.support(ofPiece: 0) == .floating(level: 2))
        #expect(bottomLine(s) == " Space: drop   w a s d e: turn   arrows: move   V  layer 3, behind, columns 2-3")
        #expect(bottomLine(s, width: 120, height: 40)
                == " Space: drop   w a s d e: turn   arrows PgUp PgDn: move   V  layer 3, behind, columns 2-3, floating: Space drops it")
        s.handle(.character(" "), now: 3)
        #expect(s.game.support(ofPiece: 0) == .floor)
        #expect(bottomLine(s, width: 120, height: 40)
                == " Space: drop   w a s d e: turn   arrows PgUp PgDn: move   V  layer 1, behind, columns 2-3, on the floor")
        #expect(bottomLine(s, width: 160, height: 40)
                == " Space: drop   w a s d e: turn   arrows PgUp PgDn: move   V  layer 1, 3-4 rows behind the figure, columns 2-3, on the floor   h: hint")
    }

    @Test("a piece dropped onto another rests on it; a refusal reads after the piece's state")
    func restingOnAPiece() {
        var g = session.game
        g.apply(.select(.number(2)), now: 0)
        let t = g.cells(ofPiece: 2), l = g.cells(ofPiece: 1)
        g.apply(.move(Cell(0, 0, 5)), now: 0)
        g.apply(.move(t[0] - l[0]), now: 0)
        #expect(g.support(ofPiece: 1) == .floating(level: 5))
        g.apply(.drop, now: 0)
        #expect(g.support(ofPiece: 1) == .pieces(["T"]))
        #expect(PieceSupport.pieces(["T"]).describe("L", drop: "Space") == "L  resting on T")
        #expect(PieceSupport.pieces(["T", "V"]).describe("L", drop: "Space") == "L  resting on T and V")
        var s = SomaSession(game: g)
        s.handle(.character(" "), now: 1)
        #expect(bottomLine(s) == " Space: drop   Already resting   L  layer 2, row 3 and in front, right")
        #expect(bottomLine(s, width: 140, height: 40).hasSuffix(", resting on T"))
    }

    @Test("no piece selected: no piece state on the bottom line")
    func nothingSelected() {
        #expect(bottomLine(session) == " Tab or 1-7: select a piece   Put the 7 pieces into the grey cube")
    }
}
