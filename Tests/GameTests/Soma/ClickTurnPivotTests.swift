import Gestures
import Polycube
@testable import Scene
import Testing
@testable import Game

/// Click-turns keep the turned piece under the pointer (issue 24): a click on the selected
/// piece turns it about the cube under the pointer, which stays where it is, so the next click
/// lands on the piece again. Turning about the piece's middle, the third click met the floor
/// and deselected it.
@Suite("Soma click-turn pivot")
struct ClickTurnPivotTests {
    /// The first screen cell, row by row, where piece `piece` is drawn with a cube other than
    /// its central one.
    static func spot(_ s: SomaSession, piece: Int, width: Int, height: Int) -> (column: Int, row: Int, cube: Int)? {
        let canvas = s.view(width: width, height: height, now: 0)
        let central = s.game.pieces[piece].shape.centralCube
        for row in 0..<height {
            for column in 0..<width {
                if case let .piece(p, cube, _) = canvas[column, row].id, p == piece, cube != central { return (column, row, cube) }
            }
        }
        return nil
    }

    @Test("three clicks on the same spot of the selected L: each turns it about the cube there, which stays put",
          arguments: [(80, 24), (120, 40)])
    func pivotStaysUnderThePointer(width: Int, height: Int) throws {
        var start = SomaSession(figure: Fixtures.cube)
        start.resize(width: width, height: height)
        start.apply(.select(.number(2)), now: 0)
        start.apply(.move(Cell(0, 0, 3)), now: 0)   // high above the floor: every turn is free
        let piece = 1
        #expect(start.game.selection == piece && start.game.pieces[piece].letter == "L")
        let spot = try #require(Self.spot(start, piece: piece, width: width, height: height))
        let point = GPoint(x: Double(spot.column) + 0.5, y: Double(spot.row) + 0.5)
        #expect(start.cube(of: piece, at: point) == spot.cube)
        var s = start
        var shapes = [Shape(s.game.cells(ofPiece: piece))]
        for click in 1...3 {
            // What the pointer hits there, as the host's hit test would report it: L, and one
            // of its cubes (after a turn, maybe another one than before, drawn in front).
            let id = s.view(width: width, height: height, now: 0)[spot.column, spot.row].id
            let node = s.node(for: id)
            #expect(node?.raw == piece, "click \(click) lands on L")
            guard case let .piece(_, cube, _) = id else { break }
            #expect(s.cube(of: piece, at: point) == cube)
            let pivot = s.game.cells(ofPiece: piece)[cube]
            s.apply(SomaPointer.tap(piece: node?.raw, at: point), now: Double(click))
            #expect(s.game.selection == piece, "click \(click) keeps L selected")
            #expect(s.game.cells(ofPiece: piece)[cube] == pivot, "click \(click): the cube under the pointer stays put")
            shapes.append(Shape(s.game.cells(ofPiece: piece)))
        }
        // Each click turned it a further quarter turn: L has no symmetry, so four shapes.
        #expect(Set(shapes).count == 4)
        // And it is still under the pointer for a fourth click.
        #expect(s.node(for: s.view(width: width, height: height, now: 0)[spot.column, spot.row].id)?.raw == piece)
        // Without the point (a report from elsewhere) the turn is about the middle, as before.
        var middle = start
        middle.apply(SomaPointer.tap(piece: piece), now: 1)
        let central = start.game.pieces[piece].shape.centralCube
        #expect(middle.game.cells(ofPiece: piece)[central] == start.game.cells(ofPiece: piece)[central])
        #expect(Shape(middle.game.cells(ofPiece: piece)) == shapes[1], "the same turn, about another cube")
    }

    @Test("a point off the picture, on another piece, or not a number names no cube")
    func untrustedPoints() {
        var s = SomaSession(figure: Fixtures.cube)
        s.resize(width: 80, height: 24)
        s.apply(.select(.number(2)), now: 0)
        for point in [GPoint(x: .nan, y: 3), GPoint(x: .infinity, y: 3), GPoint(x: -1, y: 3), GPoint(x: 3, y: 1e300),
                      GPoint(x: 79.5, y: 3.5), GPoint(x: 0.5, y: 0.5)] {
            #expect(s.cube(of: 1, at: point) == nil)
        }
    }
}
