import Polycube
import Testing
@testable import Scene

/// A hint's ghost hidden behind other pieces shows its outline through them (issue 24): the
/// player can follow a hint whose place lies inside or behind what is built.
@Suite struct HintThroughTests {
    /// A hint cube in the middle of a 3x3x3 block of another piece: hidden from every side.
    static func model(hint: Bool) -> SceneModel {
        let block = (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) }.filter { $0 != Cell(1, 1, 1) }
        var pieces = [ScenePiece(id: 0, cells: block, color: PiecePalette.color(for: "A", in: .soma))]
        if hint {
            pieces.append(ScenePiece(id: 1, cells: [Cell(1, 1, 1)], color: PiecePalette.color(for: "T", in: .soma), marks: .hint))
        }
        return SceneModel(ghostCells: [], pieces: pieces)
    }

    @Test("the hidden hint's edges are drawn over the piece in front; the cells keep the piece's hit id",
          arguments: [RenderStyle.blocks256, .ascii])
    func outlineThrough(style: RenderStyle) {
        let (width, height) = (64, 26)
        let camera = SceneFixtures.camera(for: Self.model(hint: false), width: width, height: height)
        let without = SceneRenderer.render(Self.model(hint: false), camera: camera, width: width, height: height, style: style).canvas
        let with = SceneRenderer.render(Self.model(hint: true), camera: camera, width: width, height: height, style: style).canvas
        var changed = 0
        for row in 0..<height {
            for column in 0..<width where with[column, row] != without[column, row] {
                changed += 1
                if case .piece(let piece, _, _) = with[column, row].id {
                    #expect(piece == 0, "the block keeps the hit at \(column),\(row)")
                } else {
                    Issue.record("cell \(column),\(row) lost the block's hit id: \(with[column, row].id)")
                }
            }
        }
        // The hint's outline: its edges cross the block's front faces in several cells.
        #expect(changed >= 4, "\(changed) cells show the hidden hint")
        // Without the hint's mark (an ordinary piece inside) nothing shows through.
        var solid = Self.model(hint: true)
        solid.pieces[1].marks = []
        let inner = SceneRenderer.render(solid, camera: camera, width: width, height: height, style: style).canvas
        #expect((0..<height).allSatisfy { row in (0..<width).allSatisfy { inner[$0, row].glyph == without[$0, row].glyph } })
    }
}
