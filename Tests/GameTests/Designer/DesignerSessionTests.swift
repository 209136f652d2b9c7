import Polycube
@testable import Scene
import Testing
@testable import Game

@Suite struct DesignerSessionTests {
    /// Snakes through a 3x3 layer from the cursor with Space and arrows (9 cubes), the way a
    /// player would; `flip` runs the snake back the other way.
    static func layer(flip: Bool) -> [GameKey] {
        let (a, b, c): (GameKey, GameKey, GameKey) = flip ? (.left, .right, .down) : (.right, .left, .up)
        let sp = GameKey.character(" ")
        return [sp, a, sp, a, sp, c, sp, b, sp, b, sp, c, sp, a, sp, a, sp]
    }

    static let cubeByKeys: [GameKey] = layer(flip: false) + [.character("]")] + layer(flip: true) + [.character("]")]
        + layer(flip: false)

    @discardableResult
    static func press(_ keys: [GameKey], on session: inout DesignerSession) -> [GameEffect] {
        keys.flatMap { session.handle($0) }
    }

    static func press(_ keys: [GameKey], on played: inout Played<DesignerSession>) -> [GameEffect] {
        keys.flatMap { played.handle($0) }
    }

    @Test func buildingTheCubeByKeysAsksForACountAndShowsIt() throws {
        var s = DesignerSession(width: 100, height: 30)
        let effects = Self.press(Self.cubeByKeys, on: &s)
        #expect(s.design.cells.count == 27)
        #expect(s.design.figure.cells == Fixtures.cube.cells)
        let requests = effects.compactMap { effect -> SolutionCountRequest? in
            if case .countSolutions(let r) = effect { return r }
            return nil
        }
        let request = try #require(requests.last)
        #expect(requests.count == 1)
        #expect(request.figure.cells.count == 27)
        #expect(s.view(width: 100, height: 30).text.contains("counting..."))
        s.apply(SolutionCountResult(generation: request.generation, outcome: .counted(240)))
        #expect(s.view(width: 100, height: 30).text.contains("240 solutions"))
    }

    @Test func everyChangeAsksForAnAutosave() {
        var s = DesignerSession()
        #expect(s.handle(.character(" ")) == [.moved, .autosave], "a move of the midend's move list, saved")
        #expect(s.handle(.right) == [])
        #expect(s.handle(.character("x")) == [], "nothing to remove at the new cursor")
    }

    @Test func twentySixCubesSayWhatIsMissing() {
        var s = DesignerSession(width: 100, height: 30)
        Self.press(Self.cubeByKeys, on: &s)
        let effects = s.handle(.character("x"))
        #expect(effects == [.moved, .autosave])
        let text = s.view(width: 100, height: 30).text
        #expect(text.contains("26/27 cubes"))
        #expect(text.contains("1 cube missing"))
        #expect(!text.contains("solutions"))
    }

    @Test func aStaleCountIsDropped() throws {
        var s = DesignerSession(width: 100, height: 30)
        let effects = Self.press(Self.cubeByKeys, on: &s)
        guard case .countSolutions(let first)? = effects.last(where: { if case .countSolutions = $0 { true } else { false } })
        else { Issue.record("no count asked"); return }
        // Move a cube: 26, then 27 cells again, a different figure with a newer generation.
        Self.press([.character("x"), .character("]"), .character(" ")], on: &s)
        s.apply(SolutionCountResult(generation: first.generation, outcome: .counted(240)))
        #expect(s.tally == .counting(generation: s.generation))
        #expect(!s.view(width: 100, height: 30).text.contains("240"))
    }

    @Test func noSolutionIsSaidPlainly() throws {
        var s = DesignerSession(width: 100, height: 30)
        // A flat 9x3 slab: the Soma pieces are not all flat, so nothing fits.
        var keys: [GameKey] = []
        for row in 0..<3 {
            for _ in 0..<8 { keys += [.character(" "), row % 2 == 0 ? .right : .left] }
            keys += [.character(" "), .up]
        }
        let effects = Self.press(keys, on: &s)
        guard case .countSolutions(let request)? = effects.last else { Issue.record("no count asked"); return }
        let result = request.run()
        #expect(result.outcome == .counted(0))
        s.apply(result)
        #expect(s.view(width: 100, height: 30).text.contains("no solution"))
    }

