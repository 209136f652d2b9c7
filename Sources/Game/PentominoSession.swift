import Polycube
import Scene

/// One sitting at a pentomino board: the game, the help overlay, and the flat picture. This is
/// what the terminal loop owns for `soma pento`: keys and pointer events go in, a `Canvas` comes
/// out, and `SessionEffect`s tell the loop what else to do.
public struct PentominoSession: Sendable, Equatable {
    public private(set) var game: PentominoGame
    public private(set) var showsHelp = false
    /// During a drag: the board cell under the pointer at the last report.
    private var grab: Cell?

    public init(board: Figure, layoutSeed: UInt64 = 0) {
        game = PentominoGame(board: board, layoutSeed: layoutSeed)
    }

    /// Resumes a game (from `Progress.resume(board:)`).
    public init(game: PentominoGame) {
        self.game = game
    }

    /// Handles a key at time `now`.
    @discardableResult
    public mutating func handle(_ key: GameKey, now: Double) -> [SessionEffect] {
        if showsHelp {
            showsHelp = false
            return []
        }
        switch PentominoKeyMap.action(for: key) {
        case .command(let command): return apply(command, now: now)
        case .dropOrLift: return apply(game.lifted == nil ? .liftAtCursor : .drop, now: now)
        case .help: showsHelp = true
        case .menu: return [.openMenu]
        case .quit: return [.quit]
        case nil: break
        }
        return []
    }

    /// Carries out a game command (the pointer director sends these too).
    @discardableResult
    public mutating func apply(_ command: PentominoCommand, now: Double) -> [SessionEffect] {
        let wasSolved = game.solved != nil
        game.apply(command, now: now)
        if !wasSolved, let solved = game.solved { return [.solved(figure: game.board.name, solved)] }
        return []
    }

    /// Applies a pointer report from the gesture director.
    @discardableResult
    mutating func apply(_ pointer: PentominoPointer, now: Double) -> [SessionEffect] {
        switch pointer {
        case .press(let cell):
            guard game.tile(at: cell) != nil else { return [] }
            grab = cell
            return apply(.liftAt(cell), now: now)
        case .drag(let cell):
            guard let last = grab, game.lifted != nil else { return [] }
            grab = cell
            return apply(.move(dx: cell.x - last.x, dy: cell.y - last.y), now: now)
        case .release:
            guard grab != nil else { return [] }
            grab = nil
            return game.lifted == nil ? [] : apply(.drop, now: now)
        case .tap(let cell):
            guard let lifted = game.lifted else { return apply(.liftAt(cell), now: now) }
            if game.tile(at: cell) == lifted { return apply(PentominoCommand.turn(clockwise: true), now: now) }
            var effects = apply(.move(dx: cell.x - game.cursor.x, dy: cell.y - game.cursor.y), now: now)
            effects += apply(.drop, now: now)
            return effects
        case .doubleTap:
            return game.lifted == nil ? [] : apply(.turnOver, now: now)
        case .turn(let clockwise):
            return apply(PentominoCommand.turn(clockwise: clockwise), now: now)
        }
    }

    // MARK: The screen

    /// Each board square is two columns by one row, which looks square in most terminal fonts.
    static let squareWidth = 2

    /// Where the picture goes on a `width` x `height` screen: between the status and feedback lines.
    static func pictureArea(width: Int, height: Int) -> Rect {
        Rect(column: 0, row: 1, width: width, height: max(0, height - 2))
    }

    /// The large picture, when the screen has room for it.
    private func boardPicture(width: Int, height: Int) -> BoardPicture? {
        BoardPicture(game: game, area: Self.pictureArea(width: width, height: height))
    }

    /// A screen position inside square `cell`, for a screen of this size.
    func screenPosition(of cell: Cell, width: Int, height: Int) -> (column: Int, row: Int) {
        if let picture = boardPicture(width: width, height: height) { return picture.screenPosition(of: cell) }
        return compactPosition(of: cell, width: width, height: height)
    }

    /// The compact picture: each square two columns by one row, which fits the play area of the
    /// 6x10 board on an 80x24 terminal.
    private func compactPosition(of cell: Cell, width: Int, height: Int) -> (column: Int, row: Int) {
        let area = Self.pictureArea(width: width, height: height)
        let (lo, hi) = game.area
        let w = (hi.x - lo.x + 1) * Self.squareWidth, h = hi.y - lo.y + 1
        // Centre the whole play area when it fits, otherwise keep the board itself centred.
        let b = Bounds(Array(game.boardCells))
        let midX = w <= area.width ? Double(lo.x + hi.x + 1) / 2 : Double(b.lo.x + b.hi.x + 1) / 2
        let midY = h <= area.height ? Double(lo.y + hi.y + 1) / 2 : Double(b.lo.y + b.hi.y + 1) / 2
        let column = area.column + area.width / 2 + Int(((Double(cell.x) - midX) * Double(Self.squareWidth)).rounded(.down))
        let row = area.row + area.height / 2 - Int((Double(cell.y) + 1 - midY).rounded(.down))
        return (column, row)
    }

