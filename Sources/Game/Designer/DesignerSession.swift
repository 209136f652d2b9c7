import Polycube
import Scene

/// `soma design`: building a new figure the SwiftSpace way. The camera orbits the centre of the
/// work; the player draws on the lattice plane through the cursor that faces the camera, with
/// keys (arrows, `[` `]`, Space, `x`) or the mouse (click a face to add the cube on it, drag to
/// paint a line, right-click to remove, drag on space to orbit).
///
/// A value, like the games: keys and pointer reports go in, `DesignerEffect`s come out for what
/// only the loop can do (autosave, background counts, writing files), and `view` draws the whole
/// screen. The screen size is remembered only so that pointer positions can be hit-tested
/// against the very picture the player sees.
public struct DesignerSession: Sendable {
    public private(set) var design: Design
    /// The file the design was opened from or last saved to, shown in the status line.
    public private(set) var path: String?
    /// True when the design has changed since it was opened or saved.
    public private(set) var isModified = false
    /// How the scene is drawn and hit-tested: what the terminal can show.
    public var style: RenderStyle

    var plane: DrawingPlane
    /// The camera's orientation (yaw, pitch); pivot and zoom follow the work (see `camera`).
    private(set) var orientation = Camera()
    private var zoomFactor = 1.0
    private var history = DesignHistory()
    private(set) var tally: SolutionTally = .notCounted
    /// Bumped on every change of the design, so late answers about older versions are dropped.
    private(set) var generation = 0
    /// Counts already known, by normalised cells: undo and redo show them at once.
    private var knownCounts: [[Cell]: SolutionTally] = [:]
    private(set) var prompt: NamePrompt?
    /// The name whose existing file the player was warned about: Enter on it again replaces it.
    private var confirmedReplacement: String?
    private(set) var showsHelp = false
    private(set) var message: DesignerMessage?
    private var stroke: Stroke?
    private var screen: (width: Int, height: Int)

    /// A mouse gesture in progress. The camera is frozen while it lasts, so the picture does not
    /// slide under the pointer as cubes are added and the work's centre moves.
    private enum Stroke: Sendable {
        /// Adding cubes in the layer `level` across `axis`, last at `last`.
        case paint(axis: Int, level: Int, last: Cell, camera: Camera)
        case erase(camera: Camera)
        /// Orbiting from the last position; `click` is the cell of the drawing plane a release
        /// without moving adds (a primary click on empty space that lands on the plane).
        case orbit(column: Int, row: Int, click: Cell?)
    }

    /// Starts on `design` (empty for a new figure), for a screen of `width` x `height`.
    public init(design: Design = Design(), path: String? = nil, width: Int = 80, height: Int = 24,
                style: RenderStyle = .blocks256) {
        self.design = design
        self.path = path
        self.style = style
        self.screen = (width, height)
        let top = design.cells.map(\.z).max().map { $0 + 1 } ?? 0
        plane = DrawingPlane(cursor: design.isEmpty ? .origin : Cell(0, 0, top), facing: Camera())
    }

    /// What to do as the session starts: count the solutions if the design is complete.
    public mutating func start() -> [DesignerEffect] { recount() }

    public mutating func resize(width: Int, height: Int) {
        screen = (width, height)
    }

    /// The cell keys act on.
    public var cursor: Cell { plane.cursor }

    // MARK: Keys

