import Polycube
import Testing
@testable import Game

@Suite("Pentomino keys")
struct PentominoKeysTests {
    let session = PentominoSession(board: PentominoGameTests.board6x10)

    func index(_ s: PentominoSession, _ letter: Character) -> Int {
        s.game.tiles.firstIndex { $0.letter == letter }!
    }

    @Test("capitals pick up tiles; lowercase letters are commands, never tiles")
    func letters() {
        for letter in "FILNPTUVWXYZ" {
            var s = session
            s.handle(.character(letter), now: 0)
            #expect(s.game.lifted == index(s, letter), "\(letter)")
            // The tile hangs from the cursor by its anchor square.
            #expect(PentominoGame.anchor(of: s.game.cells(ofTile: index(s, letter))) == s.game.cursor)
        }
        for letter in "ilnptvwxyz" {
            var s = session
            s.handle(.character(letter), now: 0)
            #expect(s.game.lifted == nil, "\(letter)")
        }
    }

    @Test("r turns clockwise, R anticlockwise, f turns over, about the square under the cursor")
    func turning() {
        var s = session
        s.handle(.character("L"), now: 0)
        let l = index(s, "L")
        let held = s.game.cells(ofTile: l)
        s.handle(.character("r"), now: 0)
        #expect(Shape(s.game.cells(ofTile: l)) == Shape(held.map(Axis.z.rotation(quarterTurns: -1).apply)))
        #expect(s.game.cells(ofTile: l).contains(s.game.cursor))
        s.handle(.character("R"), now: 0)
        #expect(s.game.cells(ofTile: l) == held)
        s.handle(.character("f"), now: 0)
        #expect(Shape(s.game.cells(ofTile: l)) == Shape(held.map(Isometry.mirrorX.apply)))
        #expect(s.game.lifted == l)
    }

    @Test("Enter drops only where it is legal; a refused drop sends the tile back, marked")
    func dropAndBounce() {
        var s = session
        let i = index(s, "I")
        let home = s.game.cells(ofTile: i)
        s.handle(.character("I"), now: 0)
        for _ in 0..<9 { s.handle(.right, now: 0) }        // half off the board
        #expect(s.game.dropProblem == .outsideBoard)
        s.handle(.enter, now: 0)
        #expect(s.game.lifted == nil)
        #expect(s.game.cells(ofTile: i) == home)
        #expect(s.game.bounced == i)
        #expect(s.view(width: 80, height: 24, now: 0).text.contains("<>"))
        s.handle(.left, now: 0)                              // the cue lasts until the next command
        #expect(s.game.bounced == nil)
        #expect(s.game.moves == 0)
    }

    @Test("Tab picks up the tiles not yet placed in turn; Shift-Tab goes back")
    func tab() {
        var s = session
        s.handle(.character("F"), now: 0)
        s.handle(.enter, now: 0)                             // F is on the board now
        #expect(s.game.isOnBoard(index(s, "F")))
        s.handle(.tab, now: 0)
        #expect(s.game.lifted == index(s, "I"))
        s.handle(.tab, now: 0)
        #expect(s.game.lifted == index(s, "L"))
        s.handle(.backTab, now: 0)
        #expect(s.game.lifted == index(s, "I"))
        s.handle(.backTab, now: 0)
        #expect(s.game.lifted == index(s, "Z"))              // F is placed: skipped
        #expect(s.game.isOnBoard(index(s, "F")))
    }

    @Test("Backspace takes the tile under the cursor off the board; u undoes it, Ctrl-R and Ctrl-Y redo")
    func takeOffUndoRedo() {
        var s = Played(session)   // undo is the midend's
        s.handle(.character("X"), now: 0)
        s.handle(.character(" "), now: 0)
        let x = index(s.screen, "X")
        let placed = s.game.cells(ofTile: x)
        #expect(s.game.isOnBoard(x))
        s.handle(.backspace, now: 0)
        #expect(!s.game.isOnBoard(x))
        #expect(s.game.poses[x] == s.game.homes[x])
        s.handle(.character("u"), now: 0)
        #expect(s.game.cells(ofTile: x) == placed)
        s.handle(.control("r"), now: 0)
        #expect(!s.game.isOnBoard(x))
        s.handle(.character("u"), now: 0)
        s.handle(.character("u"), now: 0)
        #expect(s.game.poses == session.game.poses)
        s.handle(.control("y"), now: 0)
        #expect(s.game.cells(ofTile: x) == placed)
    }

    @Test("Space while the pointer drags a tile turns it where it is")
    func spaceWhileDragging() {
        var s = session
        let l = index(s, "L")
        s.apply(PentominoPointer.press(s.game.cells(ofTile: l)[0]), now: 0)
        let held = s.game.cells(ofTile: l)
        s.handle(.character(" "), now: 0)
        #expect(s.game.lifted == l)
        let turned = s.game.cells(ofTile: l)
        #expect(Shape(turned) == Shape(held.map(Axis.z.rotation(quarterTurns: -1).apply)))
        #expect(PentominoGame.anchor(of: turned) == PentominoGame.anchor(of: held))
    }

