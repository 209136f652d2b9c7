import Testing
@testable import Polycube

@Suite struct NativeFigureReaderTests {
    func read(_ text: String, path: String = "test.figure") throws -> Figure {
        try FigureReader.read(text: text, path: path, format: .native)
    }

    func error(_ text: String, path: String = "bad.figure") -> FigureFileError? {
        do {
            _ = try read(text, path: path)
            return nil
        } catch let e as FigureFileError {
            return e
        } catch {
            return nil
        }
    }

    @Test func layersGoUpAndTheFirstRowIsTheBack() throws {
        let f = try read("""
            ; a step: two cells below, one above
            name: Step

            ##
            #.

            .#
            """)
        #expect(f.name == "Step")
        #expect(f.pieceSet == .soma)
        // Bottom layer: row 1 is y = 1 (back), row 2 is y = 0. Top layer shares the corner.
        #expect(f.cells == [Cell(0, 0, 0), Cell(0, 1, 0), Cell(1, 1, 0), Cell(1, 1, 1)])
        #expect(f.preplaced.isEmpty)
    }

    @Test func commentLinesDoNotSplitALayerButEmptyLinesDo() throws {
        let f = try read("""
            name: Two layers
            ###   ; the back row
            ; still the first layer
            #.#


            ..#
            """)
        #expect(f.cells.filter { $0.z == 0 }.count == 5)
        #expect(f.cells.filter { $0.z == 1 } == [Cell(2, 1, 1)])
    }

    @Test func spacesAreEmptyAndRowsMayBeShort() throws {
        let f = try read("name: x\n# #\n#\n")
        #expect(f.cells == [Cell(0, 0, 0), Cell(0, 1, 0), Cell(2, 1, 0)])
    }

    @Test func aMissingNameComesFromTheFileName() throws {
        #expect(try read("#", path: "figures/little-one.figure").name == "little-one")
        #expect(try read("#", path: "plain").name == "plain")
    }

    @Test func piecesLineChoosesTheSet() throws {
        let f = try read("name: strip\npieces: pentominoes\n#####\n")
        #expect(f.pieceSet == .pentominoes)
        #expect(f.isBoard)
        let g = try read("pieces: solid-pentominoes\n#####\n")
        #expect(g.pieceSet == .solidPentominoes)
        #expect(!g.isBoard)
    }

    @Test func pieceLettersArePreplacedPieces() throws {
        let f = try read("""
            name: L in a corner
            LLL#
            L###
            """)
        #expect(f.cells.count == 8)
        #expect(f.preplaced.count == 1)
        #expect(f.preplaced[0].letter == "L")
        #expect(f.preplaced[0].cells == [Cell(0, 0, 0), Cell(0, 1, 0), Cell(1, 1, 0), Cell(2, 1, 0)])
    }

    @Test func aPreplacedPieceMaySpanLayers() throws {
        // V in the bottom layer, the fourth cube on top of the arm at the front: screw B.
        let f = try read("BB\nB.\n\n..\nB.\n")
        #expect(f.preplaced.first?.letter == "B")
        #expect(f.preplaced.first?.cells.count == 4)
    }

    @Test func errorsNameFileLineAndColumn() {
        #expect(error("name: x\n#.#\n#?#\n")
            == FigureFileError(path: "bad.figure", line: 3, column: 2,
                               message: "unexpected `?`; expected `#`, `.` or a piece letter (V L T Z A B P)"))
        #expect(error("name: x\ncolour: red\n#\n")?.description
            == "bad.figure:2:1: unknown header `colour:`; expected `name:` or `pieces:`")
        #expect(error("#\nname: late\n")?.description == "bad.figure:2:1: `name:` must come before the first layer")
        #expect(error("name: a\nname: b\n#\n")?.line == 2)
        #expect(error("name:\n#\n")?.message == "expected a name after `name:`")
        #expect(error("; nothing\nname: empty\n")?.message == "no cells: expected layers of rows of `#` and `.`")
        #expect(error("")?.line == 1)
        #expect(error("#\t#\n")?.description == "bad.figure:1:2: a tab; expected `.` or spaces for empty places")
    }

    @Test func unknownPieceSetsAreErrorsAtTheValue() {
        let e = error("name: x\npieces: tetrominoes\n#\n")
        #expect(e?.line == 2)
        #expect(e?.column == 9)
        #expect(e?.message.contains("soma, pentominoes, solid-pentominoes, bedlam") == true)
    }

    @Test func preplacedPiecesMustHaveTheirShape() {
        // Three cells drawn for the four-cube L.
        #expect(error("name: x\n###\nLLL\n")?.description
            == "bad.figure:3:1: pre-placed piece `L` covers 3 cells; piece L has 4")
        // Four in a row is not a T.
        #expect(error("TTTT\n####\n")?.message == "pre-placed piece `T` is not drawn in the shape of piece T")
        // A is not B: the Soma set may only rotate pieces.
        #expect(error("AA\nA.\n\n..\nA.\n")?.message == "pre-placed piece `A` is not drawn in the shape of piece A")
        // Two separate V groups: the set has only one V.
        #expect(error("VV.VV\nV...V\n")?.message == "pre-placed piece `V` is drawn 2 times; the set has 1 copy")
        // A pentomino letter in a Soma figure.
        #expect(error("FF#\n")?.message == "unexpected `F`; expected `#`, `.` or a piece letter (V L T Z A B P)")
    }
}
