import Testing
@testable import Polycube

@Suite struct YassWriterTests {
    @Test func writesSlicesTopFirstWithTheNameAsAComment() {
        let f = Figure(name: "Step", cells: [Cell(0, 0, 0), Cell(0, 1, 0), Cell(1, 1, 0), Cell(1, 1, 1)])
        #expect(FigureWriter.yass(f) == "# Step\n.o\n..\n\noo\no.\n")
    }

    @Test func readingWhatWasWrittenGivesTheSameCells() throws {
        let step = Figure(name: "Step", cells: [Cell(0, 0, 0), Cell(0, 1, 0), Cell(1, 1, 0), Cell(1, 1, 1)])
        var cube: [Cell] = []
        for z in 0..<3 { for y in 0..<3 { for x in 0..<3 { cube.append(Cell(x, y, z)) } } }
        for figure in [step, Figure(name: "Cube", cells: cube)] {
            let text = FigureWriter.yass(figure)
            #expect(FigureFormat.detect(text: text, path: "x.soma") == .yass)
            let back = try FigureReader.read(text: text, path: "\(figure.name).soma")
            #expect(back.cells == figure.cells, "\(figure.name)")
            #expect(back.name == figure.name)
        }
    }

    @Test func preplacedSomaPiecesGetTheirYassLetters() throws {
        // An L lying at the back of a 2x4 slab, one V-shaped corner at the front left.
        let figure = try FigureReader.read(text: "name: Slab\nLLL#\nL###\n", path: "slab.figure")
        let text = FigureWriter.yass(figure)
        #expect(text == "# Slab\nlllo\nlooo\n")
        let back = try FigureReader.read(text: text, path: "slab.soma")
        #expect(back.preplaced.map(\.letter) == ["L"])
        #expect(back.preplaced.first?.cells == figure.preplaced.first?.cells)
    }

    @Test func anEmptyFigureIsJustItsName() {
        #expect(FigureWriter.yass(Figure(name: "Nothing", cells: [])) == "# Nothing\n")
    }
}
