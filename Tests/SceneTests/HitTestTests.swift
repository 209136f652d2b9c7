import Testing
import Polycube
@testable import Scene

/// Hit testing agrees with the picture: for every cell, the thing hit is the thing drawn.
@Suite struct HitTestTests {
    static let styles: [RenderStyle] = [
        RenderStyle(glyphs: .ascii, colors: .xterm256, showsGizmo: false),
        RenderStyle(glyphs: .blocks, colors: .xterm256, showsGizmo: false),
        {
            var quadrants = RenderStyle(glyphs: .blocks, colors: .xterm256, showsGizmo: false)
            quadrants.cells = .quadrants
            return quadrants
        }(),
    ]

    /// Every colour a piece can be drawn in, per piece id: the palette's shades of its colour.
    func shades(of model: SceneModel) -> [Int: Set<TerminalColor>] {
        var result: [Int: Set<TerminalColor>] = [:]
        for piece in model.pieces {
            for level in 0...3 {
                for selected in [false, true] {
                    result[piece.id, default: []].insert(
                        PiecePalette.terminalColor(piece.color, level: level, selected: selected, colors: .xterm256))
                }
            }
        }
        return result
    }

    /// The ghost's outline and cell edges: as ascii foreground and as half-block colours.
    static let ghostEdgeColours: Set<TerminalColor> = [.index(244), .index(240), .index(242), .index(239)]
    /// The ghost's faces and the floor in half blocks, and the terminal's background.
    static let quietGreys: Set<TerminalColor> = [.index(233), .index(234), .index(235), .index(236), .index(238), .default]

    @Test(arguments: 0..<3, 0..<4)
    func everyCellHitsWhatIsDrawnThere(styleIndex: Int, view: Int) throws {
        let style = Self.styles[styleIndex]
        for model in [SceneFixtures.complete, SceneFixtures.halfBuilt] {
            let camera = SceneFixtures.camera(view: view, for: model, width: 50, height: 20)
            let frame = SceneRenderer.render(model, camera: camera, width: 50, height: 20, style: style)
            let shades = shades(of: model)
            var pieceCells = 0, checked = 0
            let ray = RayCast(model: model, camera: camera, width: 50, height: 20)
            // Where the samples of a cell are: its centre, the centres of its two halves, or
            // of its four quadrants.
            let samples: [(x: Double, y: Double)] = style.glyphs == .ascii ? [(0.5, 0.5)]
                : (style.cells == .halves ? [(0.5, 0.25), (0.5, 0.75)] : [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)])
            for row in 0..<20 {
                for column in 0..<50 {
                    let cell = frame.canvas[column, row]
                    // The id drawn is what the geometry puts under one of the cell's samples
                    // (unless a sample lies on a border between two faces, too close to call).
                    let seen = samples.map { ray.seen(column: Double(column) + $0.x, row: Double(row) + $0.y) }
                    if seen.allSatisfy({ $0 != nil }) {
                        checked += 1
                        #expect(seen.contains { $0! == cell.id }, "(\(column), \(row)) drawn \(cell.id), seen \(seen)")
                    }
                    let hit = frame.hitTest(column: column, row: row)
                    #expect(hit?.id ?? .none == cell.id)
                    let drawn: Set<TerminalColor> = style.glyphs == .ascii
                        ? [cell.style.foreground] : [cell.style.foreground, cell.style.background]
                    switch hit?.id {
                    case nil:
                        // Nothing there: nothing drawn.
                        #expect(cell.glyph == " " && cell.style == .plain, "(\(column), \(row))")
                    case let .piece(piece, cube, face)?:
                        pieceCells += 1
                        // The colour drawn is one of that piece's shades, or the grey of the
                        // ghost's cell edges drawn across it where an empty cell is in front
                        // (the piece is still what a click there takes).
                        // In half blocks the other half may be the ghost or the floor.
                        let wire = !drawn.isDisjoint(with: Self.ghostEdgeColours)
                            && drawn.isSubset(of: Self.ghostEdgeColours.union(Self.quietGreys))
                        // Or the black of a contact line, where it touches another piece or the floor.
                        let contact = drawn.contains(.index(16))
                        #expect(!drawn.isDisjoint(with: shades[piece]!) || wire || contact,
                                "(\(column), \(row)) \(cell)")
                        // The point hit lies on that face of that cube.
                        let h = try #require(hit)
                        let p = try #require(model.pieces.first { $0.id == piece })
                        #expect((h.worldPoint - Vector3(p.cells[cube]) - h.localPoint).length < 1e-9)
                        let across = [h.localPoint.x, h.localPoint.x, h.localPoint.y, h.localPoint.y, h.localPoint.z, h.localPoint.z][face.rawValue]
                        #expect(abs(across - (face.rawValue % 2 == 0 ? 1 : 0)) < 1e-9)
                        if style.glyphs == .ascii {
                            // ...and it is what the camera sees through the cell's centre.
                            let s = frame.screenPoint(of: h.worldPoint)
                            #expect(abs(s.column - (Double(column) + 0.5)) < 1e-6)
                            #expect(abs(s.row - (Double(row) + 0.5)) < 1e-6)
                        }
                    case .ghost?, .floor?:
                        // Quiet greys, never a piece's colour.
                        let pieceColours = shades.values.reduce(into: Set<TerminalColor>()) { $0.formUnion($1) }
                        #expect(drawn.isDisjoint(with: pieceColours.subtracting([.default])), "(\(column), \(row))")
                    default:
                        Issue.record("unexpected id \(String(describing: hit?.id))")
                    }
                }
            }
            #expect(pieceCells > 50)
            // Almost every cell is decided by the geometry alone; the rest sit on borders.
            #expect(checked > 50 * 20 * 9 / 10, "only \(checked) cells checked")
        }
    }

    @Test func theFloorIsHitWhereNoPieceStands() throws {
        let model = SceneFixtures.halfBuilt
        let camera = SceneFixtures.camera(for: model, width: 50, height: 20)
        let frame = SceneRenderer.render(model, camera: camera, width: 50, height: 20, style: .ascii)
        // The floor square in front of the figure at (1, -1), seen through its centre.
        let centre = camera.project(Vector3(1.5, -0.5, 0))
        let hit = try #require(frame.hitTest(column: Int(centre.column + 25), row: Int(centre.row + 10)))
        #expect(hit.id == .floor(x: 1, y: -1))
        #expect(abs(hit.worldPoint.z) < 1e-9)
        #expect(frame.hitTest(column: -1, row: 0) == nil && frame.hitTest(column: 50, row: 0) == nil)
    }
}
