import Polycube
import Scene

/// `soma design`: building a new figure the SwiftSpace way. The camera orbits the centre of the
/// work; the player draws on the lattice plane through the cursor that faces the camera, with
/// keys (arrows, `[` `]`, Space, `x`) or the mouse (click a face to add the cube on it, drag to
/// paint a line, right-click to remove, drag on space to orbit).
///
/// A value, like the games: keys and pointer reports go in, `GameEffect`s come out for what
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
    /// How the work is looked at: orbit and the player's zoom; pivot and fit follow the work
    /// (see `camera`).
    private(set) var viewpoint = Viewpoint(extent: [.origin])
    private var history = UndoHistory<Design>(limit: 500)
    private(set) var tally: SolutionTally = .notCounted
    /// Bumped on every change of the design, so late answers about older versions are dropped.
    private(set) var generation = 0
    /// Counts already known, by normalised cells: undo and redo show them at once.
    private var knownCounts: [[Cell]: SolutionTally] = [:]
    private(set) var prompt: NamePrompt?
    /// The name whose existing file the player was warned about: Enter on it again replaces it.
    private(set) var confirmedReplacement: String?
    private(set) var showsHelp = false
    private(set) var message: StatusMessage?
    private(set) var stroke: Stroke?
    private(set) var screen: (width: Int, height: Int)

    /// A mouse gesture in progress. The camera is frozen while it lasts, so the picture does not
    /// slide under the pointer as cubes are added and the work's centre moves.
    enum Stroke: Sendable {
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
    public mutating func start() -> [GameEffect] { recount() }

    public mutating func resize(width: Int, height: Int) {
        screen = (width, height)
    }

    /// The cell keys act on.
    public var cursor: Cell { plane.cursor }

    // MARK: Keys

    /// Handles a key: in the name field when it is open, else through `DesignerKeyMap`.
    public mutating func handle(_ key: GameKey) -> [GameEffect] {
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
            let s = step.step
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
        case .view(.orbit(let step)):
            viewpoint.orbit(step)
            plane.face(viewpoint.camera)
        case .view(.zoom(let zoomIn)):
            viewpoint.zoom(by: zoomIn ? 1.25 : 0.8)
        case .view(.reset):
            viewpoint.reset()
            plane.face(viewpoint.camera)
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
    public mutating func handle(_ pointer: DesignerPointer) -> [GameEffect] {
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
            viewpoint.zoom(by: up ? 1.25 : 0.8)
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
        case let .piece(piece, _, _)? where piece == Self.cursorID:
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
    private mutating func change(continuing: Bool = false, _ edit: (inout Design) -> Void) -> [GameEffect] {
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

    private mutating func replace(with other: Design) -> [GameEffect] {
        design = other
        return changed()
    }

    private mutating func changed() -> [GameEffect] {
        generation += 1
        isModified = true
        return [.autosave] + recount()
    }

    private mutating func recount() -> [GameEffect] {
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

    private mutating func save(as name: String, format: DesignFile.Format, replacing: Bool) -> [GameEffect] {
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
        viewpoint.orbit(columns: columns, rows: rows)
        plane.face(viewpoint.camera)
    }
}
