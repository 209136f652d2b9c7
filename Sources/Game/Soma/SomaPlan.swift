import Polycube
import Scene

/// The figure as its horizontal layers, bottom layer first, each seen from above with the back
/// row on top and the front row at the bottom: how Soma books and `soma solve` draw a solution.
/// A cell of the figure shows the letter of the piece in it, or a dot while it is empty (the
/// hint's letter in lower case where the hint would go); outside the figure is blank. It answers
/// at a glance what the picture leaves ambiguous: which layer a piece is in, and what is still
/// empty.
///
/// Each layer has a margin of `margin` cells around the figure's box, where the cells of pieces
/// lying next to the figure are drawn in letters without the in-place background (issue 24): a
/// piece just behind the cube shows above the figure's top row, never in it.
struct SomaPlan {
    /// What one cell of the plan shows.
    enum Mark: Hashable {
        case empty
        /// An empty cell the hint's suggestion would fill, with the suggested piece's letter.
        case hinted(Character)
        /// A cell a movable piece fills: its index and letter.
        case piece(Int, Character)
        /// A cube the figure places in advance.
        case fixed(Character)
        /// A cell the assist's chosen fit for the selected piece would fill (`SomaGame.ghost`):
        /// the piece's index and letter, drawn in lower case in its colour.
        case ghost(Int, Character)
    }

    /// The hit tags of the plan's cells are `cellTagBase` + the cell's index among the
    /// figure's cells in scan order, above any piece index, so a click names the cell.
    static let cellTagBase = 10_000

    static func tag(of cell: Cell, in game: SomaGame) -> Int? {
        game.figure.cells.firstIndex(of: cell).map { cellTagBase + $0 }
    }

    /// The figure cell a plan tag names, or nil for any other tag.
    static func cell(forTag tag: Int, in game: SomaGame) -> Cell? {
        let k = tag - cellTagBase
        return tag >= cellTagBase && k < game.figure.cells.count ? game.figure.cells[k] : nil
    }

    /// The figure's box: the plan's numbers (`position(of:)`) count from its corner.
    let xs: ClosedRange<Int>, ys: ClosedRange<Int>, zs: ClosedRange<Int>
    /// How many cells around the figure's box each layer draws: one shows a piece next to the
    /// figure on any side, and the layers still fit the panel under the legend at 80x24.
    static let margin = 1
    /// The columns and rows drawn for each layer: the figure's box and the margin around it.
    let drawnXs: ClosedRange<Int>, drawnYs: ClosedRange<Int>
    /// Every cell of the figure; cells not in it are blank.
    let marks: [Cell: Mark]
    /// The cells of pieces off the figure that the plan draws (in its margin, or in a gap of the
    /// figure's box), each as `.piece(index, letter)`.
    let outside: [Cell: Mark]
    /// Each figure cell's hit tag (`cellTagBase`).
    let tags: [Cell: Int]
    /// With the assist on, the selected piece's own cells name the cell too: clicking one again
    /// takes the next fit there.
    let assisted: Bool

    init(game: SomaGame) {
        let cells = game.figure.cells
        let box = Bounds(cells.isEmpty ? [Cell.origin] : cells)
        xs = box.lo.x...box.hi.x; ys = box.lo.y...box.hi.y; zs = box.lo.z...box.hi.z
        drawnXs = (xs.lowerBound - Self.margin)...(xs.upperBound + Self.margin)
        drawnYs = (ys.lowerBound - Self.margin)...(ys.upperBound + Self.margin)
        var marks: [Cell: Mark] = [:]
        for cell in cells { marks[cell] = game.fixed[cell].map(Mark.fixed) ?? .empty }
        if let suggestion = game.shownHint, let piece = game.figure.pieceSet.piece(suggestion.piece) {
            let letter = Character(String(piece.letter).lowercased())
            for cell in suggestion.cells(of: piece.shape) where marks[cell] == .empty { marks[cell] = .hinted(letter) }
        }
        if let ghost = game.ghost, let i = game.selection {
            let letter = Character(String(game.pieces[i].letter).lowercased())
            for cell in ghost.cells(of: game.pieces[i].shape) where marks[cell] != nil { marks[cell] = .ghost(i, letter) }
        }
        var outside: [Cell: Mark] = [:]
        for i in game.pieces.indices {
            for cell in game.cells(ofPiece: i) {
                if marks[cell] != nil {
                    marks[cell] = .piece(i, game.pieces[i].letter)
                } else if drawnXs.contains(cell.x) && drawnYs.contains(cell.y) && zs.contains(cell.z) {
                    outside[cell] = .piece(i, game.pieces[i].letter)
                }
            }
        }
        self.marks = marks
        self.outside = outside
        tags = Dictionary(uniqueKeysWithValues: cells.enumerated().map { ($1, Self.cellTagBase + $0) })
        assisted = game.assist != .off
    }

