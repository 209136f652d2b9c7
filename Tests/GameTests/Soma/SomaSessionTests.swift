import Polycube
import Scene
import Testing
@testable import Game

@Suite("SomaSession")
struct SomaSessionTests {
    let session = SomaSession(figure: Fixtures.cube)

    @Test("keys select, move, raise, turn, drop and undo the selected piece")
    func keys() {
        var s = Played(session)   // undo is the midend's
        s.handle(.tab, now: 0)
        #expect(s.game.selection == 0)
        s.handle(.character("2"), now: 0)
        #expect(s.game.selection == 1)
        let start = s.game.cells(ofPiece: 1)
        s.handle(.right, now: 1)
        #expect(s.game.cells(ofPiece: 1) == start.map { $0 + Cell(1, 0, 0) })
        s.handle(.pageUp, now: 2)
        #expect(s.game.cells(ofPiece: 1).map(\.z).min() == 1)
        s.handle(.character(" "), now: 3)
        #expect(s.game.cells(ofPiece: 1).map(\.z).min() == 0)
        s.handle(.character("d"), now: 4)
        #expect(Set(s.game.cells(ofPiece: 1)) != Set(start.map { $0 + Cell(1, 0, 0) }))
        // Right, PgUp and Space are one handling (Space puts L down); d picks it up again.
        #expect(s.game.moves == 2)
        for _ in 0..<4 { s.handle(.character("u"), now: 5) }
        #expect(s.game.poses == session.game.poses)
        s.handle(.control("r"), now: 6)
        #expect(s.game.cells(ofPiece: 1) == start.map { $0 + Cell(1, 0, 0) })
        s.handle(.escape, now: 7)
        #expect(s.game.selection == nil)
    }

    @Test("arrow keys follow the view: after orbiting a quarter turn, right is another axis")
    func screenRelative() {
        var s = session
        s.handle(.character("1"), now: 0)
        for _ in 0..<6 { s.handle(.shiftLeft, now: 0) }     // 6 x 15 degrees
        let before = s.game.cells(ofPiece: 0)
        s.handle(.right, now: 0)
        let delta = s.game.cells(ofPiece: 0)[0] - before[0]
        #expect(delta != Cell(1, 0, 0))
        #expect(abs(delta.x) + abs(delta.y) == 1 && delta.z == 0)
        s.handle(.character("0"), now: 0)
        s.handle(.right, now: 0)
        #expect(s.game.cells(ofPiece: 0)[0] - before[0] == delta + Cell(1, 0, 0))
    }

    @Test("h asks for a hint as an effect; q quits; m opens the menu")
    func effects() {
        var s = session
        let effects = s.handle(.character("h"), now: 0)
        #expect(effects == [.computeHint(session.game.hintRequest()!)])
        // The common keys are the midend's: the screen only says which it offers.
        #expect(s.facts.commonKeys.command(for: .character("q")) == .quit)
        #expect(s.facts.commonKeys.command(for: .character("m")) == .menu)
        var played = Played(s)
        #expect(played.handle(.character("q"), now: 0) == [.quit])
    }

