import Testing
import Polycube
@testable import Scene

@Suite struct FigurePictureTests {
    @Test func theCubeFigureAlone() {
        let text = FigurePicture.render(figureCells: SceneFixtures.cubeCells, width: 40)
        Snapshot.check(text, named: "picture-cube-figure-ascii")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 40 })
        #expect(!text.contains("\u{1B}"))
    }

    @Test(arguments: 0..<4)
    func theSolvedCubeInEachView(view: Int) {
        let text = FigurePicture.render(figureCells: SceneFixtures.cubeCells, pieces: SceneFixtures.solvedCube,
                                        view: view, width: 36)
        Snapshot.check(text, named: "picture-cube-solved-view\(view)")
    }

    @Test func theExplodedSolution() {
        let text = FigurePicture.renderExploded(figureCells: SceneFixtures.cubeCells, pieces: SceneFixtures.solvedCube,
                                                width: 72)
        Snapshot.check(text, named: "picture-cube-exploded-ascii")
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 72 })
    }

    @Test func colourOnlyWhenAsked() throws {
        let plain = FigurePicture.render(figureCells: SceneFixtures.cubeCells, pieces: SceneFixtures.solvedCube,
                                         style: .blocks, width: 30)
        #expect(!plain.contains("\u{1B}") && !plain.contains("▀"), "blocks without colour fall back to ascii")
        let coloured = FigurePicture.render(figureCells: SceneFixtures.cubeCells, pieces: SceneFixtures.solvedCube,
                                            style: .blocks, width: 30, color: .xterm256)
        #expect(coloured.contains("\u{1B}[0;38;5;") && coloured.contains("▀"))
        let model = FigurePicture.sceneModel(figureCells: SceneFixtures.cubeCells, pieces: SceneFixtures.solvedCube,
                                             pieceSet: .soma, spread: 0)
        let canvas = try #require(FigurePicture.canvas(of: model, style: RenderStyle(glyphs: .blocks, colors: .xterm256, showsGizmo: false),
                                                       view: 0, width: 30))
        #expect(FigurePicture.trimmingBlankLines(canvas.ansiText) == coloured)
        Snapshot.check(canvas, named: "picture-cube-solved-blocks256")
    }

    @Test func emptyFigureGivesEmptyPicture() {
        #expect(FigurePicture.render(figureCells: [], width: 40) == "")
        #expect(FigurePicture.render(figureCells: SceneFixtures.cubeCells, width: 0) == "")
    }
}