    /// Handles a key: in the name field when it is open, else through `DesignerKeyMap`.
    public mutating func handle(_ key: GameKey) -> [DesignerEffect] {
        if showsHelp {
            showsHelp = false
            return []
        }
        if var field = prompt {
            let outcome = field.handle(key)
            prompt = field
            switch outcome {
            case .editing: message = nil
            case .refused(let reason): message = .problem(reason)
            case .cancelled:
                prompt = nil
                confirmedReplacement = nil
                message = .note("Not saved")
            case .done(let name):
                prompt = nil
                let replacing = name == confirmedReplacement
                confirmedReplacement = nil
                return save(as: name, format: field.purpose, replacing: replacing)
            }
            return []
        }
        guard let action = DesignerKeyMap.action(for: key) else { return [] }
        message = nil
        switch action {
        case .moveCursor(let step):
            let s = Self.screenVector(step)
            plane.cursor = plane.cursor + plane.step(forScreen: s.columns, s.rows, camera: camera)
        case .movePlane(let steps):
            plane.move(toward: steps)
        case .add:
            if design.contains(plane.cursor) {
                message = .problem("There is a cube at the cursor already")
                return []
            }
            let cell = plane.cursor
            return change { $0.add(cell) }
        case .remove:
            guard design.contains(plane.cursor) else {
                message = .problem("No cube at the cursor to remove")
                return []
            }
            let cell = plane.cursor
            return change { $0.remove(cell) }
        case .orbit(let step):
            let s = Self.screenVector(step)
            orbit(columns: s.columns * 10, rows: s.rows * 10 / orientation.aspect)
        case .zoom(let zoomIn):
            zoom(by: zoomIn ? 1.25 : 0.8)
        case .resetView:
            orientation = Camera()
            zoomFactor = 1
            plane.face(orientation)
        case .undo:
            guard let previous = history.undo(from: design) else {
                message = .problem("Nothing to undo")
                return []
            }
            return replace(with: previous)
        case .redo:
            guard let next = history.redo(from: design) else {
                message = .problem("Nothing to redo")
                return []
            }
            return replace(with: next)
        case .save:
            prompt = NamePrompt(purpose: .native, text: design.name)
        case .export:
            prompt = NamePrompt(purpose: .yass, text: design.name)
        case .clear:
            guard !design.isEmpty else { return [] }
            let removed = design.cells
            return change { d in for c in removed { d.remove(c) } }
        case .help:
            showsHelp = true
        case .quit:
            return [.quit]
        }
        return []
    }

    // MARK: Pointer

    /// Handles a pointer report (screen cells of the whole screen).
    public mutating func handle(_ pointer: DesignerPointer) -> [DesignerEffect] {
        switch pointer {
        case let .press(button, column, row):
            if showsHelp {
                showsHelp = false
                return []
            }
            guard prompt == nil else { return [] }
            let area = Self.pictureArea(width: screen.width, height: screen.height)
            guard area.contains(column: column, row: row) else { return [] }
            let frozen = camera
            strokeRecorded = false
            let hit = frame(camera: frozen).hitTest(column: column - area.column, row: row - area.row)
            message = nil
            switch button {
            case .primary:
                guard let (target, axis) = target(of: hit?.id) else {
                    let area = Self.pictureArea(width: screen.width, height: screen.height)
                    let onPlane = DrawingPlane.cell(atColumn: column - area.column, row: row - area.row,
                                                    width: area.width, height: area.height, camera: frozen,
                                                    axis: plane.axis, level: plane.level)
                    stroke = .orbit(column: column, row: row, click: onPlane.flatMap { planePatch.contains($0) ? $0 : nil })
                    return []
                }
                stroke = .paint(axis: axis, level: DrawingPlane.coordinate(target, axis), last: target, camera: frozen)
                plane.cursor = target
                return design.contains(target) ? [] : change { $0.add(target) }
            case .secondary:
                guard let cell = cell(of: hit?.id) else {
                    stroke = .orbit(column: column, row: row, click: nil)
                    return []
                }
                stroke = .erase(camera: frozen)
                return change { $0.remove(cell) }
            case .middle:
                stroke = .orbit(column: column, row: row, click: nil)
            }
            return []
        case let .drag(column, row):
            guard let stroke else { return [] }
            let area = Self.pictureArea(width: screen.width, height: screen.height)
            switch stroke {
            case let .orbit(lastColumn, lastRow, _):
                guard column != lastColumn || row != lastRow else { return [] }
                orbit(columns: Double(column - lastColumn), rows: Double(row - lastRow))
                self.stroke = .orbit(column: column, row: row, click: nil)
            case let .paint(axis, level, last, frozen):
                guard let cell = DrawingPlane.cell(atColumn: column - area.column, row: row - area.row,
                                                   width: area.width, height: area.height, camera: frozen,
                                                   axis: axis, level: level),
                      cell != last else { return [] }
                let line = DrawingPlane.line(from: last, to: cell).dropFirst().filter { !design.contains($0) }
                self.stroke = .paint(axis: axis, level: level, last: cell, camera: frozen)
                plane.cursor = cell
                return line.isEmpty ? [] : change(continuing: true) { d in for c in line { d.add(c) } }
            case let .erase(frozen):
                let hit = frame(camera: frozen).hitTest(column: column - area.column, row: row - area.row)
                guard let cell = cell(of: hit?.id) else { return [] }
                return change(continuing: true) { $0.remove(cell) }
            }
            return []
        case .release:
            defer { stroke = nil }
            guard case .orbit(_, _, let click?)? = stroke, !design.contains(click) else { return [] }
            plane.cursor = click
            stroke = nil
            return change { $0.add(click) }
        case .cancel:
            stroke = nil
            return []
        case .wheel(let up):
            zoom(by: up ? 1.25 : 0.8)
            return []
        }
    }

