@testable import Polycube
import Scene
import Testing
@testable import Game

@Suite("PentominoSession")
struct PentominoSessionTests {
    let session = PentominoSession(board: PentominoGameTests.board6x10)

    @Test("letters lift tiles, arrows carry them, Space puts them down, Esc puts them back")
    func keys() {
        var s = Played(session)   // undo is the midend's
        s.handle(.character("I"), now: 0)
        let i = s.game.tiles.firstIndex { $0.letter == "I" }!
        #expect(s.game.lifted == i)
        s.handle(.left, now: 0)
        #expect(s.game.cursor == session.game.cursor + Cell(-1, 0, 0))
        s.handle(.character(" "), now: 0)
        #expect(s.game.lifted == nil)
        #expect(s.game.isOnBoard(i))
        s.handle(.enter, now: 0)               // the cursor is on I's centre: lift it again
        #expect(s.game.lifted == i)
        s.handle(.character("r"), now: 0)
        s.handle(.escape, now: 0)
        #expect(s.game.poses == session.game.poses)
        s.handle(.character("u"), now: 0)
        #expect(s.game.isOnBoard(i))
    }

    @Test("? shows the help overlay listing every key; any key closes it without acting")
    func help() {
        var m = Midend(screen: session)
        #expect(m.handle(.character("?"), now: 0) == [])
        let text = m.view(width: 100, height: 40, now: 0, style: .blocks256).text
        for line in session.facts.help.all where !line.keys.isEmpty { #expect(text.contains(line.keys + "  ")) }
        _ = m.handle(.character("f"), now: 0)
        #expect(!m.showsHelp)
        #expect(m.screen.game.lifted == nil)
    }

    @Test("q quits, m opens the menu, t the board's hall of fame, n with the name prompt")
    func effects() {
        // The common keys are the midend's: the screen only says which it offers.
        let common = session.facts.commonKeys
        #expect(common.command(for: .character("m")) == .menu)
        #expect(common.command(for: .character("t")) == .fame(naming: false))
        #expect(common.command(for: .character("n")) == .fame(naming: true))
        #expect(common.command(for: .character("U")) == nil && common.command(for: .character("R")) == nil,
                "U picks up the U tile, R turns")
        #expect(common.command(for: .backspace) == nil, "Backspace takes a tile off")
        var s = Played(session)
        #expect(s.handle(.character("q"), now: 0) == [.quit])
    }