    @Test("a right click or a double click turns a tile over; a long press picks one up without moving it")
    func pointerExtras() {
        var s = session
        let n = index(s, "N")
        let home = s.game.cells(ofTile: n)
        s.apply(PentominoPointer.longPress(home[2]), now: 0)
        #expect(s.game.lifted == n)
        #expect(s.game.cells(ofTile: n) == home)
        s.apply(PentominoPointer.turnOver(home[2]), now: 0)
        #expect(Shape(s.game.cells(ofTile: n)) == Shape(home.map(Isometry.mirrorX.apply)))
        s.apply(PentominoPointer.cancel, now: 0)             // no drag: nothing to cancel
        #expect(s.game.lifted == n)
    }
}

@Suite("Pentomino hints and solutions")
struct PentominoSolverTests {
    @Test("h asks the solver; the answer counts the completions and draws the next tile as a ghost")
    func hint() throws {
        var s = PentominoSession(board: try Catalog.figure(named: "3x20"))
        let effects = s.handle(.character("h"), now: 0)
        guard case .computeHint(let request) = try #require(effects.first) else { Issue.record("no hint request"); return }
        #expect(request.fixed.isEmpty)
        let result = try #require(request.run())
        #expect(result.completions == 2 * 4)                 // 2 distinct solutions, 4 symmetries each
        let suggestion = try #require(result.suggestion)
        s.hintArrived(result, now: 1)
        #expect(s.game.feedback?.message.contains("8 solutions, turns counted apart") == true)
        #expect(s.ghost?.letter == suggestion.piece)
        let text = s.view(width: 80, height: 24, now: 1).text
        #expect(text.contains("\(suggestion.piece)·"), "the ghost: dotted, labelled once")
        // A stale answer (the board changed since) is thrown away.
        var t = PentominoSession(board: try Catalog.figure(named: "3x20"))
        t.handle(.character("I"), now: 0)
        t.handle(.enter, now: 0)
        t.hintArrived(result, now: 1)
        #expect(t.game.hint == nil)
    }

    /// Answers every hint request in `effects` (as the terminal loop would, off the input path).
    func answer(_ effects: [GameEffect], into s: inout PentominoSession, now: Double) -> [GameEffect] {
        effects.flatMap { effect -> [GameEffect] in
            guard case .computeHint(let request) = effect, let result = request.run() else { return [] }
            return s.hintArrived(result, now: now)
        }
    }

    @Test("s shows a solution one tile per step, continuing the position, without recording a solve")
    func showSolution() throws {
        var s = PentominoSession(board: PentominoGameTests.board6x10)
        s.handle(.character("X"), now: 0)
        s.handle(.enter, now: 0)                             // X in the middle of the board: it can stay
        var effects = s.handle(.character("s"), now: 0)
        #expect(s.isShowingSolution)
        var now = 0.0, steps = 0
        while s.isShowingSolution, steps < 30 {
            effects = answer(effects, into: &s, now: now) + effects.filter { if case .computeHint = $0 { false } else { true } }
            #expect(Midend(screen: s, now: now).solve == nil, "a solution shown is no solve of the player's")
            guard let next = effects.compactMap({ if case .wake(let at) = $0 { at } else { nil } }).last else { break }
            #expect(next == now + PentominoSession.playbackStep)
            now = next
            effects = s.tick(now: now)
            steps += 1
        }
        #expect(steps == 11)                                 // X stayed; the other eleven went down one by one
        #expect(s.game.isComplete)
        #expect(s.game.completed)
        // The news is on the status line, the board below it in full view.
        let lines = s.view(width: 80, height: 24, now: now).text.split(separator: "\n")
        #expect(lines[0].contains("moves 12    Solved by the solver "))
        #expect(!lines.dropFirst().contains { $0.contains("Solved") || $0.contains("┌") })
    }

    @Test("a dead-end position is cleared before a solution is shown; a key stops the showing")
    func showSolutionFromScratch() throws {
        var s = PentominoSession(board: PentominoGameTests.board6x10)
        // X in a corner can never be part of a solution.
        s.handle(.character("X"), now: 0)
        let d = Cell(1, 1, 0) - s.game.cursor
        s.apply(PentominoCommand.move(dx: d.x, dy: d.y), now: 0)
        s.handle(.enter, now: 0)
        #expect(s.game.tilesOnBoard == 1)
        var effects = s.handle(.character("s"), now: 0)
        effects = answer(effects, into: &s, now: 0)          // dead end: cleared, asked again
        #expect(s.game.tilesOnBoard == 0)
        #expect(s.note?.message.contains("from the start") == true)
        effects = answer(effects, into: &s, now: 0)
        _ = s.tick(now: 1)
        #expect(s.game.tilesOnBoard == 1)
        s.handle(.left, now: 1.1)
        #expect(!s.isShowingSolution)
        #expect(s.nextPlaybackStep == nil)
        s.handle(.character("u"), now: 2)
        s.handle(.character("u"), now: 2)
        #expect(s.game.tilesOnBoard == 1)                    // undo brings the player's X back
    }
}
