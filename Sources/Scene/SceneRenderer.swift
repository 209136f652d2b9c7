import Polycube

/// Draws a `SceneModel` through a `Camera` into a `Canvas`: the floor grid and shadows, the
/// target figure as a quiet ghost, the pieces shaded by how their faces turn to the light, with
/// edges where one piece ends, and a small axis gizmo. A pure function: same input, same
/// picture.
public enum SceneRenderer {
    /// Depth nudges (lattice units) deciding who wins where two things touch: the selected
    /// piece over others, pieces over the ghost, everything over the floor (layers already
    /// decide between different kinds; the nudges keep the rule when depths are compared).
    static let selectedBias = -0.004, ghostBias = 0.004, floorBias = 0.008
    /// The landing footprint lies on a face (a piece's top, the ghost's, the floor) and must win
    /// over it, as over the selected piece's own bias.
    static let footprintBias = -0.006
    /// The edges' half width in samples with `RenderStyle.Glyphs.shades` (see `Rasterizer.edgeHalfWidth`).
    static let shadesEdgeWidth = 0.3

    /// Renders `model` into a canvas of `width` columns and `height` rows. The camera's pivot is
    /// drawn at the canvas centre. `buffers`: the memory of the caller's earlier frames, drawn
    /// in again (`RenderBuffers`); without it the frame allocates its own.
    public static func render(_ model: SceneModel, camera: Camera, width: Int, height: Int,
                              style: RenderStyle, buffers: RenderBuffers? = nil) -> SceneFrame {
        var storage = buffers?.take() ?? RenderBuffers.Storage()
        var raster = Rasterizer(camera: camera, columns: max(0, width), rows: max(0, height),
                                samplesPerRow: style.samplesPerRow, samplesPerColumn: style.samplesPerColumn,
                                reusing: moveOut(&storage.samples), ids: moveOut(&storage.ids))
        raster.depths = moveOut(&storage.depths)
        raster.order = moveOut(&storage.order)
        if style.glyphs != .ascii && !style.usesBlocks {
            raster.edgeHalfWidth = shadesEdgeWidth
            // The cage's slanted lines are dots there: kept off the pieces seen through it.
            raster.overlaysSlantedEdges = false
        }
        // The piece in hand (or a refused pose) behind the figure is seen whole, so the player
        // can steer it, yet plainly behind (issue 25): in one-sample cells through a screen door
        // (every other sample veiled); block cells tint it instead (`LookTable.pieceLook`), as
        // there a checker of samples melted into the cage's lines.
        if !style.usesBlocks {
            raster.screened = [false, false] + model.pieces.map { !$0.marks.isDisjoint(with: [.selected, .invalid]) }
        }
        // The light turns with the camera (from the upper left, a little in front), so from any
        // side the faces turned up are lit, those turned left half lit, those turned right dim:
        // the three visible orientations always read as three shades.
        let light = (camera.right * -0.4 + camera.up * 0.5 + camera.towardEye * 0.75).normalized
        let shade = Face.allCases.map { side in
            LookTable.shade(0.25 + 0.75 * max(0, Vector3(side.normal).dot(light)))
        }

        let eye = camera.towardEye
        let visible = { (normal: Cell) in Vector3(normal).dot(eye) > 1e-9 }
        // The sides the camera sees, in `Face` order: the same for every cube.
        let seen = Face.allCases.filter { visible($0.normal) }

        // Layers never draw over a higher layer (see `Rasterizer.fill`), so they can go in any
        // order: pieces first, then the ghost and the floor fill only what the pieces leave.
        // Within a layer, faces go nearest first, so hidden ones fail the depth test at once
        // instead of being drawn and overdrawn.

        // The cells of the pieces drawn where they lie: a face lying on one of them, on the
        // camera's side, is buried and only its rim is filled (see `Rasterizer.fill`).
        let solid = CellGrid(model.pieces.filter { $0.displacement == .zero }.flatMap(\.cells))

        // The figure's cells: a piece's cube inside the figure is drawn in full light, one
        // outside a level darker, so what is placed stands out from what lies around. Without a
        // figure (a picture of a solution) every cube counts as inside.
        let figure = CellGrid(model.ghostCells)
        let everywhere = model.ghostCells.isEmpty
        let contact = Contact(model: model)

        // Pieces.
        var faces = moveOut(&storage.faces)
        faces.removeAll(keepingCapacity: true)
        // Room for the longest of the three lists at once (a cube shows at most three faces;
        // the footprint adds a square per cube of its piece): grown face by face, the first
        // frame's list was copied nine times over (issue 35).
        let pieceCubes = model.pieces.reduce(0) { $0 + $1.cells.count }
        let floorSquares = model.floor.map { $0.xs.count * $0.ys.count } ?? 0
        faces.reserveCapacity(max(4 * pieceCubes, 3 * model.ghostCells.count, floorSquares))
        for index in model.pieces.indices {
            // The piece taken once: through `enumerated()` it was copied for every face (a
            // retain of its cells each time).
            let piece = model.pieces[index]
            let bias = piece.marks.contains(.selected) ? selectedBias : 0
            // The assist's fit in block cells is hatched too, in its piece's hue (`LookTable.fitColor`).
            let hatch = !piece.marks.isDisjoint(with: [.invalid, .deadEnd]) || (style.usesBlocks && piece.marks.contains(.hint))
            // The piece in hand is framed twice as wide as the others in block cells: a mark
            // that survives a light background, where it cannot be brightened (issue 34). One-
            // sample cells mark it by reverse video (`LookTable`); a doubled outline of slashes
            // there would be slash art.
            let framed = piece.marks.contains(.selected) && !piece.marks.contains(.hint) && style.usesBlocks
            let base = LookTable.base(piece: index)
            // A piece is a handful of cubes and a scan is quickest; a figure's body in a picture
            // (`soma show` of a 64x64x64 box) is up to 262,144, where a scan per face made the
            // picture take a minute: a grid answers in constant time.
            // A function over the piece's cells rather than a closure value, which copied the
            // optional grid at every call.
            let cells = piece.cells, big = cells.count > 64
            let grid = CellGrid(big ? cells : [])
            func covers(_ c: Cell) -> Bool {
                if big { return grid.contains(c) }
                for own in cells where own == c { return true }
                return false
            }
            // A piece drawn elsewhere than where it lies (carried) touches nothing there.
            let touches = piece.displacement == .zero && !piece.marks.contains(.hint)
            for (cubeIndex, cell) in piece.cells.enumerated() {
                let origin = Vector3(cell) + piece.displacement
                for side in seen {
                    let face = side.geometry
                    if covers(cell + face.normal) { continue }
                    var edges = face.edges(of: cell, in: covers, visible: visible)
                    // A cube inside the figure is framed by contact lines all round (it is set
                    // into the figure), one outside only where it touches something: placed
                    // and loose pieces differ by their outline as well as by their light.
                    let inside = touches && !everywhere && figure.contains(cell)
                    if touches {
                        edges.contact = (inside ? edges.mask : contact.edges(of: cell, face: face, own: covers)) & edges.mask & ~edges.seam
                    }
                    if framed { edges.wide = edges.mask & ~edges.seam }
                    faces.append(Rasterizer.Face(corner: origin + Vector3(face.corner), a: Vector3(face.a), b: Vector3(face.b),
                                                 edges: edges,
                                                 bias: bias, id: .piece(piece: piece.id, cube: cubeIndex, face: side), layer: .piece,
                                                 looks: LookTable.faceLooks(base: base, shade: shade[side.rawValue], hatched: hatch,
                                                                            outside: !everywhere && !figure.contains(cell)),
                                                 buried: piece.displacement == .zero && solid.contains(cell + face.normal)))
                }
            }
        }
        // The selected piece's landing footprint, among the pieces: it lies on a top face of
        // one of them as often as on the ghost or the floor, and wins that tie by its bias.
        let shadow = LandingShadow(model: model)
        if let shadow, visible(Cell(0, 0, 1)) {
            let top = Face.top.geometry
            let looks = LookTable.footprintLooks(base: LookTable.base(piece: shadow.piece))
            for square in shadow.squares {
                // In the layer of what it lies on: a footprint on the floor behind the figure is
                // hidden by the figure's ghost in front, as the floor there is, rather than
                // drawn over the ghost like a piece (issue 34: it looked cast on the cube's top).
                let layer: SceneSample.Layer
                switch square.id {
                case .floor: layer = .floor
                case .ghost: layer = .ghost
                default: layer = .piece
                }
                faces.append(Rasterizer.Face(corner: Vector3(Double(square.x), Double(square.y), Double(square.z)),
                                             a: Vector3(top.a), b: Vector3(top.b), edges: .none, bias: footprintBias,
                                             id: square.id, layer: layer, looks: looks))
            }
        }
        raster.fill(faces)

        // A hint (or the assist's fit) hidden behind placed pieces is not drawn through them: an
        // outline over the faces in front read as a net over the cube's top (issue 34). Where
        // it lies in the figure's empty cells it is seen through the ghost like any piece, and
        // the plan shows it whole.

        // The cage and the floor's border are lines a sample wide: narrower, as the pieces' gaps
        // are in one-sample cells, a line between two sample centres would vanish and the cage
        // fall apart.
        raster.edgeHalfWidth = Rasterizer.edgeWidth

        // Ghost: the figure's cells not yet covered by a piece, as one body.
        if !model.ghostCells.isEmpty {
            let covered = CellGrid(model.pieces.filter { !$0.marks.contains(.hint) }.flatMap(\.cells))
            let ghost = CellGrid(model.ghostCells.filter { !covered.contains($0) })
            // In one-sample cells the cage's lines are never doubled (see the width below).
            let cage = !style.usesBlocks
            faces.removeAll(keepingCapacity: true)
            for cell in model.ghostCells where ghost.contains(cell) {
                let origin = Vector3(cell)
                for side in seen {
                    let face = side.geometry
                    if ghost.contains(cell + face.normal) { continue }
                    var edges = face.edges(of: cell, in: { ghost.contains($0) }, visible: visible)
                    if cage { edges.wide = 0 }
                    faces.append(Rasterizer.Face(corner: origin + Vector3(face.corner), a: Vector3(face.a), b: Vector3(face.b),
                                                 edges: edges,
                                                 bias: ghostBias, id: .ghost(x: cell.x, y: cell.y, z: cell.z, face: side), layer: .ghost,
                                                 looks: LookTable.faceLooks(base: LookTable.base(ghost: ()), shade: shade[side.rawValue]),
                                                 buried: solid.contains(cell + face.normal)))
                }
            }
            // The ghost's edges cross the pieces seen through it: empty cells in front of a
            // piece read as empty, and a piece behind the figure as behind it.
            raster.fill(faces, overlayingEdges: true)
        }

        // Floor: a grid of squares seen from above, darkened under the pieces.
        if let floor = model.floor, visible(Cell(0, 0, 1)) {
            let shadowed = CellGrid(model.pieces.filter { !$0.marks.contains(.hint) }.flatMap { $0.cells.map { Cell($0.x, $0.y, 0) } })
            let top = Face.top.geometry
            // One-sample cells draw no floor lines at all, only what lies on the floor (a
            // footprint): a grid of dots in every square was noise louder than the pieces, and
            // its border alone, slanting, was pairs of dots strewn across the screen (issue 34).
            // The floor is still there to be pointed at (its hit ids). Block cells draw the grid
            // a shade off.
            let grid = style.usesBlocks
            faces.removeAll(keepingCapacity: true)
            for y in floor.ys {
                for x in floor.xs {
                    faces.append(Rasterizer.Face(corner: Vector3(Double(x), Double(y), Double(floor.level)),
                                                 a: Vector3(top.a), b: Vector3(top.b),
                                                 edges: grid ? .all : .none, bias: floorBias,
                                                 id: .floor(x: x, y: y), layer: .floor,
                                                 looks: LookTable.floorLooks(shadowed: shadowed.contains(Cell(x, y, 0))),
                                                 buried: solid.contains(Cell(x, y, floor.level))))
                }
            }
            raster.fill(faces)
        }

        let looks: LookTable
        if let kept = storage.looks, kept.fits(model, style) {
            looks = kept.table
        } else {
            looks = LookTable(model: model, style: style)
            if buffers != nil { storage.looks = RenderBuffers.KeptLooks(looks, model: model, style: style) }
        }
        var canvas = SampleShader(style: style, looks: looks).canvas(from: raster, in: &storage)
        if let shadow, let line = shadow.dropLine {
            drawDropLine(from: line.top, to: line.bottom, raster: raster, into: &canvas,
                         style: LookTable.dropLineStyle(model.pieces[shadow.piece], colors: style.colors,
                                                        scheme: style.palette),
                         glyph: style.unicode ? "│" : "|")
        }
        if style.showsGizmo { AxisGizmo(camera: camera, colors: style.colors).draw(into: &canvas) }
        // Last, on what is left in view: the gizmo covers a corner of the picture.
        PieceLetters.draw(model.pieces, into: &canvas, colors: style.colors)
        if let buffers {
            // Kept for the next frame; the canvas's cells are shared with the frame until the
            // caller drops it (then the next frame writes them in place).
            storage.samples = moveOut(&raster.samples)
            storage.ids = moveOut(&raster.ids)
            storage.depths = moveOut(&raster.depths)
            storage.order = moveOut(&raster.order)
            storage.faces = moveOut(&faces)
            storage.cells = canvas.cells
            buffers.give(storage)
        }
        return SceneFrame(canvas: canvas, camera: camera, model: model)
    }

