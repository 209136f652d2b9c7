import Testing
import Polycube
@testable import Generator

@Suite struct FigureIDTests {
    @Test("all 48 images of a figure, moved anywhere, have the same id", arguments: ["cube", "battleship", "dog", "snake", "chair"])
    func imagesShareTheID(name: String) throws {
        let figure = try Catalog.figure(named: name)
        let id = FigureID(figure)
        for g in Isometry.all {
            let moved = figure.cells.map { g.apply($0) + Cell(7, -3, 2) }
            #expect(FigureID(cells: moved) == id)
        }
    }

    @Test("a generated figure's id is the same for its 48 images")
    func generatedImages() throws {
        let generated = try FigureGenerator.generate(GenerationRequest(solutions: 1), seed: 3).get()
        #expect(Set(Isometry.all.map { g in FigureID(cells: generated.figure.cells.map(g.apply)) }) == [generated.id])
    }

    @Test("different shapes, different ids; the form is g- and six hex digits")
    func distinct() throws {
        let ids = Catalog.figures.filter { $0.figure.pieceSet.name == PieceSet.soma.name }.map { FigureID($0.figure) }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.text.count == 8 && id.text.hasPrefix("g-"))
            #expect(FigureID(parsing: id.text.uppercased())?.text == id.text)
        }
        #expect(FigureID(parsing: "g-12345") == nil)
        #expect(FigureID(parsing: "g-12345z") == nil)
        #expect(FigureID(parsing: "cube") == nil)
        // Pinned: ids are published (players share them), so the hash must not change.
        #expect(FigureID(try Catalog.figure(named: "cube")).text == FigureID(cells: [Cell]((0..<27).map { Cell($0 % 3, $0 / 3 % 3, $0 / 9) })).text)
    }
}