    /// The cells of the drawing plane around the work, marked with dots on empty space, where a
    /// click adds a cube: the plane through the cursor, across the work's bounds and one more.
    var planePatch: Set<Cell> {
        let (lo, hi) = Self.bounds(extent)
        let a = plane.axis, level = plane.level
        let (u, v) = ((a + 1) % 3, (a + 2) % 3)
        func coordinates(_ c: Cell) -> [Int] { [c.x, c.y, c.z] }
        let low = coordinates(lo), high = coordinates(hi)
        var cells = Set<Cell>()
        for i in (low[u] - 1)...(high[u] + 1) {
            for j in (low[v] - 1)...(high[v] + 1) {
                var c = [0, 0, 0]
                c[a] = level; c[u] = i; c[v] = j
                cells.insert(Cell(c[0], c[1], c[2]))
            }
        }
        return cells
    }

    /// The cell a primary click adds, and the axis across the layer a drag from it paints in:
    /// on a cube's face, the cell on that face (building with blocks); on the floor, the cell
    /// standing on it; on the cursor's cube, the cursor. Nil for empty space (which orbits).
    private func target(of id: HitID?) -> (Cell, Int)? {
        switch id {
        case let .piece(piece, _, face)? where piece == Self.cursorID:
            _ = face
            return (plane.cursor, plane.axis)
        case let .piece(piece, _, face)?:
            let cells = design.cells.sorted()
            guard piece >= 0, piece < cells.count, (0..<6).contains(face) else { return nil }
            let n = Self.faceNormals[face]
            return (cells[piece] + n, face / 2)
        case let .floor(x, y)?:
            let level = sceneModel().floor?.level ?? 0
            return (Cell(x, y, level), 2)
        default:
            return nil
        }
    }

    /// The design's cube under a hit, if any.
    private func cell(of id: HitID?) -> Cell? {
        guard case let .piece(piece, _, _)? = id, piece >= 0 else { return nil }
        let cells = design.cells.sorted()
        return piece < cells.count ? cells[piece] : nil
    }

    /// Face normals in `HitID` order: +x, -x, +y, -y, +z, -z.
    static let faceNormals = [Cell(1, 0, 0), Cell(-1, 0, 0), Cell(0, 1, 0), Cell(0, -1, 0), Cell(0, 0, 1), Cell(0, 0, -1)]
    /// The hit id of the cursor's cube when it is drawn on an empty cell.
    static let cursorID = -1

    // MARK: Answers from the loop

    /// Takes a solution count from the background; an answer about an older design is dropped.
    public mutating func apply(_ result: SolutionCountResult) {
        guard case .counting(let g) = tally, g == result.generation else { return }
        switch result.outcome {
        case .counted(let n): tally = .counted(n)
        case .impossible(let reason): tally = .impossible(reason)
        case .cancelled: return
        }
        knownCounts[design.figure.cells] = tally
    }

    /// Takes the outcome of writing a file.
    public mutating func fileWritten(_ outcome: DesignFileOutcome) {
        switch outcome {
        case let .written(path, format):
            if format == .native {
                self.path = path
                isModified = false
            }
            let note = design.cells.count == design.neededCells ? ""
                : " (it has \(design.cells.count) cubes; the pieces need \(design.neededCells))"
            message = .note((format == .native ? "Saved to " : "Exported to ") + path + note)
        case let .exists(path, format):
            // Ask again, with the same name: Enter replaces the file, anything else keeps it.
            let name = String(path.split(separator: "/").last ?? "").dropLast(format.fileExtension.count + 1)
            prompt = NamePrompt(purpose: format, text: String(name))
            confirmedReplacement = String(name)
            message = .problem("\(path) exists: Enter replaces it, Esc keeps it")
        case .failed(let reason):
            message = .problem(reason)
        }
    }