    @Test("the screen: status, legend with numbers and letters, the figure, feedback")
    func view() {
        var s = session
        let canvas = s.view(width: 100, height: 30, now: 0)
        let text = canvas.text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 30)
        #expect(lines[0].contains("cube   0/7 in place   moves 0   0:00"))
        #expect(lines[0].hasSuffix("? help  q quit"))
        for (i, letter) in "VLTZABP".enumerated() { #expect(text.contains("\(i + 1) \(letter) ██")) }
        // The picture shows the figure's ghost and every piece, each cell tagged for hit tests.
        let ids = canvas.cells.map(\.id)
        #expect(ids.contains { if case .ghost = $0 { true } else { false } })
        for i in 0..<7 { #expect(ids.contains { if case .piece(i, _, _) = $0 { true } else { false } }) }
        #expect(ids.contains(.control(6)))
        s.handle(.character("1"), now: 0)
        s.handle(.pageDown, now: 0)
        #expect(s.view(width: 100, height: 30, now: 0).text.split(separator: "\n").last!.contains("Can't go below the floor"))
    }

    @Test("? shows every key; any key closes it without acting")
    func help() {
        var m = Midend(screen: session)
        _ = m.handle(.character("?"), now: 0)
        let text = m.view(width: 120, height: 40, now: 0, style: .blocks256).text
        // The table's lines, the digit line as the set's size says it (`1-7`).
        #expect(session.helpLines.map(\.keys) == SomaKeyMap.table.help.map { $0.keys == "1-9" ? "1-7" : $0.keys })
        for line in session.helpLines { #expect(text.contains(line.keys + "  ")) }
        _ = m.handle(.tab, now: 0)
        #expect(!m.showsHelp)
        #expect(m.screen.game.selection == nil)
    }

    @Test("completing the figure reports it once; the news is on the status line, the figure in full view")
    func solved() throws {
        let start = SomaGame(figure: Fixtures.cube)
        let solution = try #require(Fixtures.solution(of: Fixtures.cube, pieces: start.pieces,
                                                      firstOrientation: start.startPoses[0].orientation))
        var poses = solution
        poses[0] = start.startPoses[0]
        var s = Played(try #require(SomaGame(figure: Fixtures.cube, poses: poses)))
        s.handle(.character("1"), now: 10)
        s.handle(.pageUp, now: 10)
        let effects = s.apply(.move(solution[0].offset - s.game.poses[0].offset), now: 75)
        #expect(effects == [.autosave], "the midend records the solve and saves")
        #expect(s.midend.progress.record(of: "cube")?.timesSolved == 1)
        let lines = s.midend.view(width: 100, height: 30, now: 80, style: .blocks256).text.split(separator: "\n")
        #expect(lines[0].hasPrefix(" cube    Solved in 1:05, 1 move. "), "\(lines[0])")
        #expect(!lines.dropFirst().contains { $0.contains("Solved") || $0.contains("┌") })
        #expect(lines.last == " R: all pieces back for a new attempt   m: another figure   V  resting on L")
        #expect(s.apply(.select(.next), now: 90).isEmpty)
        // Moving a piece out and back is the same attempt: no second solve.
        s.handle(.character("7"), now: 91)   // P, on the top layer
        s.handle(.pageUp, now: 92)
        #expect(!s.game.isComplete)
        #expect(s.handle(.pageDown, now: 93).isEmpty)
        #expect(s.midend.progress.record(of: "cube")?.timesSolved == 1)
        #expect(s.game.isComplete)
        // Undo and redo likewise.
        s.handle(.character("u"), now: 94)
        #expect(s.handle(.character("U"), now: 95).isEmpty)
        #expect(s.midend.progress.record(of: "cube")?.timesSolved == 1)
        // A reset starts the next attempt: the clock and the count start afresh, and the next
        // completion is a solve again.
        s.handle(.character("R"), now: 100)
        #expect(s.game.feedback == .note("All pieces back: a new attempt"))
        #expect(s.game.moves == 0 && !s.game.completed && s.midend.solve == nil && s.midend.clock == PlayClock() && !s.midend.canUndo)
        #expect(s.game.poses == start.startPoses)
    }
}

@Suite("Help overlay")
struct HelpOverlayTests {
    @Test("on an 80x24 terminal the help fits in two columns and still lists every key")
    func smallTerminal() {
        let s = SomaSession(figure: Fixtures.cube)
        let text = s.helpView(width: 80, height: 24)
        // The table's lines, the digit line as the set's size says it (`1-7`).
        #expect(s.helpLines.map(\.keys) == SomaKeyMap.table.help.map { $0.keys == "1-9" ? "1-7" : $0.keys })
        for line in s.helpLines { #expect(text.contains(line.keys + "  ")) }
        #expect(text.contains("any key closes this help"))
    }
}
