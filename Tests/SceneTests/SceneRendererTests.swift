import Testing
import Polycube
@testable import Scene

@Suite struct SceneRendererTests {
    static let width = 64, height = 26

    func render(_ model: SceneModel, view: Int = 0, style: RenderStyle,
                width: Int = SceneRendererTests.width, height: Int = SceneRendererTests.height) -> SceneFrame {
        let camera = SceneFixtures.camera(view: view, for: model, width: width, height: height)
        return SceneRenderer.render(model, camera: camera, width: width, height: height, style: style)
    }

    @Test(arguments: 0..<4)
    func completeCubeAscii(view: Int) {
        Snapshot.check(render(SceneFixtures.complete, view: view, style: .ascii).canvas,
                       named: "cube-complete-ascii-view\(view)")
    }

    @Test func halfBuiltAscii() {
        Snapshot.check(render(SceneFixtures.halfBuilt, style: .ascii).canvas, named: "cube-half-ascii-view0")
    }

    @Test func completeCubeBlocks256() {
        Snapshot.check(render(SceneFixtures.complete, style: .blocks256).canvas, named: "cube-complete-blocks256-view0")
    }

    @Test func halfBuiltBlocks16() {
        let style = RenderStyle(glyphs: .blocks, colors: .ansi16)
        Snapshot.check(render(SceneFixtures.halfBuilt, view: 2, style: style).canvas, named: "cube-half-blocks16-view2")
    }

    /// NO_COLOR on a UTF-8 terminal: one sample per cell, each piece's faces in its own fill
    /// (T bars across, B a grid, L bars down: issue 34), outlines as gaps, the figure a light
    /// cage; no slash art (issue 25), no half blocks, no colour anywhere.
    @Test func halfBuiltShadesWithoutColour() {
        let canvas = render(SceneFixtures.halfBuilt, style: RenderStyle(glyphs: .shades, colors: .none)).canvas
        Snapshot.check(canvas, named: "cube-half-shades-none-view0")
        let glyphs = Set(canvas.cells.map(\.glyph))
        #expect(glyphs.isSuperset(of: ["▂", "┼", "▌", "│", "·"]), "\(glyphs)")
        #expect(glyphs.isDisjoint(with: ["▀", "▄", "#", "%", "/", "\\", "╱", "╲", "─", "█", "▓"]), "\(glyphs)")
        #expect(canvas.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
    }

    /// Eight colours (`TERM=linux`, a real 8-colour xterm): the same glyph shading, each piece
    /// in its hue; and asking for blocks with eight colours gives exactly that picture.
    @Test func halfBuiltShadesInEightColours() {
        let shades = render(SceneFixtures.halfBuilt, style: RenderStyle(glyphs: .shades, colors: .ansi8)).canvas
        Snapshot.check(shades, named: "cube-half-shades-ansi8-view0")
        let blocks = render(SceneFixtures.halfBuilt, style: RenderStyle(glyphs: .blocks, colors: .ansi8)).canvas
        #expect(blocks.text == shades.text)
        #expect(shades.cells.allSatisfy { cell in
            [cell.style.foreground, cell.style.background].allSatisfy { if case .index(let i) = $0 { i < 8 } else { true } }
        })
    }

    /// The light theme draws the floor and the ghost in light greys, the dark one in dark greys.
    @Test func theLightThemeLightensTheGhost() {
        func greys(_ theme: Theme) -> Set<UInt8> {
            let canvas = render(SceneFixtures.halfBuilt, style: RenderStyle(glyphs: .blocks, colors: .xterm256, theme: theme)).canvas
            return Set(canvas.cells.flatMap { [$0.style.foreground, $0.style.background] }.compactMap {
                if case .index(let i) = $0, i >= 232 { i } else { nil }
            })
        }
        #expect(!greys(.dark).isEmpty && greys(.dark).allSatisfy { $0 <= 244 })
        #expect(!greys(.light).isEmpty && greys(.light).allSatisfy { $0 >= 245 })
    }

    @Test func invalidAndHintPieces() {
        var model = SceneFixtures.halfBuilt
        // Z lifted into the T's layer (overlap) and P offered as a hint.
        model.pieces.append(ScenePiece(id: 3, cells: [Cell(0, 1, 0), Cell(0, 2, 0), Cell(1, 2, 0), Cell(1, 3, 0)],
                                       color: .palette(3), marks: .invalid))
        model.pieces.append(ScenePiece(id: 6, cells: SceneFixtures.solvedCube[6].cells, color: .palette(6), marks: .hint))
        Snapshot.check(render(model, style: .ascii).canvas, named: "cube-invalid-hint-ascii-view0")
    }

    @Test func lettersOnTheLargestFace() {
        var model = SceneFixtures.halfBuilt
        for k in model.pieces.indices {
            model.pieces[k].label = ["T", "B", "L"][k]
            model.pieces[k].marks.insert(.lettered)
        }
        let frame = render(model, style: .ascii)
        Snapshot.check(frame.canvas, named: "cube-half-letters-ascii-view0")
        // One letter a piece, on a face of that piece, in reverse (no colours).
        let letters = frame.canvas.cells.filter { $0.glyph.isLetter && $0.style.bold }
        #expect(letters.map(\.glyph).sorted() == ["B", "L", "T"])
        for cell in letters {
            guard case let .piece(piece, _, _) = cell.id else { Issue.record("a letter off its piece"); continue }
            #expect(model.pieces.first { $0.id == piece }?.label == cell.glyph && cell.style.reverse)
        }
    }

    @Test func piecesFromPlacements() throws {
        let placement = Placement(piece: "T", orientation: .quarterTurnZ, offset: Cell(2, 0, 1))
        let piece = try #require(ScenePiece(id: 9, placement: placement, in: .soma, marks: .selected))
        #expect(piece.cells == [Cell(2, 0, 1), Cell(2, 1, 1), Cell(2, 2, 1), Cell(1, 1, 1)])
        #expect(piece.color == .palette(2) && piece.label == "T" && piece.marks == .selected)
        #expect(ScenePiece(id: 0, placement: Placement(piece: "Q"), in: .soma) == nil)
    }

    @Test func emptySceneAndTinyCanvas() {
        let empty = SceneRenderer.render(SceneModel(), camera: Camera(), width: 10, height: 4, style: .ascii)
        #expect(empty.canvas.text == "\n\n\n")
        #expect(empty.hitTest(column: 5, row: 2) == nil)
        let none = SceneRenderer.render(SceneFixtures.complete, camera: Camera(), width: 0, height: 0, style: .blocks256)
        #expect(none.canvas.cells.isEmpty)
        #expect(none.hitTest(column: 0, row: 0) == nil)
    }

    @Test func theSelectedPieceWinsWhereItOverlapsAnother() {
        // Two pieces in the same cells: the selected one is drawn.
        let cells = [Cell(0, 0, 0), Cell(1, 0, 0)]
        let model = SceneModel(pieces: [ScenePiece(id: 1, cells: cells, color: .palette(0), marks: .selected),
                                        ScenePiece(id: 2, cells: cells, color: .palette(1))])
        var camera = Camera(pivot: Vector3(1, 0.5, 0.5))
        camera.zoom = 8
        let frame = SceneRenderer.render(model, camera: camera, width: 30, height: 12, style: .ascii)
        let ids = Set(frame.canvas.cells.map(\.id))
        #expect(ids.contains { if case .piece(1, _, _) = $0 { true } else { false } })
        #expect(!ids.contains { if case .piece(2, _, _) = $0 { true } else { false } })
    }
}
