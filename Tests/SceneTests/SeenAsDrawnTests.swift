import Polycube
import Testing
@testable import Scene

/// Pictures that never mislead (issue 34), checked on the rendered cells in every style a
/// terminal can get: nothing drawn over a nearer piece, a shadow only on what lies under the
/// piece, no overlay over a piece, and seven pieces told apart without colour.
@Suite struct SeenAsDrawnTests {
    /// Every way the scene is drawn: colour in half blocks and quadrants, a light background,
    /// eight colours, no colour, ascii.
    static let styles: [RenderStyle] = {
        var quadrants = RenderStyle.blocks256
        quadrants.cells = .quadrants
        var light = quadrants
        light.theme = .light
        return [.blocks256, quadrants, light, RenderStyle(glyphs: .shades, colors: .ansi8),
                RenderStyle(glyphs: .shades, colors: .none), .ascii]
    }()

    static func name(_ style: RenderStyle) -> String { "\(style.glyphs) \(style.colors) \(style.cells) \(style.theme)" }

    /// The issue's position: V, L and Z placed in the cube, the rest of the figure empty.
    static func placed(_ extra: [ScenePiece] = []) -> SceneModel {
        var model = SceneModel(ghostCells: SceneFixtures.cubeCells, pieces: SceneFixtures.pieces("VLZ") + extra)
        model.floor = model.floorAround(margin: 1)
        return model
    }

    /// `model` drawn through the camera that frames `framing`.
    static func render(_ model: SceneModel, like framing: SceneModel, width: Int = 80, height: Int = 24,
                       style: RenderStyle, view: Int = 0) -> Canvas {
        let camera = SceneFixtures.camera(view: view, for: framing, width: width, height: height)
        return SceneRenderer.render(model, camera: camera, width: width, height: height, style: style).canvas
    }

    /// Whether a cell next to (column, row) (or the cell) shows piece `piece`: a block cell
    /// holds several samples and reports one id, so its neighbours of another thing may hold a
    /// sample of the piece.
    static func near(_ piece: Int, _ canvas: Canvas, _ column: Int, _ row: Int) -> Bool {
        for r in (row - 1)...(row + 1) {
            for c in (column - 1)...(column + 1) where canvas.contains(column: c, row: r) {
                if case .piece(piece, _, _) = canvas[c, r].id { return true }
            }
        }
        return false
    }

    static func placedPiece(_ id: HitID, among ids: Set<Int>) -> Bool {
        if case .piece(let piece, _, _) = id { return ids.contains(piece) }
        return false
    }

