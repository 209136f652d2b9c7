import Polycube

/// Draws the flat board view (pentominoes) into a `Canvas`: the board's squares on a quiet
/// grid, the tiles filled with their colour inside box-drawing outlines (no lines between the
/// squares of one tile, so a tile reads as one shape) and labelled once, on the square nearest
/// their middle. The held tile is drawn on the grid, where it would go down, on top of the rest
/// and framed in heavy lines (in red, crossed, where it may not go down); a hint's ghost is the
/// tile's outline shaded lightly in its colour, so the two never look alike. Every cell's ground
/// is the square it lies over (`Canvas.ground`).
public enum BoardRenderer {
    /// Renders the board centred in `width` by `height` cells. `squareWidth` (columns per square,
    /// rounded down to even, at least 4) defaults to the largest from 4 to 8 that fits;
    /// `squareHeight` (rows per square, at least 2) to half the width, which looks square.
    public static func render(_ model: BoardModel, width: Int, height: Int, style: RenderStyle,
                              squareWidth: Int? = nil, squareHeight: Int? = nil) -> BoardFrame {
        let all = model.squares + model.tiles.flatMap(\.cells)
        let box = Bounds(all)
        let lo = box.lo, hi = box.hi
        let columnsWide = hi.x - lo.x + 1, rowsHigh = hi.y - lo.y + 1
        var w = squareWidth.map { max(4, $0 / 2 * 2) } ?? 8
        if squareWidth == nil {
            while w > 4 && (columnsWide * w + 2 > width || rowsHigh * w / 2 + 2 > height) { w -= 2 }
        }
        let h = max(2, squareHeight ?? w / 2)
        let layout = BoardLayout(squareWidth: w, squareHeight: h,
                                 originColumn: (width - columnsWide * w - 1) / 2,
                                 originRow: (height - rowsHigh * h - 1) / 2 + 1,
                                 minX: lo.x, maxY: hi.y)
        var painter = BoardPainter(model: model, layout: layout, style: style, width: width, height: height)
        painter.paint(bounds: (lo, hi))
        layout.layGround(under: &painter.canvas)
        return BoardFrame(canvas: painter.canvas, layout: layout, model: model)
    }
}

/// The drawing behind `BoardRenderer`, with the state one picture needs.
struct BoardPainter {
    let model: BoardModel
    let layout: BoardLayout
    let style: RenderStyle
    var canvas: Canvas
    /// Owner of each square: a tile's index in the model, `board` for a free square.
    private var owners: [Cell: Int] = [:]
    private let held: Int?
    static let board = -1, outside = -2

    init(model: BoardModel, layout: BoardLayout, style: RenderStyle, width: Int, height: Int) {
        self.model = model
        self.layout = layout
        self.style = style
        canvas = Canvas(width: width, height: height)
        held = model.tiles.firstIndex { $0.marks.contains(.selected) }
        for s in model.squares { owners[Cell(s.x, s.y, 0)] = BoardPainter.board }
        for (i, tile) in model.tiles.enumerated() where i != held {
            for c in tile.cells { owners[Cell(c.x, c.y, 0)] = i }
        }
    }