    @Test func undoAndRedoBringBackTheCountAtOnce() {
        var s = DesignerSession(width: 100, height: 30)
        let effects = Self.press(Self.cubeByKeys, on: &s)
        guard case .countSolutions(let r)? = effects.last else { Issue.record("no count asked"); return }
        s.apply(SolutionCountResult(generation: r.generation, outcome: .counted(240)))
        var m = Played(s)   // the midend keeps the move list
        m.handle(.character("x"))
        #expect(m.design.cells.count == 26)
        #expect(m.handle(.character("u")) == [.autosave], "the count is known: no new search")
        #expect(m.design.cells.count == 27)
        #expect(m.tally == .counted(240))
        m.handle(.control("r"))
        #expect(m.design.cells.count == 26)
        #expect(m.tally == .notCounted)
    }

    @Test func nothingToUndoIsSaid() {
        var s = Played(DesignerSession())
        #expect(s.handle(.character("u")) == [])
        #expect(s.view(width: 80, height: 24).text.contains("Nothing to undo"))
    }

    @Test func savingAsksForANameAndWritesTheNativeText() throws {
        var s = Played(DesignerSession())
        Self.press([.character(" "), .right, .character(" ")], on: &s)
        #expect(s.handle(.character("s")) == [])
        #expect(s.view(width: 80, height: 24).text.contains("Save as:"))
        let typed = Self.press("bar".map { GameKey.character($0) }, on: &s)
        #expect(typed == [], "typing in the field is not a command: 'b', 'a', 'r' do nothing else")
        let effects = s.handle(.enter)
        let file = DesignFile(fileName: "bar.figure", format: .native, text: "name: bar\n\n##\n")
        #expect(effects == [.write(file)])
        s.fileWritten(.written(path: "/figures/bar.figure", format: .native))
        #expect(s.path == "/figures/bar.figure")
        #expect(!s.isModified)
        #expect(s.view(width: 80, height: 24).text.contains("Saved to /figures/bar.figure"))
    }

    @Test func exportingWritesYass() {
        var s = Played(DesignerSession(design: Design(name: "two", cells: [Cell(0, 0, 0), Cell(0, 0, 1)])))
        _ = s.handle(.character("e"))
        #expect(s.handle(.enter) == [.write(DesignFile(fileName: "two.soma", format: .yass, text: "# two\no\n\no\n"))])
    }

    @Test func escapeCancelsTheNameField() {
        var s = Played(DesignerSession(design: Design(name: "a", cells: [Cell(0, 0, 0)])))
        _ = s.handle(.character("s"))
        #expect(s.handle(.escape) == [])
        #expect(s.handle(.character("q")) == [.quit], "keys are commands again")
    }

    @Test func thePlaneKeysMoveTheCursorAcrossThePlane() {
        var s = DesignerSession()
        _ = s.handle(.character("]"))
        _ = s.handle(.pageUp)
        #expect(s.cursor == Cell(0, 0, 2))
        _ = s.handle(.character("["))
        #expect(s.cursor == Cell(0, 0, 1))
    }

    @Test func orbitingTurnsThePlaneToFaceTheCamera() {
        var s = DesignerSession()
        #expect(s.plane.normal == Cell(0, 0, 1))
        // Shift-down tips the camera up... and down far enough that it looks from the side.
        for _ in 0..<3 { _ = s.handle(.shiftUp) }
        #expect(s.plane.normal.z == 0, "from low down the plane stands upright")
    }

    @Test func theSessionSurvivesAResize() {
        var s = DesignerSession(width: 100, height: 30)
        Self.press(Self.layer(flip: false), on: &s)
        let before = s.design
        s.resize(width: 50, height: 14)
        #expect(s.design == before)
        #expect(s.view(width: 50, height: 14).text.contains("9/27 cubes"))
    }
}