    /// The lattice step an arrow means on the plan, where the back row is on top: up is +y
    /// (away), right is +x. Plain mode moves pieces so, as the player reads the plan.
    static func latticeStep(for direction: ScreenDirection) -> Cell {
        switch direction {
        case .up: Cell(0, 1, 0)
        case .down: Cell(0, -1, 0)
        case .left: Cell(-1, 0, 0)
        case .right: Cell(1, 0, 0)
        }
    }

    /// The plan's numbering of a cell: its layer (1 the bottom one of the figure), its row (1
    /// the top row as drawn, the back) and its column (1 the left one), as the plan's labels and
    /// plain mode's status line count them. Cells off the figure count on past its edges.
    func position(of cell: Cell) -> (layer: Int, row: Int, column: Int) {
        (cell.z - zs.lowerBound + 1, ys.upperBound - cell.y + 1, cell.x - xs.lowerBound + 1)
    }

    static let title = "Layers, bottom first"
    static let caption = "front row at bottom"

    /// How the layers are laid out in a panel `width` columns wide: the columns a lattice cell
    /// takes (two when everything fits so, else one) and how many layers go side by side.
    func layout(width: Int, height: Int, widest: Int = 2) -> (cellWidth: Int, perBand: Int) {
        for cellWidth in stride(from: widest, through: 1, by: -1) {
            let layerWidth = cellWidth * drawnXs.count
            let perBand = max(1, (width + 1) / (layerWidth + 1))
            let bands = (zs.count + perBand - 1) / perBand
            if layerWidth <= width && 2 + bands * (1 + drawnYs.count) <= height { return (cellWidth, perBand) }
        }
        return (1, max(1, (width + 1) / (drawnXs.count + 1)))
    }

    /// Where `cell` is drawn in a panel laid out as `layout` says, counted from the panel's
    /// top-left corner (the title's first character), or nil for a cell the plan does not
    /// draw. The layer's number stands one row above its back row, over its first column.
    func offset(of cell: Cell, cellWidth: Int, perBand: Int) -> (column: Int, row: Int)? {
        guard drawnXs.contains(cell.x), drawnYs.contains(cell.y), zs.contains(cell.z), perBand > 0 else { return nil }
        let k = cell.z - zs.lowerBound
        let (band, slot) = k.quotientAndRemainder(dividingBy: perBand)
        return (slot * (cellWidth * drawnXs.count + 1) + (cell.x - drawnXs.lowerBound) * cellWidth,
                1 + band * (1 + drawnYs.count) + 1 + (drawnYs.upperBound - cell.y))
    }

