import Polycube
import Testing
@testable import Scene

/// The piece in hand behind the figure reads as behind it at a glance, and is still seen whole
/// (issue 25's weakness: it was drawn whole over the cube's back corner, as if in front). Where
/// the empty figure hides it, it is seen as through a screen door: every other sample takes the
/// dark veil, in a checker, while the part in the open stays solid. An unselected piece there is
/// veiled all over, as before.
@Suite struct BehindTheFigureTests {
    /// The empty cube and P on the floor behind it (view 0 looks from +x, -y, above), partly
    /// hidden by the figure's back corner. Without the `ghost` the figure is one cell far out of
    /// the picture: P is drawn as it is in the open, a cube outside the figure.
    static func model(selected: Bool, ghost: Bool = true) -> SceneModel {
        let p = ScenePiece(id: 6, cells: [Cell(0, 4, 0), Cell(1, 4, 0), Cell(0, 5, 0), Cell(0, 4, 1)],
                           color: PiecePalette.color(for: "P", in: .soma), marks: selected ? .selected : [])
        var model = SceneModel(ghostCells: ghost ? SceneFixtures.cubeCells : [Cell(60, 60, 0)], pieces: [p])
        model.floor = SceneModel(ghostCells: SceneFixtures.cubeCells, pieces: [p]).floorAround(margin: 1)
        return model
    }

    static let (width, height) = (60, 24)

    static func canvas(selected: Bool, ghost: Bool = true, style: RenderStyle) -> Canvas {
        let camera = SceneFixtures.camera(for: model(selected: selected), width: width, height: height)
        return SceneRenderer.render(model(selected: selected, ghost: ghost), camera: camera, width: width, height: height,
                                    style: style).canvas
    }

    static func isPiece(_ cell: TerminalCell) -> Bool {
        if case .piece(6, _, _) = cell.id { return true }
        return false
    }

    static func cells(_ canvas: Canvas, where include: (Int, Int, TerminalCell) -> Bool) -> [(Int, Int)] {
        (0..<height).flatMap { row in (0..<width).compactMap { include($0, row, canvas[$0, row]) ? ($0, row) : nil } }
    }

