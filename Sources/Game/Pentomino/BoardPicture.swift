import Polycube
import Scene

/// The pentomino board drawn by Scene's board renderer (squares 4 to 8 columns wide, tiles
/// outlined as one shape, the tile in hand lifted over its drop target), placed so that the
/// whole play area (board, tiles around it, margin) stays put on screen while tiles move: the
/// renderer centres what it is given, so its picture is shifted onto the game's fixed frame.
///
/// Only for screens large enough for squares at least 4 columns wide; smaller screens use the
/// session's compact picture.
struct BoardPicture {
    let game: PentominoGame
    /// Where the board's grid lines are on the screen.
    let layout: BoardLayout
    let area: Rect
    /// A hint's suggested tile, drawn as a ghost where it could go.
    let ghost: (letter: Character, cells: [Cell])?

    /// The picture for `area`, or nil when the play area does not fit with 4-column squares.
    init?(game: PentominoGame, area: Rect, ghost: (letter: Character, cells: [Cell])? = nil) {
        let (lo, hi) = game.area
        let columns = hi.x - lo.x + 1, rows = hi.y - lo.y + 1
        guard let w = stride(from: 8, through: 4, by: -2).first(where: { columns * $0 + 2 <= area.width && rows * $0 / 2 + 2 <= area.height })
        else { return nil }
        self.game = game
        self.area = area
        self.ghost = ghost
        layout = BoardLayout(squareWidth: w, squareHeight: w / 2,
                             originColumn: area.column + (area.width - columns * w - 1) / 2,
                             originRow: area.row + (area.height - rows * w / 2 - 1) / 2,
                             minX: lo.x, maxY: hi.y)
    }

    /// The model the renderer draws: the board's squares and every tile; the one in hand marked
    /// selected (drawn lifted), and invalid when it could not go down where it is.
    var model: BoardModel {
        let tiles = game.tiles.indices.map { i -> ScenePiece in
            var marks: ScenePiece.Marks = []
            if i == game.lifted {
                marks.insert(.selected)
                if game.dropProblem != nil { marks.insert(.invalid) }
            }
            // A tile a refused drop just sent back is marked until the next command.
            if i == game.bounced { marks.insert(.invalid) }
            return ScenePiece(id: i, cells: game.cells(ofTile: i), color: game.tiles[i].color, marks: marks,
                              label: game.tiles[i].letter)
        }
        let ghosts = ghost.map { ghost -> [ScenePiece] in
            let color = game.tiles.first { $0.letter == ghost.letter }?.color ?? PiecePalette.color(for: ghost.letter, in: game.board.pieceSet)
            return [ScenePiece(id: game.tiles.count, cells: ghost.cells, color: color, marks: .hint, label: ghost.letter)]
        } ?? []
        return BoardModel(squares: game.boardCells.sorted(), tiles: ghosts + tiles)
    }

    func draw(into canvas: inout Canvas, style: RenderStyle) {
        let frame = BoardRenderer.render(model, width: area.width, height: area.height, style: style,
                                         squareWidth: layout.squareWidth)
        // Shift the renderer's picture (laid out on its own bounds) onto our fixed layout.
        let drawn = frame.layout
        let dc = (layout.originColumn - area.column) - drawn.originColumn + (drawn.minX - layout.minX) * layout.squareWidth
        let dr = (layout.originRow - area.row) - drawn.originRow + (layout.maxY - drawn.maxY) * layout.squareHeight
        for r in 0..<area.height {
            for c in 0..<area.width {
                let (sc, sr) = (c - dc, r - dr)
                guard frame.canvas.contains(column: sc, row: sr) else { continue }
                canvas[area.column + c, area.row + r] = frame.canvas[sc, sr]
            }
        }
        if game.lifted == nil { drawCursor(into: &canvas) }
        // Every cell of the screen lies over a square of this layout: where a drag lands.
        layout.layGround(under: &canvas)
    }

    /// The cursor: brackets inside its square, on the middle row. With a tile in hand the drop
    /// target under it already shows where the cursor is.
    private func drawCursor(into canvas: inout Canvas) {
        let p = screenPosition(of: game.cursor)
        let left = layout.column(ofLineX: game.cursor.x) + 1, right = layout.column(ofLineX: game.cursor.x + 1) - 1
        for (column, glyph) in [(left, "["), (right, "]")] where area.contains(column: column, row: p.row) {
            var cell = canvas[column, p.row]
            cell.glyph = Character(glyph)
            cell.style.bold = true
            canvas[column, p.row] = cell
        }
    }

    /// The middle of square `cell` on screen.
    func screenPosition(of cell: Cell) -> (column: Int, row: Int) {
        (layout.column(ofLineX: cell.x) + layout.squareWidth / 2, layout.row(ofLineY: cell.y + 1) + layout.squareHeight / 2)
    }
}