    /// The drop line of a floating piece: a vertical line of `glyph` from the underside of its
    /// lowest cube down to the footprint, drawn over the floor, the ghost and pieces further back,
    /// and hidden behind a nearer piece.
    static func drawDropLine(from top: Vector3, to bottom: Vector3, raster: Rasterizer, into canvas: inout Canvas,
                             style: TextStyle, glyph: Character) {
        let a = raster.screen(top), b = raster.screen(bottom)
        let rows = Double(raster.samplesPerRow), across = Double(raster.samplesPerColumn)
        let r0 = Int((a.y / rows).rounded(.down)), r1 = Int((b.y / rows).rounded(.down))
        guard r1 > r0 + 1 else { return }
        // Rows strictly between the piece's underside and the footprint: both ends are drawn.
        for row in (r0 + 1)..<r1 {
            let f = (Double(row) + 0.5 - a.y / rows) / ((b.y - a.y) / rows)
            let column = Int(((a.x + f * (b.x - a.x)) / across).rounded(.down))
            let depth = Float(a.depth + f * (b.depth - a.depth))
            guard canvas.contains(column: column, row: row) else { continue }
            var cell = canvas[column, row]
            // Pieces are seen through the ghost, and so is the line; only a nearer piece hides it.
            if case .piece = cell.id, cell.depth < depth - 0.01 { continue }
            var lineStyle = style
            lineStyle.background = cell.style.background
            cell.glyph = glyph
            cell.style = lineStyle
            canvas[column, row] = cell
        }
    }
}