    /// Draws the plan into `rect` of `canvas` (as much as fits). The cells of a piece carry the
    /// piece's `control` id, as its legend entry does, so a click there selects it.
    /// `widest`: the most columns a cell may take (plain mode, where the plan is the picture,
    /// draws it up to four wide).
    /// `cursor`: the plan cursor's cell (keys), drawn reversed.
    func draw(into canvas: inout Canvas, in rect: Rect, selection: Int?, pieceSet: PieceSet, style: RenderStyle,
              widest: Int = 2, cursor: Cell? = nil) {
        guard rect.width > 0, rect.height > 2 else { return }
        canvas.put(String(Self.title.prefix(rect.width)), column: rect.column, row: rect.row, style: Panels.frameStyle)
        let (cellWidth, perBand) = layout(width: rect.width, height: rect.height, widest: widest)
        var row = rect.row + 1
        let layers = Array(zs)
        for bandStart in stride(from: 0, to: layers.count, by: perBand) {
            guard row + drawnYs.count < rect.row + rect.height else { break }
            for z in layers[bandStart..<min(layers.count, bandStart + perBand)] {
                for y in drawnYs.reversed() {
                    for x in drawnXs {
                        let cell = Cell(x, y, z)
                        guard let at = offset(of: cell, cellWidth: cellWidth, perBand: perBand) else { continue }
                        if x == drawnXs.lowerBound && y == drawnYs.upperBound {
                            canvas.put("\(z - zs.lowerBound + 1)", column: rect.column + at.column, row: rect.row + at.row - 1,
                                       style: Panels.dimStyle)
                        }
                        var (text, style, id) = if case let .piece(i, letter) = outside[cell] {
                            lookOutside(piece: i, letter, cellWidth: cellWidth, selection: selection, pieceSet: pieceSet,
                                        style: style)
                        } else {
                            look(marks[cell], cellWidth: cellWidth, selection: selection, pieceSet: pieceSet, style: style)
                        }
                        // An empty cell (or the ghost's) names itself to a click.
                        if id == .none || (assisted && selection != nil && id == .control(selection!)), let tag = tags[cell] {
                            id = .control(tag)
                        }
                        if cell == cursor {
                            style.reverse.toggle()
                            style.bold = true
                        }
                        canvas.put(text, column: rect.column + at.column, row: rect.row + at.row, style: style, id: id)
                    }
                }
            }
            row += 1 + drawnYs.count
        }
        if row < rect.row + rect.height {
            canvas.put(String(Self.caption.prefix(rect.width)), column: rect.column, row: row, style: Panels.dimStyle)
        }
    }

    /// The characters, style and hit id of a piece's cell off the figure: its letter in the
    /// piece's colour on the terminal's background (dim without colour), where a piece in the
    /// figure has its colour behind the letter; a click there selects the piece.
    private func lookOutside(piece index: Int, _ letter: Character, cellWidth: Int, selection: Int?, pieceSet: PieceSet,
                             style plan: RenderStyle) -> (String, TextStyle, HitID) {
        let selected = index == selection
        var style = TextStyle(bold: selected, dim: !selected && plan.colors == .none, underline: selected)
        if plan.colors != .none {
            style.foreground = PiecePalette.terminalColor(PiecePalette.color(for: letter, in: pieceSet), level: 3,
                                                          selected: selected, colors: plan.colors, scheme: plan.palette)
        }
        return (String(letter) + String(repeating: " ", count: cellWidth - 1), style, .control(index))
    }

    /// The characters, style and hit id of one cell.
    private func look(_ mark: Mark?, cellWidth: Int, selection: Int?, pieceSet: PieceSet,
                      style plan: RenderStyle) -> (String, TextStyle, HitID) {
        let colors = plan.colors
        let pad = String(repeating: " ", count: cellWidth - 1)
        switch mark {
        case nil:
            return (pad + " ", .plain, .none)
        case .empty:
            return ((plan.unicode ? "·" : ".") + pad, Panels.dimStyle, .none)
        case .hinted(let letter):
            return (String(letter) + pad, TextStyle(bold: true, underline: true), .none)
        case .fixed(let letter):
            return (String(letter) + pad, TextStyle(foreground: .index(8)), .none)
        case .ghost(_, let letter):
            var style = TextStyle(bold: true, underline: true)
            if colors != .none {
                style.foreground = PiecePalette.terminalColor(PiecePalette.color(for: Character(letter.uppercased()), in: pieceSet),
                                                              level: 3, colors: colors, scheme: plan.palette)
            }
            return (String(letter) + pad, style, .none)
        case .piece(let index, let letter):
            let selected = index == selection
            var style = TextStyle(bold: selected, reverse: selected && colors == .none)
            if colors != .none {
                let colour = PiecePalette.terminalColor(PiecePalette.color(for: letter, in: pieceSet), level: selected ? 3 : 2,
                                                        selected: selected, colors: colors, scheme: plan.palette)
                style.background = colour
                style.foreground = .index(0)
                if selected { style.underline = true }
            }
            return (String(letter) + pad, style, .control(index))
        }
    }
}