    /// The board cell drawn at a screen position: what a click means (the inverse of
    /// `screenPosition`). Any position maps to a cell, on the board or not.
    public func cell(atColumn column: Int, row: Int, width: Int, height: Int) -> Cell {
        if let picture = boardPicture(width: width, height: height) { return picture.cell(atColumn: column, row: row) }
        let origin = compactPosition(of: .origin, width: width, height: height)
        let dx = column - origin.column
        let x = dx >= 0 ? dx / Self.squareWidth : -((-dx + Self.squareWidth - 1) / Self.squareWidth)
        return Cell(x, origin.row - row, 0)
    }

    /// The whole screen for a terminal of `width` columns and `height` rows at time `now`, in
    /// the colours `style` allows. Tile squares carry `.piece(piece: tile index, cube: square
    /// index, face: 4)` ids, board squares `.floor(x:y:)`.
    public func view(width: Int, height: Int, now: Double, style: RenderStyle = .blocks256) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        drawBoard(into: &canvas, style: style)
        let status = [game.board.name, "\(game.tilesOnBoard)/\(game.tiles.count) on the board",
                      "moves \(game.moves)", Panels.clock(game.elapsed(now: now))]
        Panels.statusLine(status, trailing: "? help  q quit", width: width, row: 0, into: &canvas)
        let hint = game.lifted == nil ? "letter: pick up a tile   Space: pick up under cursor"
                                      : "arrows: carry   r/e: turn   o: turn over   Space: put down   Esc: put back"
        Panels.feedback(game.feedback, fallback: hint, width: width, row: height - 1, into: &canvas)
        let area = Self.pictureArea(width: width, height: height)
        if let solved = game.solved, game.isComplete {
            Panels.box(title: "Solved!", lines: ["\(solved.moves) moves in \(Panels.clock(solved.seconds))"],
                       in: area, into: &canvas)
        }
        if showsHelp { Panels.help(PentominoKeyMap.bindings, title: "Pentominoes: keys", in: area, into: &canvas) }
        return canvas
    }

    private func drawBoard(into canvas: inout Canvas, style: RenderStyle) {
        let (width, height) = (canvas.width, canvas.height)
        if let picture = boardPicture(width: width, height: height) {
            picture.draw(into: &canvas, style: style)
            return
        }
        let area = Self.pictureArea(width: width, height: height)
        func put(_ text: String, at cell: Cell, style: TextStyle, id: HitID) {
            let p = compactPosition(of: cell, width: width, height: height)
            guard area.contains(column: p.column, row: p.row) else { return }
            canvas.put(text, column: p.column, row: p.row, style: style, id: id)
        }
        for c in game.boardCells {
            let squareStyle = style.colors == .none ? TextStyle(dim: true)
                                                    : TextStyle(foreground: .index(244), background: .index(236))
            put(" .", at: c, style: squareStyle, id: .floor(x: c.x, y: c.y))
        }
        // Tiles at rest first, then the one in hand on top.
        let order = game.tiles.indices.filter { $0 != game.lifted } + (game.lifted.map { [$0] } ?? [])
        for i in order {
            let tile = game.tiles[i]
            let centre = tile.shape.centralCube
            let lifted = i == game.lifted
            // A tile in hand that could not go down here shows it before it is let go.
            let blocked = lifted && game.dropProblem != nil
            let plain = style.colors == .none
            for (k, c) in game.cells(ofTile: i).enumerated() {
                let colour: TerminalColor = blocked ? .index(style.colors == .xterm256 ? 196 : 9)
                    : PiecePalette.terminalColor(tile.color, level: 3, colors: style.colors)
                let text = TextStyle(foreground: colour, bold: lifted, reverse: k == centre && !plain)
                let fill: String = blocked ? "××" : (plain ? String(repeating: tile.letter, count: 2) : (lifted ? "▓▓" : "██"))
                put(k == centre ? "\(tile.letter) " : fill, at: c, style: text, id: .piece(piece: i, cube: k, face: 4))
            }
        }
        // The cursor: brackets on an empty square, underlined on a tile.
        let p = compactPosition(of: game.cursor, width: width, height: height)
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