    // MARK: Changes

    /// Applies a change to the design: recorded for undo (unless it continues a stroke already
    /// recorded), autosaved, and counted when the cells add up.
    private mutating func change(continuing: Bool = false, _ edit: (inout Design) -> Void) -> [DesignerEffect] {
        var next = design
        edit(&next)
        guard next != design else { return [] }
        if !continuing || !strokeRecorded { history.record(design) }
        strokeRecorded = stroke != nil
        design = next
        return changed()
    }

    /// Whether the stroke in progress has put its starting design on the undo stack.
    private var strokeRecorded = false

    private mutating func replace(with other: Design) -> [DesignerEffect] {
        design = other
        return changed()
    }

    private mutating func changed() -> [DesignerEffect] {
        generation += 1
        isModified = true
        return [.autosave] + recount()
    }

    private mutating func recount() -> [DesignerEffect] {
        guard design.cells.count == design.neededCells else {
            tally = .notCounted
            return []
        }
        let figure = design.figure
        if let known = knownCounts[figure.cells] {
            tally = known
            return []
        }
        tally = .counting(generation: generation)
        return [.countSolutions(SolutionCountRequest(figure: figure, generation: generation))]
    }

    private mutating func save(as name: String, format: DesignFile.Format, replacing: Bool) -> [DesignerEffect] {
        guard !design.isEmpty else {
            message = .problem("Nothing to save: add some cubes first")
            return []
        }
        if format == .native { design.name = name }
        var figure = design.figure
        figure.name = name
        let text = format == .native ? FigureWriter.native(figure) : FigureWriter.yass(figure)
        let fileName = name + "." + format.fileExtension
        // Saving again to the file the design came from needs no confirmation.
        let own = format == .native && path.map { $0 == fileName || $0.hasSuffix("/" + fileName) } == true
        return [.write(DesignFile(fileName: fileName, format: format, text: text, replacing: replacing || own))]
    }

    // MARK: The view

    private mutating func orbit(columns: Double, rows: Double) {
        orientation = orientation.orbited(byColumns: columns, rows: rows)
        plane.face(orientation)
    }

    private mutating func zoom(by factor: Double) {
        zoomFactor = min(max(zoomFactor * factor, 0.25), 8)
    }

    private static func screenVector(_ step: DesignerKeyMap.ScreenStep) -> (columns: Double, rows: Double) {
        switch step {
        case .right: (1, 0)
        case .left: (-1, 0)
        case .up: (0, -1)
        case .down: (0, 1)
        }
    }

    /// What the camera keeps in view: the design, the cursor and a 3x3x3 work space at the
    /// origin, so the first cubes do not fill the screen.
    private var extent: [Cell] {
        var cells = Array(design.cells) + [plane.cursor]
        for z in 0..<3 { for y in 0..<3 { for x in 0..<3 { cells.append(Cell(x, y, z)) } } }
        return cells
    }

    /// The smallest and largest coordinates of some cells (at least one).
    private static func bounds(_ cells: [Cell]) -> (lo: Cell, hi: Cell) {
        var lo = cells[0], hi = cells[0]
        for c in cells {
            lo.x = min(lo.x, c.x); lo.y = min(lo.y, c.y); lo.z = min(lo.z, c.z)
            hi.x = max(hi.x, c.x); hi.y = max(hi.y, c.y); hi.z = max(hi.z, c.z)
        }
        return (lo, hi)
    }