    @Test("ascii: behind the figure the selected piece is a checker of its faces and the veil; in the open it is solid")
    func asciiChecker() {
        let veiled = Self.canvas(selected: false, style: .ascii)
        let selected = Self.canvas(selected: true, style: .ascii)
        let bare = Self.canvas(selected: true, ghost: false, style: .ascii)
        // Where the figure hides the unselected piece (its veil, the cage's edges aside).
        let behind = Self.cells(veiled) { _, _, cell in Self.isPiece(cell) && cell.glyph == "." }
        let inOpen = Self.cells(veiled) { _, _, cell in Self.isPiece(cell) && cell.glyph == "$" }
        #expect(behind.count >= 20, "\(behind.count) cells of P behind the figure")
        #expect(inOpen.count >= 10, "\(inOpen.count) cells of P in the open")
        for (column, row) in behind {
            let cell = selected[column, row]
            #expect(Self.isPiece(cell), "the hit stays P's at \(column),\(row)")
            if (column + row) % 2 == 1 {
                #expect(cell.glyph == ".", "a veiled square at \(column),\(row): \(cell.glyph)")
            } else {
                #expect(cell.glyph == bare[column, row].glyph && cell.glyph != ".",
                        "a square of P's face at \(column),\(row): \(cell.glyph), alone \(bare[column, row].glyph)")
            }
        }
        // The part in the open is drawn as without the figure.
        for (column, row) in inOpen {
            #expect(selected[column, row] == bare[column, row], "P in the open at \(column),\(row)")
        }
        // Nowhere else does the selected piece show the veil.
        let dots = Self.cells(selected) { _, _, cell in Self.isPiece(cell) && cell.glyph == "." }
        #expect(dots.allSatisfy { dot in behind.contains { $0 == dot } })
        #expect(dots.count == behind.filter { ($0.0 + $0.1) % 2 == 1 }.count)
    }

    @Test("the pictures, to be read: P in hand behind the cube, in ascii and in quadrant cells")
    func snapshots() {
        var quadrants = RenderStyle.blocks256
        quadrants.cells = .quadrants
        Snapshot.check(Self.canvas(selected: true, style: .ascii), named: "behind-selected-ascii")
        Snapshot.check(Self.canvas(selected: true, style: quadrants), named: "behind-selected-quadrants")
    }

    @Test("block cells: the hidden part is tinted (P's hue a level darker, not brightened), the open part keeps its light",
          arguments: [RenderStyle.Cells.quadrants, .halves])
    func blocksTinted(cells: RenderStyle.Cells) {
        var style = RenderStyle.blocks256
        style.cells = cells
        let selected = Self.canvas(selected: true, style: style)
        let bare = Self.canvas(selected: true, ghost: false, style: style)
        let color = PiecePalette.color(for: "P", in: .soma)
        let tints = Set((1...2).map { PiecePalette.terminalColor(color, level: $0, colors: .xterm256) })
        let tinted = { (cell: TerminalCell) in
            Self.isPiece(cell) && (tints.contains(cell.style.foreground) || tints.contains(cell.style.background))
        }
        #expect(Self.cells(selected) { tinted($2) }.count >= 10, "\(Self.cells(selected) { tinted($2) }.count) tinted cells")
        #expect(Self.cells(bare) { tinted($2) }.isEmpty, "alone, P is all in its light")
        // Where the figure does not hide it, P is drawn as alone: its lit cells are there.
        #expect(Self.cells(bare) { column, row, cell in Self.isPiece(cell) && selected[column, row] == cell }.count >= 10)
    }

    @Test("on a light background the hidden part is paled toward white, the open part keeps its hue")
    func lightTinted() {
        var style = RenderStyle.blocks256
        style.cells = .quadrants
        style.theme = .light
        let selected = Self.canvas(selected: true, style: style)
        let bare = Self.canvas(selected: true, ghost: false, style: style)
        let color = PiecePalette.color(for: "P", in: .soma)
        let pale = Set((1...3).map { PiecePalette.terminalColor(color, level: $0, selected: true, colors: .xterm256) })
        let paled = { (cell: TerminalCell) in
            Self.isPiece(cell) && (pale.contains(cell.style.foreground) || pale.contains(cell.style.background))
        }
        // Alone, only the seams between P's cubes are pale (drawn a shade off their faces).
        let inPicture = Self.cells(selected) { paled($2) }.count, alone = Self.cells(bare) { paled($2) }.count
        #expect(inPicture >= alone + 10, "\(inPicture) paled cells behind the figure, \(alone) alone")
    }

    @Test("without colour (NO_COLOR, shades): the hidden part alternates P's shade with the light veil ░")
    func shadesChecker() {
        let style = RenderStyle(glyphs: .shades, colors: .none)
        let selected = Self.canvas(selected: true, style: style)
        let bare = Self.canvas(selected: true, ghost: false, style: style)
        let ascii = Self.canvas(selected: false, style: .ascii)
        // The same cells as in ascii (one sample a cell in both): where the unselected piece is veiled.
        let behind = Self.cells(ascii) { _, _, cell in Self.isPiece(cell) && cell.glyph == "." }
        #expect(behind.count >= 20)
        for (column, row) in behind {
            let cell = selected[column, row]
            if (column + row) % 2 == 1 {
                #expect(cell.glyph == "░" && cell.style.dim && !cell.style.reverse, "veiled at \(column),\(row): \(cell.glyph)")
            } else {
                // P's face as alone (its own fill, `FillTexture`).
                #expect(cell.glyph == bare[column, row].glyph && cell.style == bare[column, row].style,
                        "P's face at \(column),\(row): \(cell.glyph)")
            }
        }
        #expect(selected.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
    }
}