@Suite struct DesignerPointerTests {
    /// The screen cell showing face `face` of the cube with hit id `piece`, as the player sees it.
    static func cell(showing face: Face, of piece: Int, in canvas: Canvas) -> (column: Int, row: Int)? {
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                if case let .piece(p, _, f) = canvas[column, row].id, p == piece, f == face { return (column, row) }
            }
        }
        return nil
    }

    @Test func clickingAFaceAddsTheCubeOnIt() throws {
        var s = DesignerSession(design: Design(cells: [Cell(1, 1, 0)]), width: 100, height: 30)
        let found = Self.cell(showing: .top, of: 0, in: s.view(width: 100, height: 30))
        let top = try #require(found)
        let effects = s.handle(.press(.primary, column: top.column, row: top.row))
        _ = s.handle(.release(column: top.column, row: top.row))
        #expect(effects == [.moved, .autosave])
        #expect(s.design.cells == [Cell(1, 1, 0), Cell(1, 1, 1)])
        #expect(s.cursor == Cell(1, 1, 1))
    }

    @Test func rightClickingACubeRemovesIt() throws {
        var s = DesignerSession(design: Design(cells: [Cell(0, 0, 0), Cell(1, 0, 0)]), width: 100, height: 30)
        // Cube 1 in sorted order is (1, 0, 0); its top face is visible from above.
        let found = Self.cell(showing: .top, of: 1, in: s.view(width: 100, height: 30))
        let top = try #require(found)
        _ = s.handle(.press(.secondary, column: top.column, row: top.row))
        _ = s.handle(.release(column: top.column, row: top.row))
        #expect(s.design.cells == [Cell(0, 0, 0)])
    }

    @Test func draggingFromAFacePaintsALineUndoneAtOnce() throws {
        var s = DesignerSession(design: Design(cells: [Cell(0, 0, 0)]), width: 100, height: 30)
        // The cursor starts on top of the design; move it out of the way.
        _ = s.handle(.left)
        _ = s.handle(.left)
        let found = Self.cell(showing: .top, of: 0, in: s.view(width: 100, height: 30))
        let top = try #require(found)
        var m = Played(s)   // the midend keeps the move list
        m.act { $0.handle(.press(.primary, column: top.column, row: top.row)) }
        // Drag to where the cell (2, 0, 1) is drawn, in the frozen camera of the stroke.
        let frame = SceneFrame(canvas: Canvas(width: 100 - DesignerSession.legendWidth, height: 28),
                               camera: m.camera, model: SceneModel())
        let p = frame.screenPoint(of: Vector3(2.5, 0.5, 1.5))
        m.act { $0.handle(.drag(column: Int(p.column), row: Int(p.row) + 1)) }
        m.act { $0.handle(.release(column: Int(p.column), row: Int(p.row) + 1)) }
        #expect(m.design.cells == [Cell(0, 0, 0), Cell(0, 0, 1), Cell(1, 0, 1), Cell(2, 0, 1)])
        m.handle(.character("u"))
        #expect(m.design.cells == [Cell(0, 0, 0)])
    }

    @Test func clickingTheFloorStandsACubeOnIt() throws {
        var s = DesignerSession(width: 100, height: 30)
        let canvas = s.view(width: 100, height: 30)
        var spot: (column: Int, row: Int, x: Int, y: Int)?
        for row in 0..<canvas.height where spot == nil {
            for column in 0..<canvas.width {
                if case let .floor(x, y) = canvas[column, row].id, x == 2, y == 1 { spot = (column, row, x, y); break }
            }
        }
        let floor = try #require(spot)
        _ = s.handle(.press(.primary, column: floor.column, row: floor.row))
        _ = s.handle(.release(column: floor.column, row: floor.row))
        #expect(s.design.cells == [Cell(2, 1, 0)])
    }

    @Test func theHelpOverlayClosesOnAnyKeyOrClick() {
        var m = Midend(screen: DesignerSession(width: 100, height: 30))
        func text() -> String { m.view(width: 100, height: 30, now: 0, style: .blocks256).text }
        _ = m.handle(.character("?"), now: 0)
        #expect(text().contains("Designer: keys"))
        #expect(m.handle(.character(" "), now: 0) == [], "the key only closes the help")
        #expect(!text().contains("Designer: keys"))
        _ = m.handle(.character("?"), now: 0)
        #expect(m.click(.none, now: 0) == [], "a click only closes the help")
        #expect(!text().contains("Designer: keys"))
        #expect(m.screen.design.isEmpty)
    }

    /// A cell of the drawing plane shown as a dot on empty space, and where (screen cells).
    static func emptyPlaneSpot(in s: DesignerSession) -> (cell: Cell, column: Int, row: Int)? {
        let canvas = s.view(width: 100, height: 30)
        let frame = SceneFrame(canvas: Canvas(width: 100 - DesignerSession.legendWidth, height: 28),
                               camera: s.camera, model: SceneModel())
        for cell in s.planePatch.sorted() {
            let p = frame.screenPoint(of: Vector3(Double(cell.x) + 0.5, Double(cell.y) + 0.5, Double(cell.z) + 0.5))
            let column = Int(p.column.rounded(.down)), row = Int(p.row.rounded(.down)) + 1
            guard canvas.contains(column: column, row: row), column < 100 - DesignerSession.legendWidth,
                  canvas[column, row].id == .none, canvas[column, row].glyph == "·" else { continue }
            return (cell, column, row)
        }
        return nil
    }

    @Test func clickingTheDrawingPlaneInEmptySpaceAddsACubeThere() throws {
        var s = DesignerSession(width: 100, height: 30)
        for _ in 0..<3 { _ = s.handle(.shiftUp) }
        #expect(s.plane.normal.z == 0, "the plane stands upright, in the air")
        let found = Self.emptyPlaneSpot(in: s)
        let spot = try #require(found)
        _ = s.handle(.press(.primary, column: spot.column, row: spot.row))
        let effects = s.handle(.release(column: spot.column, row: spot.row))
        #expect(effects == [.moved, .autosave])
        #expect(s.design.cells == [spot.cell])
        #expect(s.cursor == spot.cell)
    }

    @Test func draggingFromTheDrawingPlaneOrbitsAndAddsNothing() throws {
        var s = DesignerSession(width: 100, height: 30)
        for _ in 0..<3 { _ = s.handle(.shiftUp) }
        let found = Self.emptyPlaneSpot(in: s)
        let spot = try #require(found)
        let before = s.viewpoint.camera
        _ = s.handle(.press(.primary, column: spot.column, row: spot.row))
        _ = s.handle(.drag(column: spot.column + 4, row: spot.row))
        _ = s.handle(.release(column: spot.column + 4, row: spot.row))
        #expect(s.design.isEmpty)
        // Four columns to the right: the figure's front turns right, the camera's yaw goes down
        // by four columns' degrees (`Camera.orbited(byColumns:)`), the pitch stays.
        #expect(abs(s.viewpoint.camera.yaw - (before.yaw - 4 * Camera.defaultDegreesPerColumn * .pi / 180)) < 1e-12,
                "yaw \(before.yaw) -> \(s.viewpoint.camera.yaw)")
        #expect(s.viewpoint.camera.pitch == before.pitch)
    }

    @Test func draggingOnEmptySpaceOrbits() throws {
        var s = DesignerSession(width: 100, height: 30)
        let canvas = s.view(width: 100, height: 30)
        let before = s.viewpoint.camera
        // Row 2, column 1: empty sky at the top left of the picture.
        #expect(canvas[1, 2].id == .none)
        _ = s.handle(.press(.primary, column: 1, row: 2))
        _ = s.handle(.drag(column: 21, row: 2))
        _ = s.handle(.release(column: 21, row: 2))
        // Twenty columns to the right: yaw down by twenty columns' degrees, pitch unchanged.
        #expect(abs(s.viewpoint.camera.yaw - (before.yaw - 20 * Camera.defaultDegreesPerColumn * .pi / 180)) < 1e-12,
                "yaw \(before.yaw) -> \(s.viewpoint.camera.yaw)")
        #expect(s.viewpoint.camera.pitch == before.pitch)
        #expect(s.design.isEmpty)
    }
}