    @Test("the screen: status line, tiles with their letters, the board, refusals")
    func view() {
        var s = session
        let canvas = s.view(width: 100, height: 40, now: 0)
        let lines = canvas.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].contains("6x10"))
        #expect(lines[0].contains("0/12 on the board"))
        #expect(lines[0].contains("? help  q quit"))
        for letter in "FILNPTUVWXYZ" { #expect(canvas.text.contains(letter)) }
        #expect(canvas.text.filter { $0 == "." }.count == 59)   // 60 squares, one under the cursor
        s.handle(.character("X"), now: 0)
        for _ in 0..<8 { s.handle(.right, now: 0) }
        s.handle(.enter, now: 0)
        #expect(s.view(width: 100, height: 40, now: 0).text.contains("Doesn't fit there"))
    }

    @Test("a click position maps back to the square drawn there, tiles by their own squares",
          arguments: [(100, 40), (160, 60), (80, 24)])
    func hitMapping(w: Int, h: Int) {
        let canvas = session.view(width: w, height: h, now: 0)
        for c in [Cell(0, 0, 0), Cell(9, 5, 0), Cell(-3, 7, 0)] {
            let p = session.screenPosition(of: c, width: w, height: h)
            #expect(PentominoSession.square(atColumn: p.column, row: p.row, in: canvas) == c)
            // The cell right of that is in the same square (squares are at least
            // 2 columns wide); the status line lies over a square too, one row above the top.
            #expect(PentominoSession.square(atColumn: p.column + 1, row: p.row, in: canvas) == c)
        }
        #expect(PentominoSession.square(atColumn: w, row: 0, in: canvas) == nil)
        let top = PentominoSession.square(atColumn: 0, row: 0, in: canvas)
        let below = PentominoSession.square(atColumn: 0, row: 1, in: canvas)
        #expect(top != nil && below != nil && top!.y >= below!.y)
        let p = session.screenPosition(of: Cell(4, 4, 0), width: w, height: h)
        #expect(canvas[p.column, p.row].id == .floor(x: 4, y: 4))
        let x = session.game.tiles.firstIndex { $0.letter == "X" }!
        let q = session.screenPosition(of: session.game.cells(ofTile: x)[0], width: w, height: h)
        #expect(canvas[q.column, q.row].id == .piece(piece: x, cube: 0, face: .top))
    }

    @Test("completing the board reports it once and shows the banner")
    func solved() {
        var s = PentominoSession(board: PentominoGameTests.tinyBoard)
        var m = Midend(screen: s, now: 0)
        var effects: [GameEffect] = []
        func place(_ letter: Character, _ offset: Cell, _ now: Double) {
            effects += s.apply(.lift(letter), now: now)
            let i = s.game.tiles.firstIndex { $0.letter == letter }!
            let d = offset - s.game.poses[i].offset
            effects += s.apply(.move(dx: d.x, dy: d.y), now: now)
            effects += s.apply(.drop, now: now)
            _ = m.act(now: now) { $0 = s; return [] }   // the midend sees each placing at its time
        }
        place("L", Cell(0, 0, 0), 1)
        #expect(effects == [.moved])
        place("D", Cell(1, 1, 0), 61)
        #expect(effects == [.moved, .moved])
        #expect(s.facts.status.play?.completed == true && s.facts.status.play?.moves == 2, "the completion, for the midend")
        #expect(m.solve == Solved(moves: 2, seconds: 60), "the solve the midend records")
        let lines = m.view(width: 60, height: 20, now: 100, style: .blocks256).text.split(separator: "\n")
        #expect(lines[0].hasPrefix(" tiny    Solved in 1:00, 2 moves. "), "\(lines[0])")
        #expect(!lines.dropFirst().contains { $0.contains("┌") }, "no box over the board")
    }
}

@Suite("PentominoSession pointer")
struct PentominoPointerTests {
    let session = PentominoSession(board: PentominoGameTests.board6x10)

    @Test("press on a tile's square lifts it where it lies, drag carries the grabbed square under the pointer, release puts it down")
    func drag() {
        var s = session
        let i = s.game.tiles.firstIndex { $0.letter == "I" }!
        let grab = s.game.cells(ofTile: i)[0]
        let before = s.game.cells(ofTile: i)
        s.apply(PentominoPointer.press(grab), now: 0)
        #expect(s.game.lifted == i)
        // Lifted in place: the grabbed square stays under the pointer (issue 24).
        #expect(s.game.cells(ofTile: i) == before)
        // Carry it so that the pointer ends on (0, 0): the grabbed square lands there.
        s.apply(PentominoPointer.drag(to: grab + Cell(1, 0, 0)), now: 0)
        s.apply(PentominoPointer.drag(to: Cell(0, 0, 0)), now: 0)
        #expect(s.game.cells(ofTile: i)[0] == Cell(0, 0, 0))
        s.apply(PentominoPointer.release, now: 0)
        #expect(s.game.lifted == nil)
        #expect(s.game.isOnBoard(i) == s.game.cells(ofTile: i).allSatisfy(s.game.boardCells.contains))
    }

    @Test("press on empty space lifts nothing; release then does nothing")
    func pressEmpty() {
        var s = session
        s.apply(PentominoPointer.press(Cell(3, 3, 0)), now: 0)
        s.apply(PentominoPointer.drag(to: Cell(4, 3, 0)), now: 0)
        s.apply(PentominoPointer.release, now: 0)
        #expect(s.game == session.game.with(cursorAt: s.game.cursor))
        #expect(s.game.lifted == nil)
    }

