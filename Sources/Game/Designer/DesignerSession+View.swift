import Polycube
import Scene

/// The designer's screen: the camera that orbits the work, the scene of cubes, cursor, floor and
/// drawing plane, and the text around it (status line, live panel, name field, help). A pure
/// function of the session, so a resize or a redraw after a dropped connection shows the same.
extension DesignerSession {
    /// What the camera keeps in view: the design, the cursor and a 3x3x3 work space at the
    /// origin, so the first cubes do not fill the screen.
    var extent: [Cell] {
        var cells = Array(design.cells) + [plane.cursor]
        for z in 0..<3 { for y in 0..<3 { for x in 0..<3 { cells.append(Cell(x, y, z)) } } }
        return cells
    }

    /// The smallest and largest coordinates of some cells (at least one).
    static func bounds(_ cells: [Cell]) -> (lo: Cell, hi: Cell) {
        let box = Bounds(cells)
        return (box.lo, box.hi)
    }

    /// The camera for the current screen: it orbits the centre of the work and fits it, times
    /// the player's zoom. While a stroke lasts, the camera it started with.
    var camera: Camera {
        switch stroke {
        case let .paint(_, _, _, frozen)?, let .erase(frozen)?: return frozen
        default: break
        }
        let area = Self.pictureArea(width: screen.width, height: screen.height)
        return viewpoint.camera(following: extent, width: area.width, height: area.height, margin: 0.9)
    }

    /// The scene: one piece per cube (so every cube shows its edges), coloured by connected part;
    /// the cursor as a dim cube where there is none, or its cube highlighted; the floor under it.
    func sceneModel() -> SceneModel {
        var partOf: [Cell: Int] = [:]
        for (i, part) in design.parts.enumerated() { for c in part { partOf[c] = i } }
        var pieces = design.cells.sorted().enumerated().map { index, cell in
            ScenePiece(id: index, cells: [cell], color: .palette(Self.partColors[(partOf[cell] ?? 0) % Self.partColors.count]),
                       marks: cell == plane.cursor ? [.selected] : [])
        }
        if !design.contains(plane.cursor) {
            pieces.append(ScenePiece(id: SceneObjectID.cursor.id, cells: [plane.cursor], color: .palette(2), marks: [.hint]))
        }
        // The floor spans the work space under everything, at the lowest layer in use, so the
        // first cubes have something to stand on and heights can be read.
        let (lo, hi) = Self.bounds(extent)
        let floor = SceneModel.Floor(xs: (lo.x - 1)...(hi.x + 1), ys: (lo.y - 1)...(hi.y + 1), level: lo.z)
        return SceneModel(pieces: pieces, floor: floor)
    }

    /// Palette entries for the parts: blue for the first (the figure), then contrasting hues.
    static let partColors = [4, 0, 3, 1, 6, 5]

    func frame(camera: Camera) -> SceneFrame {
        let area = Self.pictureArea(width: screen.width, height: screen.height)
        return SceneRenderer.render(sceneModel(), camera: camera, width: area.width, height: area.height, style: style,
                                    buffers: renderBuffers)
    }

    static let legendWidth = 24

    /// The picture area: below the status line, above the message line, left of the panel.
    static func pictureArea(width: Int, height: Int) -> Rect {
        let legend = width >= 64 ? legendWidth : 0
        return Rect(column: 0, row: 1, width: max(0, width - legend), height: max(0, height - 2))
    }

    /// The picture for a terminal of `width` x `height` (the midend draws the top and bottom lines).
    func picture(width: Int, height: Int) -> Canvas {
        var session = self
        session.resize(width: width, height: height)
        return session.draw()
    }

    private func draw() -> Canvas {
        let (width, height) = screen
        var canvas = Canvas(width: width, height: height)
        let area = Self.pictureArea(width: width, height: height)
        let frame = frame(camera: camera)
        var picture = frame.canvas
        markDrawingPlane(on: &picture, frame: frame)
        for r in 0..<min(area.height, picture.height) {
            for c in 0..<min(area.width, picture.width) { canvas[area.column + c, area.row + r] = picture[c, r] }
        }
        if area.width < width { drawPanel(into: &canvas, column: area.width, height: height) }

        return canvas
    }

