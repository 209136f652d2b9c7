import Testing
import Polycube
@testable import Scene

/// Contact lines (issue 25): where a piece touches another piece or the floor its border is
/// black; a piece touching nothing has none, so what stands on what can be seen.
@Suite struct ContactTests {
    /// T on the floor, B standing on it, and V floating two levels up beyond the floor's far
    /// corner, touching nothing (and over no floor, whose shadow under a piece is black too).
    static var model: SceneModel {
        let t = ScenePiece(id: 0, cells: [Cell(0, 0, 0), Cell(1, 0, 0), Cell(2, 0, 0), Cell(1, 1, 0)], color: .palette(2))
        let b = ScenePiece(id: 1, cells: [Cell(0, 0, 1), Cell(1, 0, 1), Cell(1, 0, 2), Cell(0, 1, 1)], color: .palette(5))
        let v = ScenePiece(id: 2, cells: [Cell(4, 4, 2), Cell(5, 4, 2), Cell(4, 5, 2)], color: .palette(0))
        var model = SceneModel(ghostCells: [], pieces: [t, b, v])
        model.floor = SceneModel.Floor(xs: -1...3, ys: -1...3, level: 0)
        return model
    }

    @Test("the contact borders of a face: T's side on the floor and under B, B's over T, none for V")
    func contactBits() {
        let model = Self.model
        let contact = Contact(model: model)
        // The south face (-y) spans a = +x and b = +z: bit 1 is its lower border, bit 2 its upper.
        let front = Face.south.geometry
        let below: UInt8 = 1, above: UInt8 = 2
        // T's cube (1, 0, 0), its south face: the floor below and B's cube above.
        let t = model.pieces[0], b = model.pieces[1], v = model.pieces[2]
        let bitsT = contact.edges(of: Cell(1, 0, 0), face: front, own: t.covers)
        #expect(bitsT & below != 0 && bitsT & above != 0)
        let bitsB = contact.edges(of: Cell(1, 0, 1), face: front, own: b.covers)
        #expect(bitsB & below != 0, "B stands on T")
        #expect(bitsB & above == 0, "B's own cube above is not a contact")
        #expect(contact.edges(of: Cell(4, 4, 2), face: front, own: v.covers) == 0)
    }

    @Test("drawn: black where T meets the floor and B, none on the floating V", arguments: [RenderStyle.Cells.halves, .quadrants])
    func drawn(cells: RenderStyle.Cells) {
        var style = RenderStyle.blocks256
        style.cells = cells
        let model = Self.model
        let camera = SceneFixtures.camera(view: 0, for: model, width: 60, height: 24)
        let canvas = SceneRenderer.render(model, camera: camera, width: 60, height: 24, style: style).canvas
        func black(_ piece: Int) -> Int {
            canvas.cells.filter { cell in
                guard case .piece(piece, _, _) = cell.id else { return false }
                return cell.style.foreground == .index(16) || cell.style.background == .index(16)
            }.count
        }
        #expect(black(0) > 5 && black(1) > 3, "T \(black(0)), B \(black(1))")
        #expect(black(2) == 0)
    }

    @Test("a piece inside the figure is framed in black all round; the same piece outside, touching nothing, is not",
          arguments: [RenderStyle.Cells.halves, .quadrants])
    func insideIsFramed(cells: RenderStyle.Cells) {
        var style = RenderStyle.blocks256
        style.cells = cells
        let shape = [Cell(0, 0, 2), Cell(1, 0, 2), Cell(0, 1, 2)]
        let inside = ScenePiece(id: 0, cells: shape, color: .palette(0))
        let outside = ScenePiece(id: 1, cells: shape.map { $0 + Cell(6, 6, 0) }, color: .palette(1))
        var model = SceneModel(ghostCells: SceneFixtures.cubeCells, pieces: [inside, outside])
        model.floor = SceneModel.Floor(xs: -1...3, ys: -1...3, level: 0)
        let camera = SceneFixtures.camera(view: 0, for: model, width: 60, height: 24)
        let canvas = SceneRenderer.render(model, camera: camera, width: 60, height: 24, style: style).canvas
        func black(_ piece: Int) -> Int {
            canvas.cells.filter { cell in
                guard case .piece(piece, _, _) = cell.id else { return false }
                return cell.style.foreground == .index(16) || cell.style.background == .index(16)
            }.count
        }
        #expect(black(0) > 5, "\(black(0))")
        #expect(black(1) == 0)
    }
}
