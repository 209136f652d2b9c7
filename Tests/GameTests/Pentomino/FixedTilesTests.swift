@testable import Polycube
import Scene
import Testing
@testable import Game

/// A puzzle's fixed tiles (the board's pre-placed pieces, as in the daily pentomino puzzle):
/// on the board from the start, and nothing the player does moves them.
@Suite("Pentomino fixed tiles")
struct FixedTilesTests {
    /// The 6x10 board with X fixed near the left end and I along the top right.
    static let xCells = [Cell(2, 1, 0), Cell(1, 2, 0), Cell(2, 2, 0), Cell(3, 2, 0), Cell(2, 3, 0)]
    static let iCells = (5...9).map { Cell($0, 5, 0) }
    static let board = Figure(name: "fixed 6x10", cells: PentominoGameTests.board6x10.cells, pieceSet: .pentominoes,
                              preplaced: [("X", xCells), ("I", iCells)])
    let game = PentominoGame(board: board)
    var x: Int { game.tiles.firstIndex { $0.letter == "X" }! }
    var i: Int { game.tiles.firstIndex { $0.letter == "I" }! }

    @Test("fixed tiles start on the board where the puzzle put them; the others around it")
    func start() {
        #expect(Set(game.cells(ofTile: x)) == Set(Self.xCells))
        #expect(Set(game.cells(ofTile: i)) == Set(Self.iCells))
        #expect(game.fixedCount == 2 && game.isFixed(x) && game.isFixed(i))
        #expect(game.tilesOnBoard == 0)
        let free = game.tiles.indices.filter { !game.isFixed($0) }
        #expect(free.count == 10)
        for t in free { #expect(!game.cells(ofTile: t).contains(where: game.boardCells.contains)) }
        // The solver is asked about the player's tiles only: the board has the fixed ones.
        #expect(game.placedPlacements.isEmpty)
        #expect((game.hintRequest()?.run()?.completions ?? 0) > 0)
    }

    @Test("a fixed tile cannot be picked up by its letter, by a click, at the cursor, or by Tab; the bottom line says why")
    func cannotLift() {
        var g = game
        let before = g.poses
        g.apply(.lift("X"), now: 1)
        #expect(g.lifted == nil && g.poses == before)
        #expect(g.feedback == .refused(.fixedTile("X")))
        #expect(Refusal.fixedTile("X").message == "X is fixed in place: it is part of the puzzle")
        g.apply(.liftAt(Cell(5, 5, 0)), now: 2)
        #expect(g.lifted == nil && g.feedback == .refused(.fixedTile("I")))
        #expect(g.bounced == i, "the fixed tile is marked, so the player sees which")
        // The cursor is on the I now (the click moved it there).
        g.apply(.liftAtCursor, now: 3)
        #expect(g.lifted == nil && g.feedback == .refused(.fixedTile("I")))
        g.apply(.takeOff, now: 3)
        #expect(g.poses == before && g.feedback == .refused(.fixedTile("I")))
        g.apply(.place(tile: x, Placement(piece: "X", offset: Cell(6, 1, 0))), now: 4)
        #expect(g.poses == before && g.feedback == .refused(.fixedTile("X")))
        var seen = Set<Int>()
        for _ in 0..<24 {
            g.apply(.liftNext(forward: true), now: 5)
            if let l = g.lifted { seen.insert(l) }
        }
        #expect(seen.count == 10 && !seen.contains(x) && !seen.contains(i))
        #expect(g.moves == 0)
    }

    @Test("a tile cannot go down on a fixed one; clearing the board and undoing never move a fixed tile")
    func clearAndUndo() throws {
        var g = game
        let fixedBefore = [g.poses[x], g.poses[i]]
        // The hint's tile where the hint says: a legal move.
        let suggestion = try #require(g.hintRequest()?.run()?.suggestion)
        #expect(suggestion.piece != "X" && suggestion.piece != "I", "a fixed tile is never the hint")
        let l = g.tiles.firstIndex { $0.letter == suggestion.piece }!
        g.apply(.place(tile: l, suggestion), now: 1)
        #expect(g.isOnBoard(l) && g.tilesOnBoard == 1 && g.moves == 1)
        // Another tile onto the X's squares: refused, and it goes back.
        let other: Character = suggestion.piece == "P" ? "U" : "P"
        let p = g.tiles.firstIndex { $0.letter == other }!
        let pHome = g.poses[p]
        g.apply(.place(tile: p, Placement(piece: other, offset: Cell(1, 2, 0))), now: 2)
        #expect(g.poses[p] == pHome && g.feedback == .refused(.overlap("X")))
        // Undo and redo are the midend's (issue 22): played through it, from the moves above.
        var played = Played(g)
        played.apply(.clearBoard, now: 3)
        #expect(!played.game.isOnBoard(l) && [played.game.poses[x], played.game.poses[i]] == fixedBefore)
        for _ in 0..<5 { played.apply(.undo, now: 4) }
        #expect([played.game.poses[x], played.game.poses[i]] == fixedBefore)
        #expect(played.game.isOnBoard(l), "the clearing is undone")
        #expect(played.midend.said == .refused(.nothingToUndo))
        for _ in 0..<5 { played.apply(.redo, now: 5) }
        #expect([played.game.poses[x], played.game.poses[i]] == fixedBefore && played.game.isOnBoard(x) && played.game.isOnBoard(i))
        #expect(!played.game.isOnBoard(l), "the clearing is redone")
    }

    @Test("a saved game that moved a fixed tile is not resumed")
    func resume() {
        var moved = game.poses
        #expect(PentominoGame(board: Self.board, poses: moved) != nil)
        moved[x].offset = moved[x].offset + Cell(4, 0, 0)
        #expect(PentominoGame(board: Self.board, poses: moved) == nil)
    }

    @Test("the picture draws fixed tiles in stone grey, the player's in their colour; the status line counts them apart")
    func picture() throws {
        var session = PentominoSession(game: game)
        let canvas = session.view(width: 120, height: 40, now: 0, style: .blocks256)
        let top = (0..<120).map { String(canvas[$0, 0].glyph) }.joined()
        #expect(top.contains("0/10 placed, 2 fixed (grey)"), "\(top)")
        // Every cell of the X's squares (inside its outline) has the neutral grey background;
        // no cell of a free tile has.
        let grey = PiecePalette.terminalColor(.neutral, level: 1, colors: .xterm256, scheme: .standard)
        var xCells = 0, greyElsewhere = 0
        for r in 0..<40 {
            for c in 0..<120 {
                guard case let .piece(tile, _, _) = canvas[c, r].id else { continue }
                if tile == x && canvas[c, r].style.background == grey { xCells += 1 }
                if !game.isFixed(tile) && canvas[c, r].style.background == grey { greyElsewhere += 1 }
            }
        }
        #expect(xCells > 20 && greyElsewhere == 0, "\(xCells) \(greyElsewhere)")
        // On the compact board (80x24) too: grey under the X's squares, hatched in its colour.
        let small = session.view(width: 80, height: 24, now: 0, style: .blocks256)
        var hatched = 0, solidGrey = 0
        for r in 0..<24 {
            for c in 0..<80 {
                guard case let .piece(tile, _, _) = small[c, r].id, small[c, r].style.background == grey else { continue }
                if tile == x && small[c, r].glyph == "▒" { hatched += 1 }
                if !game.isFixed(tile) { solidGrey += 1 }
            }
        }
        #expect(hatched == 8 && solidGrey == 0, "\(hatched) \(solidGrey)")
        // A key that tries to lift a fixed tile is answered on the bottom line.
        session.handle(.character("X"), now: 1)
        let after = session.view(width: 120, height: 40, now: 1, style: .blocks256)
        let bottom = (0..<120).map { String(after[$0, 39].glyph) }.joined()
        #expect(bottom.contains("X is fixed in place: it is part of the puzzle"), "\(bottom)")
    }
}
