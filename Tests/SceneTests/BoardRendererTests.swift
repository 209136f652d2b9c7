import Testing
import Polycube
@testable import Scene

@Suite struct BoardRendererTests {
    /// A 6x5 board with three pentominoes placed and the L held over an illegal spot.
    static func board(heldLegal: Bool) -> BoardModel {
        let squares = (0..<30).map { Cell($0 % 6, $0 / 6, 0) }
        let set = PieceSet.pentominoes
        func tile(_ letter: Character, _ cells: [Cell], _ marks: ScenePiece.Marks = []) -> ScenePiece {
            ScenePiece(id: set.pieces.firstIndex { $0.letter == letter }!, cells: cells,
                       color: PiecePalette.color(for: letter, in: set), marks: marks, label: letter)
        }
        let held: [Cell] = heldLegal
            ? [Cell(2, 4), Cell(3, 4), Cell(4, 4), Cell(5, 4), Cell(5, 3)]
            : [Cell(3, 1), Cell(4, 1), Cell(5, 1), Cell(6, 1), Cell(6, 2)]
        return BoardModel(squares: squares, tiles: [
            tile("I", [Cell(0, 0), Cell(0, 1), Cell(0, 2), Cell(0, 3), Cell(0, 4)]),
            tile("P", [Cell(1, 0), Cell(2, 0), Cell(1, 1), Cell(2, 1), Cell(1, 2)]),
            tile("U", [Cell(3, 0), Cell(4, 0), Cell(5, 0), Cell(3, 1), Cell(5, 1)]),
            tile("L", held, heldLegal ? .selected : [.selected, .invalid]),
        ])
    }

    @Test(arguments: [false, true])
    func snapshots(legal: Bool) {
        let ascii = BoardRenderer.render(Self.board(heldLegal: legal), width: 40, height: 14, style: .ascii)
        Snapshot.check(ascii.canvas.text, named: "board-ascii-\(legal ? "legal" : "illegal")")
        let blocks = BoardRenderer.render(Self.board(heldLegal: legal), width: 40, height: 14, style: .blocks256)
        Snapshot.check(blocks.canvas.text, named: "board-unicode-\(legal ? "legal" : "illegal")")
    }

    @Test(arguments: [false, true])
    func everyCellHitsWhatIsDrawnThere(legal: Bool) throws {
        let model = Self.board(heldLegal: legal)
        let frame = BoardRenderer.render(model, width: 40, height: 14, style: .blocks256)
        var tiles = 0
        for row in 0..<14 {
            for column in 0..<40 {
                let cell = frame.canvas[column, row]
                let hit = frame.hitTest(column: column, row: row)
                #expect(hit?.id ?? .none == cell.id)
                switch hit?.id {
                case nil:
                    #expect(cell.glyph == " ")
                case let .piece(id, cube, _)?:
                    // Inside a tile, the letter drawn is the tile's, and the point is in that square.
                    let tile = try #require(model.tiles.first { $0.id == id })
                    if cell.glyph.isLetter {
                        tiles += 1
                        #expect(cell.glyph == tile.label)
                        let h = try #require(hit)
                        let square = tile.cells[cube]
                        #expect(Int(h.worldPoint.x.rounded(.down)) == square.x || h.localPoint.x == 1)
                        #expect(Int(h.worldPoint.y.rounded(.down)) == square.y || h.localPoint.y == 1)
                    }
                case let .floor(x, y)?:
                    #expect(model.squares.contains(Cell(x, y, 0)))
                    #expect(!cell.glyph.isLetter)
                default:
                    Issue.record("unexpected id \(String(describing: hit?.id))")
                }
            }
        }
        // 4 tiles of 5 squares, 3x1 letters inside each square at this size.
        #expect(tiles == 20 * 3 * 1 || tiles > 40)
    }

    @Test func smallSquaresAndEmptyBoards() {
        // Asked for squares too small to hold a letter, the renderer uses the smallest that does.
        let small = BoardRenderer.render(Self.board(heldLegal: true), width: 40, height: 14, style: .ascii, squareWidth: 2)
        #expect(small.layout.squareWidth == 4 && small.layout.squareHeight == 2)
        let empty = BoardRenderer.render(BoardModel(squares: []), width: 10, height: 4, style: .blocks256)
        #expect(empty.canvas.text == "\n\n\n")
    }

    @Test func squaresUnderThePointer() {
        let frame = BoardRenderer.render(Self.board(heldLegal: true), width: 40, height: 14, style: .ascii)
        let layout = frame.layout
        let left = layout.column(ofLineX: 2), top = layout.row(ofLineY: 4)
        let hit = layout.square(column: left + 1, row: top + 1)
        #expect(hit.cell == Cell(2, 3, 0))
        // One column into the square (4 wide), on its interior row (the lower of its 2 rows).
        #expect(hit.point.x == 0.375 && hit.point.y == 0.25)
    }
}
