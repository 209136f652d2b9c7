import Polycube
import Testing
@testable import Scene

/// The selected piece casts its footprint on what lies below it, with a drop line while it
/// floats (issue 12: height was invisible).
@Suite struct LandingShadowTests {
    /// T, B and L on the bottom layer of the cube, the rest of it a ghost; V selected, floating
    /// at `z`: one cube over the figure's column (0, 2), two beyond the figure over the floor.
    static func floatingV(z: Int = 3) -> SceneModel {
        var model = SceneModel(ghostCells: SceneFixtures.cubeCells, pieces: SceneFixtures.pieces("TBL"))
        model.pieces.append(ScenePiece(id: 0, cells: [Cell(0, 2, z), Cell(0, 3, z), Cell(1, 3, z)],
                                       color: .palette(0), marks: .selected))
        model.floor = model.floorAround(margin: 1)
        return model
    }

    @Test("each column's footprint lies on the highest surface below it; the drop line runs from a cube to its footprint")
    func squaresAndLine() throws {
        let shadow = try #require(LandingShadow(model: Self.floatingV()))
        #expect(shadow.piece == 3)
        // The column (0, 2) touches the ghost's top (the empty cell (0, 2, 2)): nothing to cast.
        #expect(shadow.squares.map { [$0.x, $0.y, $0.z] } == [[0, 3, 0], [1, 3, 0]])
        #expect(shadow.squares.map(\.id) == [.floor(x: 0, y: 3), .floor(x: 1, y: 3)])
        let line = try #require(shadow.dropLine)
        #expect(line.top == Vector3(0.5, 3.5, 3) && line.bottom == Vector3(0.5, 3.5, 0))
    }

    @Test("over the figure the footprint lies on the ghost's top or on a piece's")
    func onGhostAndPieces() throws {
        var model = Self.floatingV()
        model.pieces[3].cells = [Cell(1, 1, 5), Cell(1, 2, 5), Cell(1, 1, 6)]
        let shadow = try #require(LandingShadow(model: model))
        #expect(shadow.squares.map { [$0.x, $0.y, $0.z] } == [[1, 1, 3], [1, 2, 3]])
        #expect(shadow.squares.map(\.id) == [.ghost(x: 1, y: 1, z: 2, face: .top), .ghost(x: 1, y: 2, z: 2, face: .top)])
        // Without the ghost, (1, 1) falls onto B's cube (1, 1, 1) and (1, 2) onto the floor.
        model.ghostCells = []
        let bare = try #require(LandingShadow(model: model))
        #expect(bare.squares.map(\.id) == [.piece(piece: 5, cube: 2, face: .top), .floor(x: 1, y: 2)])
        #expect(bare.squares.map(\.z) == [2, 0])
        let line = try #require(bare.dropLine)
        #expect(line.top == Vector3(1.5, 1.5, 5) && line.bottom == Vector3(1.5, 1.5, 2))
    }

    @Test("a piece resting on the floor or on a piece has no drop line")
    func resting() throws {
        #expect(try #require(LandingShadow(model: Self.floatingV(z: 0))).dropLine == nil)
        var model = Self.floatingV()
        model.pieces[3].cells = [Cell(1, 1, 2), Cell(1, 2, 2), Cell(1, 1, 3)]
        model.ghostCells = []
        let shadow = try #require(LandingShadow(model: model))
        #expect(shadow.dropLine == nil)
        #expect(shadow.squares.map(\.id) == [.floor(x: 1, y: 2)])
    }

    @Test("nothing selected, or a selected hint: no shadow")
    func noShadow() {
        #expect(LandingShadow(model: SceneFixtures.complete) == nil)
        var model = Self.floatingV()
        model.pieces[3].marks = [.selected, .hint]
        #expect(LandingShadow(model: model) == nil)
    }

    @Test("drawn: the footprint on the floor, the drop line under the piece", arguments: [RenderStyle.ascii, .blocks256])
    func drawn(style: RenderStyle) {
        let model = Self.floatingV()
        let width = 64, height = 26
        var camera = Camera.isometric(view: 2, pivot: model.centre)   // from the back: V is in front
        camera.zoom = camera.zoomToFit(model.allCells, width: width - 2, height: height - 2)
        let frame = SceneRenderer.render(model, camera: camera, width: width, height: height, style: style)
        let name = style == .ascii ? "ascii" : "blocks256"
        Snapshot.check(frame.canvas, named: "cube-floating-shadow-\(name)-view2")
        let line: Character = style == .ascii ? "|" : "│"
        let lineCells = frame.canvas.cells.filter { $0.glyph == line && $0.style.bold }
        #expect(lineCells.count >= 2)
        if style == .ascii {
            let footprint: [HitID] = [.floor(x: 0, y: 3), .floor(x: 1, y: 3)]
            let shadow: [HitID] = frame.canvas.cells.filter { $0.glyph == "~" }.map(\.id)
            #expect(shadow.allSatisfy(footprint.contains))
            #expect(!shadow.isEmpty)
        }
    }
}