    @Test("click a tile, click it again to turn it, click a square to put it there")
    func clicks() {
        var s = session
        let x = s.game.tiles.firstIndex { $0.letter == "L" }!
        s.apply(PentominoPointer.tap(s.game.cells(ofTile: x)[1]), now: 0)
        #expect(s.game.lifted == x)
        let held = Set(s.game.cells(ofTile: x))
        s.apply(PentominoPointer.tap(s.game.cursor), now: 0)
        #expect(Set(s.game.cells(ofTile: x)) != held)
        s.apply(PentominoPointer.turnOver(s.game.cursor), now: 0)
        s.apply(PentominoPointer.tap(Cell(4, 2, 0)), now: 0)
        #expect(s.game.lifted == nil)
        #expect(s.game.isOnBoard(x))
        #expect(s.game.moves == 1)
    }
}

extension PentominoGame {
    /// The same game with only the cursor moved (for comparing states that differ by it).
    func with(cursorAt cell: Cell) -> PentominoGame {
        var g = self
        let d = cell - g.cursor
        g.apply(.move(dx: d.x, dy: d.y), now: 0)
        return g
    }
}

@Suite("Pentomino help")
struct PentominoHelpTests {
    @Test("on an 80x24 terminal the help lists every key")
    func smallTerminal() {
        let s = PentominoSession(board: PentominoGameTests.board6x10)
        let text = s.helpView(width: 80, height: 24)
        for line in PentominoKeyMap.table().help { #expect(text.contains(line.keys + "  ")) }
        #expect(text.contains("any key closes this help"))
    }
}

@Suite("Pentomino large board")
struct PentominoLargeBoardTests {
    @Test("a large screen draws the board with Scene's renderer; the frame stays put while a tile is carried")
    func large() {
        var s = PentominoSession(board: PentominoGameTests.board6x10)
        let (w, h) = (160, 60)
        let before = s.screenPosition(of: Cell(0, 0, 0), width: w, height: h)
        let compact = s.screenPosition(of: Cell(0, 0, 0), width: 80, height: 24)
        #expect(s.screenPosition(of: Cell(1, 0, 0), width: w, height: h).column - before.column >= 4)
        #expect(s.screenPosition(of: Cell(1, 0, 0), width: 80, height: 24).column - compact.column == 2)
        s.handle(.character("P"), now: 0)
        s.handle(.right, now: 0)
        #expect(s.screenPosition(of: Cell(0, 0, 0), width: w, height: h) == before)
        let canvas = s.view(width: w, height: h, now: 0)
        let p = s.game.tiles.firstIndex { $0.letter == "P" }!
        #expect(canvas.cells.contains { if case .piece(p, _, _) = $0.id { true } else { false } })
        #expect(!canvas.text.contains("["))
        s.handle(.enter, now: 0)            // put down (or back, if it does not fit): cursor shows again
        #expect(s.view(width: w, height: h, now: 0).text.contains("["))
    }
}

@Suite("Pentomino board size")
struct PentominoBoardSizeTests {
    /// The squares the picture uses on a screen of this size: columns and rows per square.
    static func squareSize(_ board: Figure, width: Int, height: Int) -> (Int, Int) {
        let s = PentominoSession(board: board)
        let a = s.screenPosition(of: Cell(0, 0, 0), width: width, height: height)
        let b = s.screenPosition(of: Cell(1, 1, 0), width: width, height: height)
        return (b.column - a.column, a.row - b.row)
    }

    @Test("the board grows with the screen, its squares twice as wide as high: compact at 80x24, 4x2 at 120x40, 6x3 at 200x60",
          arguments: ["6x10", "5x12", "4x15", "3x20", "8x8-hole"])
    func fillsTheScreen(name: String) throws {
        let board = try Catalog.figure(named: name)
        #expect(Self.squareSize(board, width: 80, height: 24) == (2, 1))
        #expect(Self.squareSize(board, width: 120, height: 40) == (4, 2))
        #expect(Self.squareSize(board, width: 200, height: 60) == (6, 3))
        #expect(Self.squareSize(board, width: 300, height: 90) == (10, 5) || name != "6x10")
    }

