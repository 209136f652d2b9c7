import Polycube
import Testing
@testable import Scene

/// A hint's ghost hidden behind other pieces is not drawn through them (issue 34, which undid
/// issue 24's outline through: over the cube's top it read as a net on the placed pieces). The
/// plan and the position sentence still say where it is.
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

    @Test("the hidden hint changes no cell of the piece in front of it",
          arguments: [RenderStyle.blocks256, .ascii, RenderStyle(glyphs: .shades, colors: .none)])
    func hiddenHintUnseen(style: RenderStyle) {
        let (width, height) = (64, 26)
        let camera = SceneFixtures.camera(for: Self.model(hint: false), width: width, height: height)
        let without = SceneRenderer.render(Self.model(hint: false), camera: camera, width: width, height: height, style: style).canvas
        let with = SceneRenderer.render(Self.model(hint: true), camera: camera, width: width, height: height, style: style).canvas
        let changed = (0..<height).flatMap { row in (0..<width).filter { with[$0, row] != without[$0, row] }.map { ($0, row) } }
        #expect(changed.isEmpty, "cells changed by a hidden hint: \(changed)")
        // The block is drawn (the comparison is not between two empty pictures).
        #expect(without.cells.filter { if case .piece(0, _, _) = $0.id { true } else { false } }.count > 100)
    }
}