    /// The camera for the current screen: it orbits the centre of the work and fits it, times
    /// the player's zoom. While a stroke lasts, the camera it started with.
    var camera: Camera {
        switch stroke {
        case let .paint(_, _, _, frozen)?, let .erase(frozen)?: return frozen
        default: break
        }
        let cells = extent
        let (lo, hi) = Self.bounds(cells)
        var c = orientation
        c.pivot = Vector3(Double(lo.x + hi.x + 1), Double(lo.y + hi.y + 1), Double(lo.z + hi.z + 1)) / 2
        let area = Self.pictureArea(width: screen.width, height: screen.height)
        c.zoom = c.zoomToFit(cells, width: area.width, height: area.height) * 0.9 * zoomFactor
        return c
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
            pieces.append(ScenePiece(id: Self.cursorID, cells: [plane.cursor], color: .palette(2), marks: [.hint]))
        }
        // The floor spans the work space under everything, at the lowest layer in use, so the
        // first cubes have something to stand on and heights can be read.
        let (lo, hi) = Self.bounds(extent)
        let floor = SceneModel.Floor(xs: (lo.x - 1)...(hi.x + 1), ys: (lo.y - 1)...(hi.y + 1), level: lo.z)
        return SceneModel(pieces: pieces, floor: floor)
    }

    /// Palette entries for the parts: blue for the first (the figure), then contrasting hues.
    static let partColors = [4, 0, 3, 1, 6, 5]

    private func frame(camera: Camera) -> SceneFrame {
        let area = Self.pictureArea(width: screen.width, height: screen.height)
        return SceneRenderer.render(sceneModel(), camera: camera, width: area.width, height: area.height, style: style)
    }

    static let legendWidth = 24

    /// The picture area: below the status line, above the message line, left of the panel.
    static func pictureArea(width: Int, height: Int) -> Rect {
        let legend = width >= 64 ? legendWidth : 0
        return Rect(column: 0, row: 1, width: max(0, width - legend), height: max(0, height - 2))
    }

    /// The whole screen for a terminal of `width` x `height`.
    public func view(width: Int, height: Int) -> Canvas {
        var session = self
        session.screen = (width, height)
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

        let name = design.name.isEmpty ? "new figure" : design.name
        var status = ["design: " + name + (isModified ? " *" : ""),
                      "\(design.cells.count)/\(design.neededCells) cubes"]
        if let summary = tally.summary { status.append(summary) }
        Panels.statusLine(status, trailing: "? help  q quit", width: width, row: 0, into: &canvas)

        let bottom = height - 1
        if let prompt {
            let line = " \(prompt.label): \(prompt.text)"
            canvas.put(String(repeating: " ", count: width), column: 0, row: bottom, style: TextStyle(reverse: true))
            canvas.put(line, column: 0, row: bottom, style: TextStyle(reverse: true))
            canvas.put("_", column: line.count, row: bottom, style: TextStyle(reverse: true, underline: true))
            let keys = confirmedReplacement == prompt.text ? "Enter: replace  Esc: cancel" : "Enter: save  Esc: cancel"
            canvas.put(keys, column: max(line.count + 3, width - keys.count - 1), row: bottom, style: TextStyle(reverse: true))
            // What the field refused, or the file it would replace, just above it.
            if let message {
                canvas.put(" " + message.text + " ", column: 0, row: bottom - 1,
                           style: message.isProblem ? Panels.refusalStyle : Panels.noteStyle)
            }
        } else if let message {
            canvas.put(" " + message.text, column: 0, row: bottom,
                       style: message.isProblem ? Panels.refusalStyle : Panels.noteStyle)
        } else {
            canvas.put(" arrows: cursor  [ ]: plane  Space: add  x: remove  s: save  click/drag: build",
                       column: 0, row: bottom, style: Panels.dimStyle)
        }
        if showsHelp {
            Panels.help(DesignerKeyMap.bindings, title: "Designer: keys",
                        in: Rect(column: 0, row: 1, width: width, height: height - 2), into: &canvas)
        }
        return canvas
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
            lines.append(("\(n) cube\(n == 1 ? "" : "s") missing", Panels.refusalStyle))
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
        let axisName = ["x", "y", "z"][plane.axis]
        lines.append(("\(axisName) = \(plane.level)", .plain))
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

/// A line for the player about the last thing done: a note, or a problem (shown in red).
struct DesignerMessage: Hashable, Sendable {
    var text: String
    var isProblem: Bool

    static func note(_ text: String) -> DesignerMessage { DesignerMessage(text: text, isProblem: false) }
    static func problem(_ text: String) -> DesignerMessage { DesignerMessage(text: text, isProblem: true) }
}
