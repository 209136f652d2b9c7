import Testing
@testable import Polycube

@Suite struct FigureWriterTests {
    @Test func writesLayersBottomFirstOverTheBoundingBox() {
        let f = Figure(name: "Step", cells: [Cell(0, 0, 0), Cell(0, 1, 0), Cell(1, 1, 0), Cell(1, 1, 1)])
        #expect(FigureWriter.native(f) == "name: Step\n\n##\n#.\n\n.#\n..\n")
    }

    @Test func namesTheSetUnlessItIsSoma() {
        let f = Figure(name: "Strip", cells: (0..<5).map { Cell($0, 0) }, pieceSet: .pentominoes,
                       preplaced: [(letter: "I", cells: (0..<5).map { Cell($0, 0) })])
        #expect(FigureWriter.native(f) == "name: Strip\npieces: pentominoes\n\nIIIII\n")
    }

    @Test func readingWhatWasWrittenGivesTheSameFigure() throws {
        let preplaced = try FigureReader.read(text: "name: With L\nLLL#\nL###\n\n...#\n", path: "p.figure")
        let gap = Figure(name: "Gap", cells: [Cell(0, 0, 0), Cell(0, 0, 2), Cell(0, 1, 0), Cell(0, 1, 1), Cell(0, 1, 2)])
        for figure in Catalog.figures.map(\.figure) + [preplaced, gap] {
            let text = FigureWriter.native(figure)
            let back = try FigureReader.read(text: text, path: "round-trip.figure")
            #expect(back == figure, "\(figure.name)")
            #expect(FigureWriter.native(back) == text)
        }
    }

    @Test func aFigureMovedAwayFromTheOriginComesBackNormalised() throws {
        let f = Figure(name: "Far", cells: [Cell(5, -3, 2), Cell(6, -3, 2)])
        let back = try FigureReader.read(text: FigureWriter.native(f), path: "far.figure")
        #expect(back.cells == [Cell(0, 0, 0), Cell(1, 0, 0)])
    }
}
