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
///
/// One concept per file: the state, the answers from the loop and the changes to the design
/// here; keys in `+Keys`, the pointer's strokes in `+Pointer`, the picture in `+View`, the
/// `GameScreen` conformance in `+Screen`.
public struct DesignerSession: Sendable {
    public internal(set) var design: Design
    /// The file the design was opened from or last saved to, shown in the status line.
    var path: String?
    /// True when the design has changed since it was opened or saved.
    var isModified = false
    /// How the scene is drawn and hit-tested: what the terminal can show.
    public var style: RenderStyle
    /// The picture's memory, drawn in again frame after frame (`RenderBuffers`); shared by
    /// copies of the session, which is safe: it is scratch, taken under a lock.
    let renderBuffers = RenderBuffers()

    var plane: DrawingPlane
    /// How the work is looked at: orbit and the player's zoom; pivot and fit follow the work
    /// (see `camera`).
    var viewpoint = Viewpoint(extent: [.origin])
    var tally: SolutionTally = .notCounted
    /// Bumped on every change of the design, so late answers about older versions are dropped.
    var generation = 0
    /// Counts already known, by normalised cells: undo and redo show them at once.
    var knownCounts: [[Cell]: SolutionTally] = [:]
    /// The name whose existing file the player was warned about: Enter on it again replaces it.
    var confirmedReplacement: String?
    /// The name of the last save or export asked for: the field opens with it again when its
    /// file exists (the file name alone has lost its spaces and capitals).
    var savingName: String?
    /// The keys, as the player's settings bound them (`Settings.designKeys`).
    var keys = DesignerKeyMap.table
    /// The common keys (help, quit, undo, redo), as bound: the midend carries them out.
    var common = DesignerKeyMap.common
    var message: StatusMessage?
    var stroke: Stroke?
    var screen: (width: Int, height: Int)

    /// Starts on `design` (empty for a new figure), for a screen of `width` x `height`.
    public init(design: Design = Design(), path: String? = nil, width: Int = 80, height: Int = 24,
                style: RenderStyle = .blocks256) {
        self.design = design
        self.path = path
        self.style = style
        self.screen = (width, height)
        plane = DrawingPlane(cursor: Self.startCursor(on: design), facing: Camera())
    }

    /// Where the cursor starts: on the floor for a new design; on a reopened one, in its top
    /// layer, on the highest cube nearest the middle. The drawing plane (level, in the default
    /// view) is then the design's top, not a layer of air above it; `]` raises it to build on.
    static func startCursor(on design: Design) -> Cell {
        guard let top = design.cells.map(\.z).max() else { return .origin }
        let highest = design.cells.filter { $0.z == top }
        let n = Double(design.cells.count)
        let mx = Double(design.cells.map(\.x).reduce(0, +)) / n, my = Double(design.cells.map(\.y).reduce(0, +)) / n
        func d(_ c: Cell) -> Double { (Double(c.x) - mx) * (Double(c.x) - mx) + (Double(c.y) - my) * (Double(c.y) - my) }
        return highest.min { (d($0), $0.y, $0.x) < (d($1), $1.y, $1.x) } ?? Cell(0, 0, top)
    }

    /// Moves keys as the player's settings say (`Settings.designKeys`: the key that now does
    /// what each key did); the help shows the keys so bound.
    public mutating func remapKeys(_ remap: [GameKey: GameKey]) throws {
        (keys, common) = try DesignerKeyMap.common.remapped(with: DesignerKeyMap.table, remap)
    }

    /// What to do as the session starts: count the solutions if the design is complete.
    public mutating func start() -> [GameEffect] { recount() }

    public mutating func resize(width: Int, height: Int) {
        screen = (width, height)
    }

    /// The cell keys act on.
    var cursor: Cell { plane.cursor }

    // MARK: Answers from the loop

    /// Takes a solution count from the background; an answer about an older design is dropped.
    mutating func apply(_ result: SolutionCountResult) {
        guard case .counting(let g) = tally, g == result.generation else { return }
        switch result.outcome {
        case .counted(let n): tally = .counted(n)
        case .impossible(let reason): tally = .impossible(reason)
        case .cancelled: return
        }
        knownCounts[design.figure.cells] = tally
    }

    /// Takes the outcome of writing a file; a file that exists asks for the name again.
    mutating func fileWritten(_ outcome: DesignFileOutcome) -> [GameEffect] {
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
            // The name stays editable at its end (a digit added makes another file).
            let name = savingName ?? String(String(path.split(separator: "/").last ?? "").dropLast(format.fileExtension.count + 1))
            confirmedReplacement = name
            message = nil
            let done: String = FieldKey.table.keyName(for: .done), cancel: String = FieldKey.table.keyName(for: .cancel)
            let problem = "\(path) exists: \(done) replaces it, \(cancel) keeps it"
            return [.askName(NamePrompt(purpose: format, text: name, selected: false), replacing: name, problem: problem)]
        case .failed(let reason):
            message = .problem(reason)
        }
        return []
    }

    // MARK: Changes

    /// Applies a change to the design: a move of the midend's move list (`.moved`, unless it
    /// continues a stroke whose move has begun), autosaved, and counted when the cells add up.
    mutating func change(continuing: Bool = false, _ edit: (inout Design) -> Void) -> [GameEffect] {
        var next = design
        edit(&next)
        guard next != design else { return [] }
        if next.cells.count > Design.maximumCells && next.cells.count > design.cells.count {
            message = .problem("A design holds at most \(Design.maximumCells) cubes")
            return []
        }
        let begins = !continuing || !strokeRecorded
        strokeRecorded = stroke != nil
        design = next
        return (begins ? [.moved] : []) + changed()
    }

    /// Whether the stroke in progress has begun its move (the design before it is an undo step).
    var strokeRecorded = false

    /// Undo or redo (the midend's move list) brought back `design` (with nothing to take back
    /// the midend says so itself).
    mutating func restore(_ design: Design) -> [GameEffect] {
        message = nil
        self.design = design
        return changed()
    }

    mutating func changed() -> [GameEffect] {
        generation += 1
        isModified = true
        return [.autosave] + recount()
    }

    mutating func recount() -> [GameEffect] {
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

    mutating func save(as name: String, format: DesignFile.Format, replacing: Bool) -> [GameEffect] {
        guard !design.isEmpty else {
            message = .problem("Nothing to save: add some cubes first")
            return []
        }
        if format == .native { design.name = name }
        var figure = design.figure
        figure.name = name
        let text = format == .native ? FigureWriter.native(figure) : FigureWriter.yass(figure)
        let fileName = DesignFile.fileName(for: name, format: format)
        savingName = name
        // Saving again to the file the design came from needs no confirmation.
        let own = format == .native && path.map { $0 == fileName || $0.hasSuffix("/" + fileName) } == true
        return [.write(DesignFile(fileName: fileName, format: format, text: text, replacing: replacing || own))]
    }

    // MARK: The view

    /// Orbits the camera; the drawing plane turns to face it.
    mutating func orbit(columns: Double, rows: Double) {
        viewpoint.orbit(columns: columns, rows: rows)
        plane.face(viewpoint.camera)
    }
}
