import Polycube
import Scene

/// The pentomino board drawn by Scene's board renderer (tiles outlined as one shape, the tile in
/// hand framed on the squares it would drop onto), as large as the screen allows: the whole play
/// area (board, tiles around it, margin) fills the window, each square `2h` columns by `h` rows
/// (a terminal cell is about twice as tall as wide, so that looks square). The play area stays
/// put on screen while tiles move: the renderer centres what it is given, so its picture is
/// shifted onto the game's fixed frame.
///
/// Only for screens large enough for squares of 4 by 2; smaller screens use the session's
/// compact picture.
struct BoardPicture {
    let game: PentominoGame
    /// Where the board's grid lines are on the screen.
    let layout: BoardLayout
    let area: Rect
    /// A hint's suggested tile, drawn as a ghost where it could go.
    let ghost: (letter: Character, cells: [Cell])?

    /// The picture for `area`, or nil when the play area does not fit with squares of 4 by 2.
    init?(game: PentominoGame, area: Rect, ghost: (letter: Character, cells: [Cell])? = nil) {
        let (lo, hi) = game.area
        let columns = hi.x - lo.x + 1, rows = hi.y - lo.y + 1
        guard let h = Self.squareHeight(columns: columns, rows: rows, in: area) else { return nil }
        let w = 2 * h
        self.game = game
        self.area = area
        self.ghost = ghost
        layout = BoardLayout(squareWidth: w, squareHeight: h,
                             originColumn: area.column + (area.width - columns * w - 1) / 2,
                             originRow: area.row + (area.height - rows * h - 1) / 2,
                             minX: lo.x, maxY: hi.y)
    }

    /// The largest square height (rows; the width is twice that) at which a play area of
    /// `columns` by `rows` squares and their grid lines fit in `area`, or nil below 2.
    static func squareHeight(columns: Int, rows: Int, in area: Rect) -> Int? {
        guard columns > 0, rows > 0 else { return nil }
        let h = min((area.width - 1) / (2 * columns), (area.height - 1) / rows)
        return h >= 2 ? h : nil
    }

    /// The model the renderer draws: the board's squares and every tile; the one in hand marked
    /// selected (drawn framed, over the rest), and invalid when it could not go down where it is.
    var model: BoardModel {
        let tiles = game.tiles.indices.map { i -> ScenePiece in
            var marks: ScenePiece.Marks = []
            if i == game.lifted {
                marks.insert(.selected)
                if game.dropProblem != nil { marks.insert(.invalid) }
            }
            // A tile a refused drop just sent back is marked until the next command.
            if i == game.bounced { marks.insert(.invalid) }
            // A tile the puzzle fixed in place is drawn as stone, not as one of the player's.
            if game.isFixed(i) { marks.insert(.fixed) }
            return ScenePiece(id: i, cells: game.cells(ofTile: i), color: game.tiles[i].color, marks: marks,
                              label: game.tiles[i].letter)
        }
        let ghosts = ghost.map { ghost -> [ScenePiece] in
            let color = game.tiles.first { $0.letter == ghost.letter }?.color ?? PiecePalette.color(for: ghost.letter, in: game.board.pieceSet)
            return [ScenePiece(id: SceneObjectID.hint.id, cells: ghost.cells, color: color, marks: .hint, label: ghost.letter)]
        } ?? []
        return BoardModel(squares: game.boardCells.sorted(), tiles: ghosts + tiles)
    }

    func draw(into canvas: inout Canvas, style: RenderStyle) {
        let frame = BoardRenderer.render(model, width: area.width, height: area.height, style: style,
                                         squareWidth: layout.squareWidth, squareHeight: layout.squareHeight)
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
