import Polycube
import Scene

/// The figure as its horizontal layers, bottom layer first, each seen from above with the back
/// row on top and the front row at the bottom: how Soma books and `soma solve` draw a solution.
/// A cell of the figure shows the letter of the piece in it, or a dot while it is empty (the
/// hint's letter in lower case where the hint would go); outside the figure is blank. It answers
/// at a glance what the picture leaves ambiguous: which layer a piece is in, and what is still
/// empty.
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

    let xs: ClosedRange<Int>, ys: ClosedRange<Int>, zs: ClosedRange<Int>
    /// Every cell of the figure; cells not in it are blank.
    let marks: [Cell: Mark]
    /// Each figure cell's hit tag (`cellTagBase`).
    let tags: [Cell: Int]
    /// With the assist on, the selected piece's own cells name the cell too: clicking one again
    /// takes the next fit there.
    let assisted: Bool

    init(game: SomaGame) {
        let cells = game.figure.cells
        let box = Bounds(cells.isEmpty ? [Cell.origin] : cells)
        xs = box.lo.x...box.hi.x; ys = box.lo.y...box.hi.y; zs = box.lo.z...box.hi.z
        var marks: [Cell: Mark] = [:]
        for cell in cells { marks[cell] = game.fixed[cell].map(Mark.fixed) ?? .empty }
        if let suggestion = game.hint?.suggestion, let piece = game.figure.pieceSet.piece(suggestion.piece) {
            let letter = Character(String(piece.letter).lowercased())
            for cell in suggestion.cells(of: piece.shape) where marks[cell] == .empty { marks[cell] = .hinted(letter) }
        }
        if let ghost = game.ghost, let i = game.selection {
            let letter = Character(String(game.pieces[i].letter).lowercased())
            for cell in ghost.cells(of: game.pieces[i].shape) where marks[cell] != nil { marks[cell] = .ghost(i, letter) }
        }
        for i in game.pieces.indices {
            for cell in game.cells(ofPiece: i) where marks[cell] != nil { marks[cell] = .piece(i, game.pieces[i].letter) }
        }
        self.marks = marks
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
            let layerWidth = cellWidth * xs.count
            let perBand = max(1, (width + 1) / (layerWidth + 1))
            let bands = (zs.count + perBand - 1) / perBand
            if layerWidth <= width && 2 + bands * (1 + ys.count) <= height { return (cellWidth, perBand) }
        }
        return (1, max(1, (width + 1) / (xs.count + 1)))
    }

    /// Draws the plan into `rect` of `canvas` (as much as fits). The cells of a piece carry the
    /// piece's `control` id, as its legend entry does, so a click there selects it.
    /// `widest`: the most columns a cell may take (plain mode, where the plan is the picture,
    /// draws it up to four wide).
    func draw(into canvas: inout Canvas, in rect: Rect, selection: Int?, pieceSet: PieceSet, style: RenderStyle,
              widest: Int = 2) {
        guard rect.width > 0, rect.height > 2 else { return }
        canvas.put(String(Self.title.prefix(rect.width)), column: rect.column, row: rect.row, style: Panels.frameStyle)
        let (cellWidth, perBand) = layout(width: rect.width, height: rect.height, widest: widest)
        var row = rect.row + 1
        let layers = Array(zs)
        for bandStart in stride(from: 0, to: layers.count, by: perBand) {
            guard row + ys.count < rect.row + rect.height else { break }
            for (k, z) in layers[bandStart..<min(layers.count, bandStart + perBand)].enumerated() {
                let left = rect.column + k * (cellWidth * xs.count + 1)
                canvas.put("\(z - zs.lowerBound + 1)", column: left, row: row, style: Panels.dimStyle)
                for (r, y) in ys.reversed().enumerated() {
                    for (c, x) in xs.enumerated() {
                        let cell = Cell(x, y, z)
                        var (text, style, id) = look(marks[cell], cellWidth: cellWidth, selection: selection,
                                                     pieceSet: pieceSet, style: style)
                        // An empty cell (or the ghost's) names itself to a click.
                        if id == .none || (assisted && selection != nil && id == .control(selection!)), let tag = tags[cell] {
                            id = .control(tag)
                        }
                        canvas.put(text, column: left + c * cellWidth, row: row + 1 + r, style: style, id: id)
                    }
                }
            }
            row += 1 + ys.count
        }
        if row < rect.row + rect.height {
            canvas.put(String(Self.caption.prefix(rect.width)), column: rect.column, row: row, style: Panels.dimStyle)
        }
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