@Suite struct SolutionCountRequestTests {
    @Test func theCubeHas240() {
        let result = SolutionCountRequest(figure: Fixtures.cube, generation: 7).run()
        #expect(result == SolutionCountResult(generation: 7, outcome: .counted(240)))
    }

    @Test func aFigureThePiecesCannotFillIsExplained() {
        let result = SolutionCountRequest(figure: Figure(name: "small", cells: [Cell(0, 0, 0)]), generation: 1).run()
        guard case .impossible(let reason) = result.outcome else { Issue.record("\(result)"); return }
        #expect(reason.contains("27"))
    }
}

@Suite struct DesignerSavingTests {
    static func typeName(_ name: String, into s: inout Played<DesignerSession>) -> [GameEffect] {
        _ = s.handle(.character("s"))
        while !(s.prompt?.text.isEmpty ?? true) { _ = s.handle(.backspace) }
        for c in name { _ = s.handle(.character(c)) }
        return s.handle(.enter)
    }

    @Test func anExistingFileIsReplacedOnlyWhenThePlayerConfirms() throws {
        var s = Played(DesignerSession(design: Design(cells: [Cell(0, 0, 0)])))
        guard case .write(let first)? = Self.typeName("box", into: &s).first else { Issue.record("no write"); return }
        #expect(!first.replacing)
        s.fileWritten(.exists(path: "/figures/box.figure", format: .native))
        #expect(s.prompt?.text == "box", "the field is open again with the name")
        let warning = s.view(width: 80, height: 24).text
        #expect(warning.contains("/figures/box.figure exists"))
        #expect(warning.contains("Enter: replace"))
        guard case .write(let second)? = s.handle(.enter).first else { Issue.record("no write"); return }
        #expect(second.replacing)
    }

    @Test func anotherNameAfterTheWarningIsNotReplacedBlindly() throws {
        var s = Played(DesignerSession(design: Design(cells: [Cell(0, 0, 0)])))
        _ = Self.typeName("box", into: &s)
        s.fileWritten(.exists(path: "/figures/box.figure", format: .native))
        _ = s.handle(.character("2"))
        guard case .write(let file)? = s.handle(.enter).first else { Issue.record("no write"); return }
        #expect(file.fileName == "box2.figure")
        #expect(!file.replacing)
    }

