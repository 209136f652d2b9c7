import Polycube
import Testing
@testable import Game

/// Issue 38, item 5: the key that acts is on the bottom line in every state of the Soma game,
/// at 80x24 and at 120x40; after it the fit count (`fit 3 of 22`), then where the piece is,
/// shortened to fit (`L  layer 1, behind, right`) rather than cut down to its letter; the turn
/// and move keys where there is room. Each state is played through the midend from a new cube
/// under the default assist, as a player reaches it.
@Suite("The Soma bottom line in every state")
struct BottomLineStatesTests {
    /// The bottom row of the screen at `width` x `height`.
    static func bottom(_ m: Played<SomaSession>, _ width: Int, _ height: Int, now: Double = 0) -> String {
        String(m.midend.view(width: width, height: height, now: now, style: .blocks256).text
            .split(separator: "\n", omittingEmptySubsequences: false)[height - 1])
    }

    /// The bottom line at 80x24 and at 120x40, trailing blanks dropped.
    static func lines(_ m: Played<SomaSession>, now: Double = 0) -> [String] {
        [(80, 24), (120, 40)].map { String(bottom(m, $0, $1, now: now).reversed().drop { $0 == " " }.reversed()) }
    }

    @Test("nothing selected, a piece off the figure, cycled, put on a fit, judging on, a hint, a dead end: the action first, the fit count, the place")
    func playing() throws {
        var s = SomaSession(figure: Fixtures.cube)
        s.assist = Settings().assist
        var m = Played(s)
        #expect(Self.lines(m) == [" Tab or 1-7: select a piece   Put the 7 pieces into the grey cube",
                                  " Tab or 1-7: select a piece   Put the 7 pieces into the grey cube"])
        m.handle(.character("1"))
        #expect(Self.lines(m) == [" Space: put   w a s d e: turn   fit 1 of 144   V  layer 1, behind, columns 2-3",
                                  " Space: put   w a s d e: turn   arrows PgUp PgDn: move   fit 1 of 144   V  layer 1, behind, columns 2-3, on the floor"])
        m.handle(.character("c"))
        #expect(Self.lines(m) == [" Space: put   w a s d e: turn   fit 2 of 144   V  layer 1, behind, columns 2-3",
                                  " Space: put   w a s d e: turn   arrows PgUp PgDn: move   fit 2 of 144   V  layer 1, behind, columns 2-3, on the floor"])
        // On its fit, V is put: the next piece is what acts.
        m.handle(.character(" "))
        #expect(Self.lines(m) == [" Tab or 1-7: next piece   fit 2 of 144   V  layer 1, rows 2-3, columns 2-3",
                                  " Tab or 1-7: next piece   w a s d e: turn   arrows PgUp PgDn: move   fit 2 of 144   V  layer 1, rows 2-3, columns 2-3"])
        m.handle(.character("2"))
        m.handle(.character("j"))
        #expect(m.game.feedback == .note("Judging on: solvable fits first, dead ends named; the solve records it"))
        #expect(Self.lines(m) == [" Space: put   Judging on   fit 1 of 97   L  layer 1, behind, right",
                                  " Space: put   Judging on   w a s d e: turn   arrows: move   fit 1 of 97   L  layer 1, behind, right"])
        let effects = m.handle(.character("h"))
        guard case .computeHint(let request) = try #require(effects.first(where: { if case .computeHint = $0 { true } else { false } }))
        else { Issue.record("no hint request"); return }
        m.midend.receive(.hint(try #require(request.run())), now: 0)
        #expect(m.game.hint?.suggestion?.piece == "L")
        #expect(Self.lines(m) == [" Space: put   Hint: L on its ghost   fit 1 of 97   L  layer 1, behind, right",
                                  " Space: put   Hint: try L where its ghost is   w a s d e: turn   arrows: move   fit 1 of 97   L  layer 1, behind, right"])
        // With room, the hint whole: its count and the key that hides it.
        #expect(Self.bottom(m, 200, 40).hasPrefix(" Space: put   Hint: try L where its ghost is (")
                && Self.bottom(m, 200, 40).contains("; Esc hides it)"))
        m.handle(.escape)
        var cycled = 0
        while !(m.game.feedback?.message.hasPrefix("Dead end") ?? false), cycled < 97 {
            m.handle(.character("c"))
            cycled += 1
        }
        #expect(cycled == 43, "judging on: the solvable fits of L first, then the dead ends")
        #expect(Self.lines(m) == [" Space: put   Dead end   fit 44 of 97   L  layer 1, behind, right",
                                  " Space: put   Dead end   w a s d e: turn   arrows: move   fit 44 of 97   L  layer 1, behind, right"])
    }

    @Test("the last piece, the solved moment and after: the action first")
    func solving() {
        var s = SomaSession(game: Fixtures.cube(placed: 6))
        s.assist = Settings().assist
        var m = Played(s)
        m.handle(.character("7"), now: 1)
        #expect(Self.lines(m, now: 1) == [" Space: put   w a s d e: turn   fit 1 of 1   P  layers 1-2, behind, left",
                                          " Space: put   w a s d e: turn   arrows PgUp PgDn: move   fit 1 of 1   P  layers 1-2, behind, left, on the floor"])
        m.handle(.character(" "), now: 2)
        #expect(m.midend.solve != nil)
        #expect(Self.lines(m, now: 2.1) == [" Solved!   any key skips   P  resting on B and V and T",
                                            " Solved!   any key skips   P  resting on B and V and T"])
        #expect(Self.lines(m, now: 60) == [" R: all pieces back for a new attempt   P  resting on B and V and T",
                                           " R: all pieces back for a new attempt   m: another figure   P  resting on B and V and T"])
    }

    @Test("a note's head: before its parenthesis, else before its colon")
    func heads() {
        #expect(SomaSession.head(of: "Hint: try V where its ghost is (240 distinct solutions; Esc hides it)") == "Hint: try V where its ghost is")
        #expect(SomaSession.head(of: "Dead end: with L there the figure cannot be finished") == "Dead end")
        #expect(SomaSession.head(of: "Already resting") == nil)
    }
}