    /// The top and bottom lines' facts: the design's name and size, the solutions counted; what
    /// the last command said, or the keys, named from the key table as bound (`Settings.designKeys`).
    var status: ScreenStatus {
        let name = design.name.isEmpty ? "new figure" : design.name
        var fields = ["design: " + name + (isModified ? " *" : ""), "\(design.cells.count)/\(design.neededCells) cubes"]
        if let summary = tally.summary { fields.append(summary) }
        let arrows = keys.keyNames([.moveCursor(.up), .moveCursor(.down), .moveCursor(.left), .moveCursor(.right)])
        return ScreenStatus(fields: fields, bottom: [BottomLine(message: message, reminders: [
            Reminder(keys: arrows, "cursor"), keys.reminder([.movePlane(-1), .movePlane(1)], "plane"),
            keys.reminder(.add, "add"), keys.reminder(.remove, "remove"), keys.reminder(.save, "save"),
            Reminder(keys: "click/drag", "build"),
        ])])
    }

    /// Shows the drawing plane without hiding anything: a dot at the centre of each of its cells
    /// around the work, where only empty space or the floor is drawn. Hit ids stay as they were.
    private func markDrawingPlane(on picture: inout Canvas, frame: SceneFrame) {
        let style = TextStyle(foreground: .index(244))
        for cell in planePatch where !design.contains(cell) {
            let p = frame.screenPoint(of: Vector3(Double(cell.x) + 0.5, Double(cell.y) + 0.5, Double(cell.z) + 0.5))
            let column = Int(p.column.rounded(.down)), row = Int(p.row.rounded(.down))
            guard picture.contains(column: column, row: row) else { continue }
            let shown = picture[column, row]
            switch shown.id {
            case .none, .floor:
                // A middle dot where Unicode is drawn; ascii floors are drawn with dots, so `+`.
                let glyph: Character = self.style.glyphs == .ascii || self.style.colors == .none ? "+" : "·"
                picture[column, row] = TerminalCell(glyph: glyph, style: style, depth: shown.depth, id: shown.id)
            default:
                continue
            }
        }
    }

    /// The live panel: cubes against what the pieces need (and what is missing), connected
    /// parts, the solution count, and where the cursor and the drawing plane are.
    private func drawPanel(into canvas: inout Canvas, column: Int, height: Int) {
        var lines: [(String, TextStyle)] = []
        let count = design.cells.count, needed = design.neededCells
        lines.append(("Figure", Panels.frameStyle))
        lines.append(("cubes   \(count) of \(needed)", .plain))
        if count < needed {
            let n = needed - count
            // Nothing drawn yet is no mistake: the count is said quietly until the first cube.
            lines.append(("\(Panels.count(n, "cube")) missing", count == 0 ? Panels.dimStyle : Panels.refusalStyle))
        } else if count > needed {
            let n = count - needed
            lines.append(("\(n) cube\(n == 1 ? "" : "s") too many", Panels.refusalStyle))
        } else {
            lines.append(("complete", TextStyle(foreground: .index(10))))
        }
        let parts = design.partCount
        lines.append(("parts   \(parts)" + (parts > 1 ? " (apart)" : ""), parts > 1 ? Panels.refusalStyle : .plain))
        lines.append(("", .plain))
        lines.append(("Solutions", Panels.frameStyle))
        switch tally {
        case .notCounted:
            lines.append(("counted at \(needed) cubes", Panels.dimStyle))
        case .counting:
            lines.append(("counting...", Panels.noteStyle))
        case .counted(0):
            lines.append(("no solution", Panels.refusalStyle))
            lines.append(("the pieces cannot", Panels.dimStyle))
            lines.append(("build this figure", Panels.dimStyle))
        case .counted:
            lines.append((tally.summary ?? "", TextStyle(foreground: .index(10), bold: true)))
        case .impossible(let reason):
            lines.append(("cannot be solved:", Panels.refusalStyle))
            for chunk in Self.wrap(reason, width: Self.legendWidth - 2) { lines.append((chunk, Panels.dimStyle)) }
        }
        lines.append(("", .plain))
        lines.append(("Drawing plane", Panels.frameStyle))
        lines.append(("\(plane.axis) = \(plane.level)", .plain))
        let c = plane.cursor
        lines.append(("cursor  \(c.x),\(c.y),\(c.z)", .plain))
        if design.contains(c) { lines.append(("(on a cube)", Panels.dimStyle)) }
        for (i, line) in lines.enumerated() {
            let row = 2 + i
            guard row < height - 1 else { break }
            canvas.put(String(line.0.prefix(Self.legendWidth - 1)), column: column + 1, row: row, style: line.1)
        }
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
