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
        Snapshot.check(ascii.canvas, named: "board-ascii-\(legal ? "legal" : "illegal")")
        let blocks = BoardRenderer.render(Self.board(heldLegal: legal), width: 40, height: 14, style: .blocks256)
        Snapshot.check(blocks.canvas, named: "board-unicode-\(legal ? "legal" : "illegal")")
    }

    /// What the board's geometry puts at a canvas cell, worked out from the layout's numbers
    /// alone (not from the id buffer): the square whose interior holds the cell, or nil on a
    /// grid line. Lines run every `squareWidth` columns and `squareHeight` rows from the origin.
    static func square(column: Int, row: Int, in layout: BoardLayout) -> Cell? {
        let (s, onLine) = squareOrLine(column: column, row: row, in: layout)
        return onLine ? nil : s
    }

    /// The square a cell falls in, counting a line with the square to its right and below.
    static func squareOrLine(column: Int, row: Int, in layout: BoardLayout) -> (Cell, onLine: Bool) {
        func floorDiv(_ a: Int, _ b: Int) -> (Int, Int) {
            let q = a >= 0 ? a / b : -((-a + b - 1) / b)
            return (q, a - q * b)
        }
        let (x, dx) = floorDiv(column - layout.originColumn, layout.squareWidth)
        let (down, dy) = floorDiv(row - layout.originRow, layout.squareHeight)
        return (Cell(layout.minX + x, layout.maxY - down, 0), dx == 0 || dy == 0)
    }

    /// The squares whose outline (lines included) holds a canvas cell.
    static func outlines(column: Int, row: Int, in layout: BoardLayout) -> [Cell] {
        var found: [Cell] = []
        for dc in [0, -1] {
            for dr in [0, -1] {
                let (s, _) = squareOrLine(column: column + dc, row: row + dr, in: layout)
                if !found.contains(s),
                   column >= layout.column(ofLineX: s.x), column <= layout.column(ofLineX: s.x + 1),
                   row >= layout.row(ofLineY: s.y + 1), row <= layout.row(ofLineY: s.y) {
                    found.append(s)
                }
            }
        }
        return found
    }

    @Test(arguments: [false, true])
    func everyCellHitsWhatIsDrawnThere(legal: Bool) throws {
        let model = Self.board(heldLegal: legal)
        let frame = BoardRenderer.render(model, width: 40, height: 14, style: .blocks256)
        let layout = frame.layout
        let held = try #require(model.tiles.first { $0.marks.contains(.selected) })
        let placed = model.tiles.filter { !$0.marks.contains(.selected) }
        func tileID(_ tile: ScenePiece, _ s: Cell) -> HitID? {
            tile.cells.firstIndex(of: s).map { .piece(piece: tile.id, cube: $0, face: .top) }
        }
        // What lies at square s where the held tile is not drawn: a placed tile, a free board
        // square, or nothing.
        func under(_ s: Cell) -> HitID {
            for tile in placed { if let id = tileID(tile, s) { return id } }
            return model.squares.contains(s) ? .floor(x: s.x, y: s.y) : .none
        }
        func withoutCube(_ id: HitID) -> HitID {
            if case let .piece(p, _, f) = id { return .piece(piece: p, cube: 0, face: f) }
            return id
        }
        var letters: [Character: Int] = [:]
        var decided = 0
        for row in 0..<14 {
            for column in 0..<40 {
                let cell = frame.canvas[column, row]
                // Inside square s, the hit test answers what the model puts there (the held
                // tile over what it covers), and a point within s: decided from the layout, not
                // read back from the canvas.
                func expectHit(_ expected: HitID, in s: Cell) {
                    let hit = frame.hitTest(column: column, row: row)
                    #expect(hit?.id ?? .none == expected, "(\(column), \(row)) hit")
                    guard let hit, expected != .none else { return }
                    #expect((0..<1).contains(hit.localPoint.x) && (0..<1).contains(hit.localPoint.y), "(\(column), \(row)) \(hit.localPoint)")
                    #expect((hit.worldPoint.x.rounded(.down), hit.worldPoint.y.rounded(.down)) == (Double(s.x), Double(s.y)),
                            "(\(column), \(row)) hit at \(hit.worldPoint), square \(s)")
                }
                if cell.glyph.isLetter, case let .piece(id, _, _) = cell.id,
                   let tile = model.tiles.first(where: { $0.id == id }) {
                    #expect(cell.glyph == tile.label)
                    letters[cell.glyph, default: 0] += 1
                }
                if let s = Self.square(column: column, row: row, in: layout), let id = tileID(held, s) {
                    // Inside a square of the held tile, drawn on the grid over what is there:
                    // that tile, that square; crossed where it may not go down.
                    #expect(cell.id == id, "(\(column), \(row))")
                    expectHit(id, in: s)
                    #expect(cell.glyph == (legal ? " " : "×") || cell.glyph == held.label, "(\(column), \(row)) \(cell.glyph)")
                    decided += 1
                } else if Self.outlines(column: column, row: row, in: layout).contains(where: { held.cells.contains($0) }),
                          case .piece(held.id, _, _) = cell.id {
                    // On the held tile's heavy frame, or on a line between its own squares (filled).
                    #expect("┃━┏┓┗┛┣┫┳┻╋╹╻╸╺".contains(cell.glyph) || cell.glyph == (legal ? " " : "×"),
                            "(\(column), \(row)) \(cell.glyph)")
                    decided += 1
                } else if let s = Self.square(column: column, row: row, in: layout) {
                    #expect(cell.id == under(s), "(\(column), \(row)) drawn \(cell.id), expected \(under(s))")
                    expectHit(under(s), in: s)
                    decided += 1
                } else {
                    // A grid line belongs to one of the squares it borders (to the board or a
                    // tile there), or to nothing.
                    let around = Self.outlines(column: column, row: row, in: layout).flatMap { s in
                        (model.tiles.compactMap { tileID($0, s) } + (model.squares.contains(s) ? [.floor(x: s.x, y: s.y)] : []))
                            .map(withoutCube)
                    }
                    #expect((around + [.none]).contains(withoutCube(cell.id)), "(\(column), \(row)) drawn \(cell.id)")
                }
            }
        }
        // Every square's inside is decided from the layout alone (30 board squares of 3, and more).
        #expect(decided >= 30 * 3)
        // In colour, one letter per tile, on the square nearest its middle.
        #expect(letters == ["I": 1, "P": 1, "L": 1, "U": 1], "\(letters)")
        for tile in model.tiles {
            let s = BoardPainter.labelSquare(of: tile.cells)
            let c = layout.column(ofLineX: s.x) + layout.squareWidth / 2, r = layout.row(ofLineY: s.y + 1) + layout.squareHeight / 2
            #expect(frame.canvas[c, r].glyph == tile.label, "\(tile.label!) at \(s)")
        }
    }

    @Test("the colour-blind palette colours the board's tiles too, and only their colours change")
    func colorblindPaletteOnTheBoard() {
        var colorblind = RenderStyle.blocks256
        colorblind.palette = .colorblind
        let standard = BoardRenderer.render(Self.board(heldLegal: true), width: 40, height: 14, style: .blocks256).canvas
        let other = BoardRenderer.render(Self.board(heldLegal: true), width: 40, height: 14, style: colorblind).canvas
        #expect(standard != other)
        #expect(standard.text == other.text)
    }

    @Test("a hint's ghost is shaded in its colour without a fill; the held tile is filled and framed heavily")
    func ghostAndHeldTileDiffer() throws {
        var model = Self.board(heldLegal: true)
        let set = PieceSet.pentominoes
        let ghostCells = [Cell(1, 3), Cell(2, 3), Cell(3, 3), Cell(4, 3), Cell(3, 2)]
        model.tiles.append(ScenePiece(id: 99, cells: ghostCells, color: PiecePalette.color(for: "Y", in: set),
                                      marks: .hint, label: "Y"))
        let frame = BoardRenderer.render(model, width: 40, height: 14, style: .blocks256)
        let layout = frame.layout
        func inside(_ s: Cell) -> TerminalCell { frame.canvas[layout.column(ofLineX: s.x) + 1, layout.row(ofLineY: s.y + 1) + 1] }
        let ghost = inside(Cell(1, 3)), held = inside(Cell(2, 4))
        #expect(ghost.glyph == "░" && ghost.style.background == .default && ghost.style.foreground != .default)
        #expect(held.glyph == " " && held.style.background != .default && held.style.bold)
        // The held tile's frame is heavy, the ghost's and the placed tiles' light.
        let corner = frame.canvas[layout.column(ofLineX: 2), layout.row(ofLineY: 5)]
        #expect(corner.glyph == "┏", "\(corner.glyph)")
        let ghostCorner = frame.canvas[layout.column(ofLineX: 1), layout.row(ofLineY: 3)].glyph
        #expect("└├┴┼".contains(ghostCorner), "\(ghostCorner)")
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

    @Test("every cell's ground is the square it lies over, whatever is drawn on it")
    func groundUnderEveryCell() {
        var frame = BoardRenderer.render(Self.board(heldLegal: true), width: 40, height: 14, style: .ascii)
        let layout = frame.layout
        for row in 0..<frame.canvas.height {
            for column in 0..<frame.canvas.width {
                let (s, _) = Self.squareOrLine(column: column, row: row, in: layout)
                #expect(frame.canvas.ground(column: column, row: row) == .floor(x: s.x, y: s.y))
            }
        }
        // The held L is drawn on (4, 4); the ground there is (4, 4), the id the L.
        let c = layout.column(ofLineX: 4) + 2, r = layout.row(ofLineY: 5) + 1
        #expect(frame.canvas.ground(column: c, row: r) == .floor(x: 4, y: 4))
        guard case .piece = frame.canvas[c, r].id else { Issue.record("no tile drawn at (4, 4)"); return }
        // Text drawn over the board leaves the ground.
        frame.canvas.put("status", column: c, row: r, id: .control(1))
        #expect(frame.canvas.ground(column: c, row: r) == .floor(x: 4, y: 4))
        #expect(Canvas(width: 3, height: 2).ground(column: 2, row: 1) == HitID.none)
    }
}