    @Test("the assist's fit (a hint) is never drawn over a placed piece's face nearer the eye", arguments: SeenAsDrawnTests.styles)
    func fitNotOverNearerPieces(style: RenderStyle) {
        // B's fit in the cube's bottom front, behind and under V, L and Z from some sides.
        let fit = ScenePiece(id: 90, cells: SceneFixtures.solvedCube[5].cells, color: .palette(5), marks: .hint)
        for view in 0..<4 {
            let bare = Self.placed(), with = Self.placed([fit])
            let without = Self.render(bare, like: with, style: style, view: view)
            let drawn = Self.render(with, like: with, style: style, view: view)
            var shown = 0
            for row in 0..<drawn.height {
                for column in 0..<drawn.width {
                    if case .piece(90, _, _) = drawn[column, row].id { shown += 1 }
                    guard Self.placedPiece(without[column, row].id, among: [0, 1, 3]) else { continue }
                    // A placed piece's cell stays as it was unless the fit itself is nearer there.
                    if case .piece(90, _, _) = drawn[column, row].id { continue }
                    if style.usesBlocks && Self.near(90, drawn, column, row) { continue }
                    #expect(drawn[column, row] == without[column, row],
                            "\(Self.name(style)) view \(view): the fit drawn over a placed piece at \(column),\(row)")
                }
            }
            // The fit is seen where nothing hides it (through the empty cells of the figure).
            #expect(shown > 0, "\(Self.name(style)) view \(view)")
        }
    }

    /// The footprint cells of a canvas: `~` where glyphs draw it; in block cells the cells of the
    /// floor or the figure the selected piece's shadow changes, away from the piece itself and
    /// its drop line.
    static func footprint(_ shadowed: Canvas, _ plain: Canvas, style: RenderStyle) -> [(Int, Int)] {
        var cells: [(Int, Int)] = []
        for row in 0..<shadowed.height {
            for column in 0..<shadowed.width {
                let cell = shadowed[column, row]
                if style.glyphs == .ascii || style.colors == .none || style.colors == .ansi8 {
                    if cell.glyph == "~" { cells.append((column, row)) }
                } else if Self.near(7, shadowed, column, row) || Self.placedPiece(plain[column, row].id, among: [0, 1, 3]) {
                    // A cell of another piece may hold a sample of P peeking out beside it.
                    continue
                } else if cell.glyph != "│", cell != plain[column, row] {
                    cells.append((column, row))
                }
            }
        }
        return cells
    }

    @Test("a floating piece's footprint is drawn only where the surface under it is seen: not over the figure in front",
          arguments: SeenAsDrawnTests.styles)
    func shadowOnlyUnderThePiece(style: RenderStyle) throws {
        // P two levels up: behind the cube (beyond y = 2), and in front of it (before y = 0).
        for (y, seen) in [(4, false), (-2, true)] {
            let cells = [Cell(0, y, 2), Cell(1, y, 2), Cell(1, y, 3)]
            var model = Self.placed([ScenePiece(id: 7, cells: cells, color: .palette(6), marks: .selected)])
            model.floor = SceneModel.Floor(xs: -1...3, ys: -3...5)
            var plainModel = model
            plainModel.pieces[3].marks = []
            let shadow = try #require(LandingShadow(model: model))
            let surfaces = Set(shadow.squares.map(\.id))
            #expect(surfaces == [.floor(x: 0, y: y), .floor(x: 1, y: y)])
            let shadowed = Self.render(model, like: model, style: style)
            var plain = Self.render(plainModel, like: model, style: style)
            // The piece unselected looks different; only the cells off the piece are compared.
            for row in 0..<plain.height {
                for column in 0..<plain.width {
                    if case .piece(7, _, _) = plain[column, row].id { plain[column, row] = shadowed[column, row] }
                }
            }
            let found = Self.footprint(shadowed, plain, style: style)
            for (column, row) in found {
                // Where the shadow is drawn, the surface it lies on is what the eye sees there
                // (in block cells, whose id is one of several samples, the floor at least).
                var floor = false
                if case .floor = plain[column, row].id { floor = style.usesBlocks }
                #expect(surfaces.contains(plain[column, row].id) || floor,
                        "\(Self.name(style)) y \(y): shadow at \(column),\(row) over \(plain[column, row].id)")
            }
            if seen { #expect(found.count >= 2, "\(Self.name(style)): the footprint in front of the cube is seen") }
        }
    }

    @Test("the axis gizmo never covers a piece or the figure, at 80x24 and 120x40", arguments: SeenAsDrawnTests.styles)
    func gizmoLeavesPieces(style: RenderStyle) {
        // A (on the floor before the cube's front left corner) and T (on the right): pieces where
        // the gizmo's corners are.
        let a = ScenePiece(id: 4, cells: [Cell(-3, -1, 0), Cell(-3, 0, 0), Cell(-2, 0, 0), Cell(-3, 0, 1)], color: .palette(4))
        let t = ScenePiece(id: 2, cells: [Cell(5, 0, 0), Cell(5, 1, 0), Cell(5, 2, 0), Cell(4, 1, 0)], color: .palette(2))
        let model = Self.placed([a, t])
        for (width, height) in [(80, 24), (120, 40)] {
            for view in 0..<4 {
                var bare = style
                bare.showsGizmo = false
                let with = Self.render(model, like: model, width: width, height: height, style: style, view: view)
                let without = Self.render(model, like: model, width: width, height: height, style: bare, view: view)
                var changed = 0
                for row in 0..<height {
                    for column in 0..<width where with[column, row] != without[column, row] {
                        changed += 1
                        #expect(!AxisGizmo.isScene(without[column, row].id),
                                "\(Self.name(style)) \(width)x\(height) view \(view): the gizmo over \(without[column, row].id) at \(column),\(row)")
                    }
                }
                // It is drawn: its three letters at least.
                #expect(changed >= 3, "\(Self.name(style)) \(width)x\(height) view \(view)")
            }
        }
    }

    /// The glyph of each screen cell on a piece's lit top face, keyed by the cell's place on the
    /// screen's checker and beyond (four columns, four rows): the piece's fill as a player sees it.
    static func fill(of piece: Int, style: RenderStyle) -> [String] {
        // A slab of 4x4 cubes seen from above: a large top face.
        let slab = (0..<16).map { Cell($0 % 4, $0 / 4, 0) }
        let model = SceneModel(pieces: [ScenePiece(id: piece, cells: slab, color: .palette(piece))])
        let canvas = render(model, like: model, width: 60, height: 24, style: style)
        var fill: Set<String> = []
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                guard case .piece(_, _, .top) = canvas[column, row].id else { continue }
                fill.insert("\(column % 4),\(row % 4):\(canvas[column, row].glyph)")
            }
        }
        return fill.sorted()
    }

    /// The styles that fill each piece with its own pattern: no colour, eight colours, ascii.
    static let filled: [RenderStyle] = [RenderStyle(glyphs: .shades, colors: .none), RenderStyle(glyphs: .shades, colors: .ansi8),
                                        .ascii, RenderStyle(glyphs: .ascii, colors: .xterm256)]

    @Test("without colour, in eight colours and in ascii the seven pieces have seven different fills", arguments: SeenAsDrawnTests.filled)
    func sevenFills(style: RenderStyle) {
        let fills = (0..<7).map { Self.fill(of: $0, style: style) }
        #expect(Set(fills).count == 7, "\(fills)")
    }

    /// Issue 34's position as the game draws it: V, L and Z placed, B selected in front of the
    /// cube on the left with its fit's ghost (id 90) in the cube, P behind the cube and standing
    /// above it, A and T on the floor.
    static var issuePosition: SceneModel {
        let b = ScenePiece(id: 5, cells: [Cell(-1, -2, 0), Cell(-1, -2, 1), Cell(-1, -1, 1), Cell(0, -2, 0)], color: .palette(5),
                           marks: .selected)
        let fit = ScenePiece(id: 90, cells: SceneFixtures.solvedCube[5].cells, color: .palette(5), marks: .hint)
        let p = ScenePiece(id: 6, cells: [Cell(0, 4, 2), Cell(0, 4, 3), Cell(1, 4, 3), Cell(0, 4, 4)], color: .palette(6))
        let a = ScenePiece(id: 4, cells: [Cell(-3, 1, 0), Cell(-3, 2, 0), Cell(-2, 2, 0), Cell(-3, 2, 1)], color: .palette(4))
        let t = ScenePiece(id: 2, cells: [Cell(4, -2, 0), Cell(4, -1, 0), Cell(4, 0, 0), Cell(5, -1, 0)], color: .palette(2))
        var model = SceneModel(ghostCells: SceneFixtures.cubeCells, pieces: SceneFixtures.pieces("VLZ") + [b, fit, p, a, t])
        model.floor = model.floorAround(margin: 1)
        return model
    }

    /// The glyphs every piece may show and that name none: outlines and seams (`-|/\\`, blank
    /// gaps), the figure's cage drawn over a piece behind it (`│─·`), the veil (`░`, `.`), a
    /// footprint `~`, a dead end's `!`, a refusal's `x`, letters.
    static func names(_ glyph: Character) -> Bool {
        !(" -|/\\│─░.·~!x".contains(glyph) || glyph.isLetter)
    }

    /// Each piece's glyphs in `canvas` that are not shared (`names`), by piece id.
    static func fills(in canvas: Canvas) -> [Int: Set<Character>] {
        var fills: [Int: Set<Character>] = [:]
        for cell in canvas.cells {
            guard case .piece(let piece, _, _) = cell.id, Self.names(cell.glyph) else { continue }
            fills[piece, default: []].insert(cell.glyph)
        }
        return fills
    }

    @Test("issue 34's position without colour, in eight colours and in ascii: every face cell's glyph names its piece, at 80x24 and 120x40",
          arguments: SeenAsDrawnTests.filled)
    func everyCellNamesItsPiece(style: RenderStyle) {
        let model = Self.issuePosition
        for (width, height) in [(80, 24), (120, 40)] {
            for view in 0..<4 {
                let canvas = Self.render(model, like: model, width: width, height: height, style: style, view: view)
                let fills = Self.fills(in: canvas)
                let place = "\(Self.name(style)) \(width)x\(height) view \(view)"
                // Each of the seven shows its fill (and the fit's ghost its piece's, faint).
                for piece in [0, 1, 2, 3, 4, 5, 6, 90] {
                    let texture = FillTexture.of(.palette(piece == 90 ? 5 : piece))
                    let family = Set((1...3).flatMap { level in
                        [false, true].map { texture.glyph(level: level, unicode: style.unicode, odd: $0) }
                    })
                    let shown = fills[piece] ?? []
                    #expect(shown.isSubset(of: family), "\(place): piece \(piece) shows \(shown), its fill is \(family)")
                    // From the game's first view every one of them is seen.
                    if view == 0 { #expect(!shown.isEmpty, "\(place): piece \(piece) not seen") }
                }
                // No glyph of one piece's fill is another's: any one cell says which piece it is.
                for i in 0..<7 {
                    for j in (i + 1)..<7 {
                        #expect((fills[i] ?? []).isDisjoint(with: fills[j] ?? []), "\(place): pieces \(i) and \(j) share a glyph")
                    }
                }
                // The ghost of the fit is faint, the pieces in the open are not.
                let ghost = canvas.cells.filter { if case .piece(90, _, _) = $0.id { Self.names($0.glyph) } else { false } }
                #expect(ghost.allSatisfy(\.style.dim) && (view > 0 || !ghost.isEmpty), "\(place)")
            }
        }
    }

    @Test("the fills' glyphs: one a fill, of seven kinds; seven different swatches")
    func fillGlyphs() {
        #expect(FillTexture.allCases.map { $0.swatch(unicode: true) } == ["██", "▌▌", "▃▃", "◢◢", "●●", "┼┼", "▚▚"])
        #expect(FillTexture.allCases.map { $0.swatch(unicode: false) } == ["##", "::", "==", "%%", "**", "++", "$$"])
        // The horizontal bars thin with the light; the others keep their glyph (round 4: L's
        // hairlines `▏` could hardly be seen at 80x24, V's `▓▒` read as the veil's `░`).
        #expect((1...3).map { FillTexture.rows.glyph(level: $0, unicode: true) } == ["▁", "▂", "▃"])
        #expect((1...3).map { FillTexture.solid.glyph(level: $0, unicode: true) } == ["█", "█", "█"])
        #expect((1...3).map { FillTexture.columns.glyph(level: $0, unicode: true) } == ["▌", "▌", "▌"])
        #expect((1...3).map { FillTexture.grid.glyph(level: $0, unicode: true) } == ["┼", "┼", "┼"])
        // Pentominoes' twelve share the seven in the palette's order; grey is solid.
        #expect(FillTexture.of(.palette(8)) == .columns && FillTexture.of(.palette(-1)) == .checks && FillTexture.of(.neutral) == .solid)
    }

    @Test("colour needs no texture: in block cells a piece's top is one colour")
    func blocksUntextured() {
        #expect(Self.fill(of: 1, style: .blocks256) == Self.fill(of: 0, style: .blocks256))
    }

    @Test("without block cells the floor draws no lines: quiet, yet there to be pointed at", arguments: SeenAsDrawnTests.filled)
    func quietFloor(style: RenderStyle) {
        let model = Self.placed()
        for (width, height) in [(80, 24), (120, 40)] {
            let canvas = Self.render(model, like: model, width: width, height: height, style: style)
            let floor = canvas.cells.filter { if case .floor = $0.id { true } else { false } }
            let marked = floor.filter { $0.glyph != " " }
            // Its border was pairs of dots strewn across the screen (round 6 of issue 34).
            #expect(marked.isEmpty && floor.count >= 100,
                    "\(Self.name(style)) \(width)x\(height): \(floor.count) floor cells, marked: \(Set(marked.map(\.glyph)))")
        }
    }

    /// The styles whose cage slants in dots (`LookTable.shadeGlyph`): unicode without block cells.
    static let dotted = [RenderStyle(glyphs: .shades, colors: .none), RenderStyle(glyphs: .shades, colors: .ansi8)]

    @Test("the cage's dots never take a cell of a piece seen through the figure", arguments: SeenAsDrawnTests.dotted)
    func cageDotsOffPieces(style: RenderStyle) {
        let model = Self.issuePosition
        for (width, height) in [(80, 24), (120, 40)] {
            for view in 0..<4 {
                let canvas = Self.render(model, like: model, width: width, height: height, style: style, view: view)
                let dotted = canvas.cells.filter { if case .piece = $0.id { $0.glyph == "·" } else { false } }
                #expect(dotted.isEmpty, "\(Self.name(style)) \(width)x\(height) view \(view): \(dotted.count) dots on pieces")
            }
        }
        // L, set in the cube behind B's fit and under Z and V, shows its fill in the cells
        // the dots took (round 5: three cells at 80x24 in the real xterm).
        let canvas = Self.render(model, like: model, style: style)
        let l = canvas.cells.filter { if case .piece(1, _, _) = $0.id { Self.names($0.glyph) } else { false } }
        #expect(l.count >= 6, "\(Self.name(style)): L's fill in \(l.count) cells")
    }

    @Test("the figure's empty cells are a light cage of lines without colour, not a mass of shade")
    func lightCage() {
        for colors in [RenderStyle.Colors.none, .ansi8] {
            let model = SceneModel(ghostCells: SceneFixtures.cubeCells)
            let canvas = Self.render(model, like: model, style: RenderStyle(glyphs: .shades, colors: colors))
            let ghost = canvas.cells.filter { if case .ghost = $0.id { true } else { false } }
            let glyphs = Set(ghost.map(\.glyph))
            #expect(glyphs.isSubset(of: [" ", "│", "─", "·"]), "\(glyphs)")
            // The cage: every empty cell's edges, the inner ones too, not only the outline.
            #expect(ghost.filter { $0.glyph == "│" }.count >= 12 && ghost.filter { $0.glyph == "·" }.count >= 40)
        }
    }

    @Test("a piece on a dead-end fit is marked in the picture in every style", arguments: SeenAsDrawnTests.styles)
    func deadEndMarked(style: RenderStyle) {
        var model = Self.placed()
        let plain = Self.render(model, like: model, style: style)
        model.pieces[1].marks = .deadEnd
        let marked = Self.render(model, like: model, style: style)
        var changed = 0
        for row in 0..<plain.height {
            for column in 0..<plain.width where marked[column, row] != plain[column, row] {
                changed += 1
                if style.usesBlocks {
                    #expect(Self.near(1, marked, column, row), "only L is marked: \(column),\(row)")
                } else {
                    #expect(marked[column, row].id == plain[column, row].id)
                    #expect(Self.placedPiece(marked[column, row].id, among: [1]), "only L is marked: \(column),\(row)")
                }
            }
        }
        #expect(changed >= 4, "\(Self.name(style)): \(changed) cells")
        if !style.usesBlocks { #expect(marked.cells.contains { $0.glyph == "!" }) }
    }

    @Test("the selected piece is marked on a light background, in eight colours and without colour", arguments: SeenAsDrawnTests.styles)
    func selectionVisible(style: RenderStyle) {
        var model = Self.placed()
        let plain = Self.render(model, like: model, style: style)
        model.pieces[1].marks = .selected
        let selected = Self.render(model, like: model, style: style)
        var changed = 0
        for row in 0..<plain.height {
            for column in 0..<plain.width where selected[column, row] != plain[column, row]
                && Self.placedPiece(plain[column, row].id, among: [1]) {
                changed += 1
            }
        }
        let cellsOfL = plain.cells.filter { Self.placedPiece($0.id, among: [1]) }.count
        // Its outline at least: a good part of its cells look different.
        #expect(changed * 4 >= cellsOfL, "\(Self.name(style)): \(changed) of \(cellsOfL) cells")
    }
}