    mutating func paint(bounds: (lo: Cell, hi: Cell)) {
        // Squares, then placed tiles (which cover the lines between their own squares).
        for (cell, owner) in owners.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            if owner == BoardPainter.board {
                fillSquare(cell, glyph: " ", style: .plain, id: .floor(x: cell.x, y: cell.y))
            } else {
                let tile = model.tiles[owner]
                fillSquare(cell, glyph: fillGlyph(tile), style: tileStyle(tile), id: tileID(owner, cell), lines: true)
            }
        }
        for (i, tile) in model.tiles.enumerated() where i != held { label(tile, index: i) }
        let owners = self.owners
        drawLines(lo: bounds.lo, hi: bounds.hi) { owners[Cell($0, $1, 0)] ?? BoardPainter.outside }
        guard let held else { return }
        // The tile in hand, on the grid where it would go down, over everything.
        let tile = model.tiles[held]
        let cells = Set(tile.cells.map { Cell($0.x, $0.y, 0) })
        for c in tile.cells {
            fillSquare(c, glyph: fillGlyph(tile), style: tileStyle(tile), id: tileID(held, c), lines: true)
        }
        label(tile, index: held)
        drawLines(lo: bounds.lo, hi: bounds.hi, only: held) {
            cells.contains(Cell($0, $1, 0)) ? held : BoardPainter.outside
        }
    }

    /// The square a tile's letter goes on: the one nearest the middle of its squares
    /// (`Cell.middleSquare`, the square the pentomino game hangs a tile from).
    static func labelSquare(of cells: [Cell]) -> Cell { Cell.middleSquare(of: cells) }

    /// What fills a tile's squares. In colour the tile's colour says which it is, so one letter
    /// per tile is enough (squares full of letters look busy on a large screen); a ghost is
    /// lightly shaded; without colour (or in ASCII) the letter fills the squares.
    func fillGlyph(_ tile: ScenePiece) -> Character {
        let held = tile.marks.contains(.selected)
        if held && tile.marks.contains(.invalid) { return style.usesBlocks ? "×" : "x" }
        if tile.marks.contains(.hint) { return style.usesBlocks ? "░" : ":" }
        if tile.marks.contains(.fixed) { return style.usesBlocks && style.colors != .none ? " " : "/" }
        return style.usesBlocks ? " " : (tile.label ?? "#")
    }

    /// Writes a tile's letter once, in the middle of its label square.
    mutating func label(_ tile: ScenePiece, index: Int) {
        guard let letter = tile.label, !tile.cells.isEmpty else { return }
        let s = Self.labelSquare(of: tile.cells)
        let column = layout.column(ofLineX: s.x) + layout.squareWidth / 2
        let row = layout.row(ofLineY: s.y + 1) + layout.squareHeight / 2
        guard canvas.contains(column: column, row: row) else { return }
        var text = tileStyle(tile)
        text.bold = true
        canvas[column, row] = TerminalCell(glyph: letter, style: text, depth: 0, id: tileID(index, s))
    }

    // MARK: Pieces of the picture

    func tileID(_ index: Int, _ cell: Cell, cube: Int? = nil) -> HitID {
        let tile = model.tiles[index]
        let k = cube ?? tile.cells.firstIndex { $0.x == cell.x && $0.y == cell.y } ?? 0
        return .piece(piece: tile.id, cube: k, face: .top)
    }

    func color(_ pair: (UInt8, UInt8)) -> TerminalColor {
        switch style.colors {
        case .none: .default
        case .ansi8: .index(pair.0 % 8)
        case .ansi16: .index(pair.0)
        case .xterm256: .index(pair.1)
        }
    }

    func tileStyle(_ tile: ScenePiece) -> TextStyle {
        let selected = tile.marks.contains(.selected), hint = tile.marks.contains(.hint)
        let invalid = selected && tile.marks.contains(.invalid)
        var text = TextStyle(bold: selected)
        switch (style.colors, style.glyphs) {
        case (.none, _):
            text.reverse = selected
        case (_, _) where hint:
            // The ghost: the tile's colour as a light shade, no fill.
            text.foreground = PiecePalette.terminalColor(tile.color, level: 3, colors: style.colors, scheme: style.palette)
        case (_, _) where tile.marks.contains(.fixed) && !selected:
            // Fixed by the puzzle: stone grey, the letter in the tile's colour.
            text.background = PiecePalette.terminalColor(.neutral, level: 1, colors: style.colors, scheme: style.palette)
            text.foreground = PiecePalette.terminalColor(tile.color, level: 3, colors: style.colors, scheme: style.palette)
        case (_, _) where invalid:
            // In hand where it may not go down: crossed, white on red.
            text.background = color((1, 160))
            text.foreground = color((15, 231))
        case (_, .blocks):
            // The letter in black on the tile's colour.
            text.background = PiecePalette.terminalColor(tile.color, level: 2, selected: selected, colors: style.colors, scheme: style.palette)
            text.foreground = color((0, 16))
        case (_, .ascii), (_, .shades):
            text.foreground = PiecePalette.terminalColor(tile.color, level: 3, selected: selected, colors: style.colors, scheme: style.palette)
        }
        return text
    }

    /// Fills the inside of a square (between its grid lines), or with `lines` the square with
    /// its grid lines: a tile covers the lines between its own squares, and its outline is drawn
    /// over the rest afterwards, so a tile reads as one shape.
    mutating func fillSquare(_ cell: Cell, glyph: Character, style text: TextStyle, id: HitID,
                             lines: Bool = false) {
        let left = layout.column(ofLineX: cell.x), top = layout.row(ofLineY: cell.y + 1)
        let inset = lines ? 0 : 1
        for r in (top + inset)...(top + layout.squareHeight - inset) {
            for c in (left + inset)...(left + layout.squareWidth - inset) where canvas.contains(column: c, row: r) {
                canvas[c, r] = TerminalCell(glyph: glyph, style: text, depth: 0, id: id)
            }
        }
    }

    /// Draws the grid lines between squares of different owners (and between free squares of
    /// the board, quietly), with the right box-drawing junction at each crossing.
    mutating func drawLines(lo: Cell, hi: Cell, only: Int? = nil, owner: (Int, Int) -> Int) {
        let grey = TextStyle(foreground: color((8, 240)), dim: style.colors == .none)
        /// The line between two squares: nil when there is none, else its style and hit id.
        func line(_ a: (Int, Int), _ b: (Int, Int)) -> (TextStyle, HitID, heavy: Bool)? {
            let p = owner(a.0, a.1), q = owner(b.0, b.1)
            if p == q && p != BoardPainter.board { return nil }
            if p == BoardPainter.outside && q == BoardPainter.outside { return nil }
            // Owned by the tile on either side (the held one when drawing it), else the board.
            for (o, s) in [(p, a), (q, b)] where o >= 0 && (only == nil || o == only) {
                let marks = model.tiles[o].marks
                var text = TextStyle(bold: marks.contains(.selected))
                // A ghost is outlined in its colour; a held tile that may not drop here in red.
                if marks.contains(.hint) {
                    text.foreground = PiecePalette.terminalColor(model.tiles[o].color, level: 3, colors: style.colors, scheme: style.palette)
                }
                if marks.contains(.invalid) { text.foreground = color((9, 196)) }
                return (text, tileID(o, Cell(s.0, s.1, 0)), marks.contains(.selected))
            }
            if only != nil { return nil }
            let s = p == BoardPainter.board ? a : b
            return (grey, .floor(x: s.0, y: s.1), false)
        }
        let unicode = style.usesBlocks
        for y in (lo.y - 1)...(hi.y + 1) {
            for x in (lo.x - 1)...(hi.x + 1) {
                let left = layout.column(ofLineX: x)
                let bottom = layout.row(ofLineY: y)
                // Vertical line at the left of square (x, y).
                if let (text, id, heavy) = line((x - 1, y), (x, y)) {
                    for r in (bottom - layout.squareHeight + 1)..<bottom where canvas.contains(column: left, row: r) {
                        canvas[left, r] = TerminalCell(glyph: unicode ? (heavy ? "┃" : "│") : (heavy ? "#" : "|"),
                                                       style: text, depth: 0, id: id)
                    }
                }
                // Horizontal line at the bottom of square (x, y).
                if let (text, id, heavy) = line((x, y), (x, y - 1)) {
                    for c in (left + 1)..<(left + layout.squareWidth) where canvas.contains(column: c, row: bottom) {
                        canvas[c, bottom] = TerminalCell(glyph: unicode ? (heavy ? "━" : "─") : (heavy ? "#" : "-"),
                                                         style: text, depth: 0, id: id)
                    }
                }
                // The crossing at the bottom left corner of square (x, y).
                let up = line((x - 1, y), (x, y)), down = line((x - 1, y - 1), (x, y - 1))
                let westward = line((x - 1, y), (x - 1, y - 1)), eastward = line((x, y), (x, y - 1))
                let arms = [up, down, westward, eastward].compactMap { $0 }
                guard let first = arms.first, canvas.contains(column: left, row: bottom) else { continue }
                let mask = (up != nil ? 1 : 0) | (down != nil ? 2 : 0) | (westward != nil ? 4 : 0) | (eastward != nil ? 8 : 0)
                // A crossing on a tile's outline belongs to the tile.
                let chosen = arms.first { if case .piece = $0.1 { true } else { false } } ?? first
                canvas[left, bottom] = TerminalCell(glyph: BoardPainter.junction(mask, unicode: unicode, heavy: chosen.heavy),
                                                    style: chosen.0, depth: 0, id: chosen.1)
            }
        }
    }

    /// The box-drawing character joining arms up (1), down (2), left (4) and right (8).
    /// `heavy` for the held tile's frame.
    static func junction(_ mask: Int, unicode: Bool, heavy: Bool = false) -> Character {
        if !unicode { return heavy ? "#" : (mask == 3 ? "|" : (mask == 12 ? "-" : "+")) }
        let light: [Character] = [" ", "╵", "╷", "│", "╴", "┘", "┐", "┤", "╶", "└", "┌", "├", "─", "┴", "┬", "┼"]
        let bold: [Character] = [" ", "╹", "╻", "┃", "╸", "┛", "┓", "┫", "╺", "┗", "┏", "┣", "━", "┻", "┳", "╋"]
        return (heavy ? bold : light)[mask]
    }
}
