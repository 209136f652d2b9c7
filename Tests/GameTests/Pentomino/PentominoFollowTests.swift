@testable import Polycube
import Testing
@testable import Game

/// A tile picked up by a click follows the pointer with no button held (issue 24 item 6).
@Suite("PentominoSession: the tile in hand follows the pointer")
struct PentominoFollowTests {
    let session = PentominoSession(board: PentominoGameTests.board6x10)

    @Test("clicked up, the tile follows the pointer square by square, its grabbed square under it; a click there puts it down")
    func follows() {
        var s = session
        let i = s.game.tiles.firstIndex { $0.letter == "L" }!
        let grabbed = s.game.cells(ofTile: i)[2]
        let offsets = s.game.cells(ofTile: i).map { $0 - grabbed }
        #expect(!s.followsPointer)
        s.apply(PentominoPointer.tap(grabbed), now: 0)
        #expect(s.game.lifted == i && s.followsPointer)
        for square in [Cell(9, 8, 0), Cell(6, 5, 0), Cell(4, 2, 0)] {
            s.apply(PentominoPointer.hover(square), now: 0)
            #expect(s.game.cells(ofTile: i) == offsets.map { $0 + square })
        }
        #expect(s.game.moves == 0)
        // The pointer is on the tile it carries: the click puts it down there (no turn).
        s.apply(PentominoPointer.tap(Cell(4, 2, 0)), now: 1)
        #expect(s.game.lifted == nil && !s.followsPointer)
        #expect(s.game.cells(ofTile: i) == offsets.map { $0 + Cell(4, 2, 0) })
        #expect(s.game.moves == 1)
        // Nothing in hand: motion moves nothing.
        let before = s.game
        s.apply(PentominoPointer.hover(Cell(1, 1, 0)), now: 2)
        #expect(s.game == before)
    }

    @Test("a click on the tile in hand before the pointer moves still turns it; moved, the next click puts it down")
    func turnThenFollow() {
        var s = session
        let i = s.game.tiles.firstIndex { $0.letter == "L" }!
        s.apply(PentominoPointer.tap(s.game.cells(ofTile: i)[1]), now: 0)
        let held = Set(s.game.cells(ofTile: i))
        s.apply(PentominoPointer.tap(s.game.cursor), now: 0)
        #expect(s.game.lifted == i && Set(s.game.cells(ofTile: i)) != held)
        #expect(s.followsPointer)
        s.apply(PentominoPointer.hover(Cell(4, 2, 0)), now: 0)
        s.apply(PentominoPointer.tap(Cell(4, 2, 0)), now: 0)
        #expect(s.game.lifted == nil)
    }

    @Test("tiles in hand by keys or a drag do not follow the pointer; a key takes a clicked one over")
    func onlyClicked() {
        var s = session
        s.handle(.character("L"), now: 0)
        #expect(s.game.lifted != nil && !s.followsPointer)
        let before = s.game
        s.apply(PentominoPointer.hover(Cell(4, 2, 0)), now: 0)
        #expect(s.game == before)
        s.handle(.escape, now: 0)
        let i = s.game.tiles.firstIndex { $0.letter == "L" }!
        s.apply(PentominoPointer.tap(s.game.cells(ofTile: i)[0]), now: 0)
        #expect(s.followsPointer)
        s.handle(.right, now: 0)
        #expect(s.game.lifted == i && !s.followsPointer)
        s.apply(PentominoPointer.press(s.game.cells(ofTile: i)[0]), now: 0)
        #expect(!s.followsPointer)
    }
}
