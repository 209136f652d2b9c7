import Polycube
import Scene

/// What the pentomino screen needs of a picture of its board: draw it, and say where a square is
/// on screen (for the cursor and the tests' pointers). Which square a screen position shows is
/// not asked of the picture but read from what it drew: `draw` lays the ground of every cell of
/// the canvas (`Canvas.ground`, the square the cell lies over). `BoardPicture` (Scene's board
/// renderer, squares 4 to 8 columns wide) when it fits, `CompactBoardPicture` otherwise.
protocol FlatBoardPicture {
    /// Draws the board, with tile squares carrying `.piece(piece: tile, cube: square, face:
    /// .top)` ids and board squares `.floor(x:y:)`, and lays the ground of every canvas cell.
    func draw(into canvas: inout Canvas, style: RenderStyle)
    /// The middle of square `cell` on screen.
    func screenPosition(of cell: Cell) -> (column: Int, row: Int)
}

extension BoardPicture: FlatBoardPicture {}

/// The compact picture of the board: each square two columns by one row, which looks square in
/// most terminal fonts and fits the play area of the 6x10 board on an 80x24 terminal. The whole
/// play area is centred when it fits, otherwise the board itself is.
struct CompactBoardPicture: FlatBoardPicture {
    let game: PentominoGame
    let area: Rect
    /// A hint's suggested tile, drawn as a ghost where it could go.
    let ghost: (letter: Character, cells: [Cell])?

    /// Columns per square.
    static let squareWidth = 2

    func screenPosition(of cell: Cell) -> (column: Int, row: Int) {
        let (lo, hi) = game.area
        let w = (hi.x - lo.x + 1) * Self.squareWidth, h = hi.y - lo.y + 1
        let b = Bounds(Array(game.boardCells))
        let midX = w <= area.width ? Double(lo.x + hi.x + 1) / 2 : Double(b.lo.x + b.hi.x + 1) / 2
        let midY = h <= area.height ? Double(lo.y + hi.y + 1) / 2 : Double(b.lo.y + b.hi.y + 1) / 2
        let column = area.column + area.width / 2 + Int(((Double(cell.x) - midX) * Double(Self.squareWidth)).rounded(.down))
        let row = area.row + area.height / 2 - Int((Double(cell.y) + 1 - midY).rounded(.down))
        return (column, row)
    }

    /// The same squares as a board layout (a square two columns wide, one row high, its row being
    /// that of its top grid line), to lay the ground with.
    var layout: BoardLayout {
        let origin = screenPosition(of: .origin)
        return BoardLayout(squareWidth: Self.squareWidth, squareHeight: 1, originColumn: origin.column,
                           originRow: origin.row, minX: 0, maxY: 0)
    }

    /// Board squares as dim dots, the hint's ghost, the tiles (the one in hand on top, its shadow
    /// one step right and down), the cursor. Tile squares carry `.piece(piece: tile, cube:
    /// square, face: .top)` ids, board squares `.floor(x:y:)`; every cell's ground is its square.
    func draw(into canvas: inout Canvas, style: RenderStyle) {
        let area = self.area
        layout.layGround(under: &canvas)
        func put(_ text: String, at cell: Cell, style: TextStyle, id: HitID) {
            let p = screenPosition(of: cell)
            guard area.contains(column: p.column, row: p.row) else { return }
            canvas.put(text, column: p.column, row: p.row, style: style, id: id)
        }
        for c in game.boardCells {
            let squareStyle = style.colors == .none ? TextStyle(dim: true)
                                                    : TextStyle(foreground: .index(244), background: .index(236))
            put(" .", at: c, style: squareStyle, id: .floor(x: c.x, y: c.y))
        }
        let plain = style.colors == .none
        // The hint's suggestion: a ghost of the tile where it could go, dotted in its colour
        // (the tile in hand is shaded `▓▓` and casts a shadow: the two never look alike).
        if let ghost {
            let tile = game.tiles.first { $0.letter == ghost.letter }
            let colour = tile.map { PiecePalette.terminalColor($0.color, level: 3, colors: style.colors, scheme: style.palette) } ?? .index(15)
            let anchor = PentominoGame.anchor(of: ghost.cells)
            for c in ghost.cells where game.tile(at: c) == nil {
                put(c == anchor ? "\(ghost.letter)·" : "··", at: c, style: TextStyle(foreground: colour),
                    id: .floor(x: c.x, y: c.y))
            }
        }
        // The tile in hand is raised: its shadow falls one step right and down.
        if let l = game.lifted, !plain {
            for c in game.cells(ofTile: l) {
                let p = screenPosition(of: c)
                guard area.contains(column: p.column + 1, row: p.row + 1) else { continue }
                var cell = canvas[p.column + 1, p.row + 1]
                cell.style.dim = true
                canvas[p.column + 1, p.row + 1] = cell
                if cell.glyph == " " || cell.glyph == "." { canvas.put("░", column: p.column + 1, row: p.row + 1, style: TextStyle(dim: true), id: cell.id) }
            }
        }
        // Tiles at rest first, then the one in hand on top.
        let order = game.tiles.indices.filter { $0 != game.lifted } + (game.lifted.map { [$0] } ?? [])
        for i in order {
            let tile = game.tiles[i]
            let centre = tile.shape.centralCube
            let lifted = i == game.lifted
            // A tile in hand that could not go down here shows it before it is let go.
            let blocked = lifted && game.dropProblem != nil
            // A tile a refused drop just sent back flashes in reverse: here it is again.
            let bounced = i == game.bounced
            for (k, c) in game.cells(ofTile: i).enumerated() {
                let colour: TerminalColor = blocked ? .index(style.colors == .xterm256 ? 196 : 9)
                    : PiecePalette.terminalColor(tile.color, level: 3, colors: style.colors, scheme: style.palette)
                var text = TextStyle(foreground: colour, bold: lifted || bounced, reverse: (k == centre) != bounced && !plain)
                // A tile fixed by the puzzle lies on stone grey, as on the large board, hatched in
                // its own colour: fixed tiles that touch still show where one ends.
                if game.isFixed(i) && !bounced && !plain {
                    text.background = PiecePalette.terminalColor(.neutral, level: 1, colors: style.colors, scheme: style.palette)
                }
                var fill: String = blocked ? "××" : bounced ? "<>" : (plain ? String(repeating: tile.letter, count: 2) : (lifted ? "▓▓" : "██"))
                // Fixed by the puzzle: hatched, not solid, so it never reads as one of the player's.
                if game.isFixed(i) && !bounced { fill = plain ? "//" : "▒▒" }
                if game.isFixed(i) && !bounced && k == centre { text.reverse = false }
                put(k == centre ? "\(tile.letter) " : fill, at: c, style: text, id: .piece(piece: i, cube: k, face: .top))
            }
        }
        // The cursor: brackets on an empty square, underlined on a tile.
        let p = screenPosition(of: game.cursor)
        if area.contains(column: p.column, row: p.row) {
            var cell = canvas[p.column, p.row]
            if game.tile(at: game.cursor) == nil {
                canvas.put("[]", column: p.column, row: p.row, style: TextStyle(bold: true), id: cell.id)
            } else {
                cell.style.underline = true
                canvas[p.column, p.row] = cell
            }
        }
    }
}