    @Test func savingAgainToTheOpenedFileNeedsNoConfirmation() throws {
        var s = Played(DesignerSession(design: Design(name: "box", cells: [Cell(0, 0, 0)]), path: "/figures/box.figure"))
        guard case .write(let file)? = Self.typeName("box", into: &s).first else { Issue.record("no write"); return }
        #expect(file.replacing)
    }

    @Test func aRefusedCharacterIsExplainedWhileTyping() {
        var s = Played(DesignerSession(design: Design(cells: [Cell(0, 0, 0)])))
        _ = s.handle(.character("s"))
        _ = s.handle(.character("/"))
        #expect(s.view(width: 80, height: 24).text.contains("A name may hold letters"))
    }
}

@Suite("Designer files and the name field")
struct DesignerNamingTests {
    @Test("a name becomes a file name safe to type: lower case, dashes for spaces and the rest",
          arguments: [("My Tower", "my-tower"), ("tower", "tower"), ("  Big  one  ", "big-one"), ("Tête à tête", "t-te-t-te"),
                      ("v2.1 draft", "v2-1-draft"), ("x_y", "x_y"), ("ééé", "figure"), ("...", "figure")])
    func fileNames(name: String, stem: String) {
        #expect(DesignFile.fileName(for: name, format: .native) == stem + ".figure")
        #expect(DesignFile.fileName(for: name, format: .yass) == stem + ".soma")
    }

    @Test("saving `My Tower` writes my-tower.figure named `My Tower` inside; the field shows the file it makes")
    func saveWithSpaces() {
        var s = Played(DesignerSession(design: Design(cells: [Cell(0, 0, 0)])))
        _ = s.handle(.character("s"))
        for c in "My Tower" { _ = s.handle(.character(c)) }
        #expect(s.view(width: 100, height: 24).text.contains("-> my-tower.figure"))
        #expect(s.handle(.enter) == [.write(DesignFile(fileName: "my-tower.figure", format: .native, text: "name: My Tower\n\n#\n"))])
        s.fileWritten(.exists(path: "/figures/my-tower.figure", format: .native))
        #expect(s.prompt?.text == "My Tower", "asked again with the name typed, not the file name")
    }

    @Test("the pre-filled name is replaced by typing, kept by Enter, and edited at its end after Backspace or an arrow")
    func prefilledNameIsReplaced() {
        var s = Played(DesignerSession(design: Design(name: "old name", cells: [Cell(0, 0, 0), Cell(0, 0, 1)])))
        _ = s.handle(.character("e"))
        #expect(s.prompt?.text == "old name" && s.prompt?.isSelected == true)
        for c in "new" { _ = s.handle(.character(c)) }
        #expect(s.prompt?.text == "new")
        #expect(s.handle(.enter).first == .write(DesignFile(fileName: "new.soma", format: .yass, text: "# new\no\n\no\n")))
        _ = s.handle(.character("s"))
        #expect(s.prompt?.text == "old name", "export does not rename the design")
        _ = s.handle(.backspace)
        _ = s.handle(.character("s"))
        #expect(s.prompt?.text == "old nams", "Backspace edits the name at its end")
        _ = s.handle(.escape)
        _ = s.handle(.character("s"))
        _ = s.handle(.right)
        _ = s.handle(.character("2"))
        #expect(s.prompt?.text == "old name2")
        _ = s.handle(.escape)
        _ = s.handle(.character("s"))
        #expect(s.handle(.enter).first == .write(DesignFile(fileName: "old-name.figure", format: .native,
                                                            text: "name: old name\n\n#\n\n#\n")))
    }

    @Test("a reopened design starts with the cursor in its top layer, on its highest cube nearest the middle")
    func startsOnTop() {
        #expect(DesignerSession().cursor == .origin)
        // An L: two cubes on the floor, one on top of the far end (not over the origin).
        let l = Design(cells: [Cell(0, 0, 0), Cell(1, 0, 0), Cell(2, 0, 0), Cell(2, 0, 1)])
        #expect(DesignerSession(design: l).cursor == Cell(2, 0, 1))
        let flat = Design(cells: [Cell(0, 0, 0), Cell(1, 0, 0), Cell(2, 0, 0), Cell(1, 1, 0)])
        #expect(DesignerSession(design: flat).cursor == Cell(1, 0, 0))
        #expect(DesignerSession(design: flat).plane.level == 0, "the drawing plane is the design's top, not the air above")
    }
}