    @Test("at 120x40 the play area fills the window: the board is 41x13 characters, the tiles reach near the edges")
    func playAreaFills() throws {
        let s = PentominoSession(board: try Catalog.figure(named: "6x10"))
        let canvas = s.view(width: 120, height: 40, now: 0)
        var columns: [Int] = [], rows: [Int] = []
        for row in 1..<39 {
            for column in 0..<120 {
                if case .piece = canvas[column, row].id { columns.append(column); rows.append(row) }
            }
        }
        let (left, right) = (columns.min()!, columns.max()!), (top, bottom) = (rows.min()!, rows.max()!)
        // The play area (tiles and a margin of one square, 4 columns by 2 rows) is centred.
        #expect(left <= 16 && right >= 103, "tiles span columns \(left)...\(right)")
        #expect(top <= 6 && bottom >= 32, "tiles span rows \(top)...\(bottom)")
        // The board itself: 10 squares of 4 columns and 6 of 2 rows, with its grid lines.
        let board = (0..<40).flatMap { row in (0..<120).compactMap { column -> (Int, Int)? in
            if case .floor = canvas[column, row].id { (column, row) } else { nil }
        } }
        #expect(board.map(\.0).max()! - board.map(\.0).min()! + 1 == 41)
        #expect(board.map(\.1).max()! - board.map(\.1).min()! + 1 == 13)
    }

    @Test("one letter per tile on a large screen; the carried tile is on the grid, framed heavily, not dotted")
    func oneLetterPerTile() throws {
        var s = PentominoSession(board: try Catalog.figure(named: "6x10"))
        let picture = s.view(width: 200, height: 60, now: 0).text.split(separator: "\n").dropFirst().dropLast().joined()
        for letter in "FILNPTUVWXYZ" { #expect(picture.filter { $0 == letter }.count == 1, "\(letter)") }
        s.handle(.character("X"), now: 0)
        let x = s.game.tiles.firstIndex { $0.letter == "X" }!
        let canvas = s.view(width: 200, height: 60, now: 0)
        // Every square of X is drawn where the grid puts it (its middle is X's), and no dots.
        for c in s.game.cells(ofTile: x) {
            let p = s.screenPosition(of: c, width: 200, height: 60)
            guard case .piece(x, _, _) = canvas[p.column, p.row].id else { Issue.record("X not drawn on \(c)"); continue }
        }
        #expect(canvas.text.contains("┏") && !canvas.text.contains("·"))
    }

    @Test("after a refused drop, h replaces the refusal with the hint's progress, then its answer")
    func newActionReplacesMessage() throws {
        var s = PentominoSession(board: try Catalog.figure(named: "6x10"))
        s.handle(.character("X"), now: 0)
        for _ in 0..<8 { s.handle(.right, now: 0) }
        s.handle(.enter, now: 0)
        #expect(s.view(width: 120, height: 40, now: 0).text.contains("Doesn't fit there"))
        let effects = s.handle(.character("h"), now: 1)
        let bottom = { (s: PentominoSession) in String(s.view(width: 120, height: 40, now: 1).text.split(separator: "\n").last!) }
        #expect(!bottom(s).contains("Doesn't fit"), "\(bottom(s))")
        #expect(bottom(s).contains("Hint: counting solutions"), "\(bottom(s))")
        guard case .computeHint(let request)? = effects.first else { Issue.record("no hint asked: \(effects)"); return }
        s.hintArrived(try #require(request.run()), now: 2)
        #expect(!bottom(s).contains("Doesn't fit") && bottom(s).contains("try "), "\(bottom(s))")
    }
}
