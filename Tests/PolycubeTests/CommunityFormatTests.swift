import Testing
@testable import Polycube

/// The two formats Soma players already have: yass `.soma` files and the standard notation.
@Suite struct CommunityFormatTests {
    func failure(_ text: String, path: String, format: FigureFormat) -> FigureFileError? {
        do {
            _ = try FigureReader.read(text: text, path: path, format: format)
            return nil
        } catch {
            return error as? FigureFileError
        }
    }

    @Test func yassSlicesAreDrawnTopFirst() throws {
        let f = try FigureReader.read(text: """
            # the bathtub: rim first, floor below
            *****
            *...*    # the hollow
            *****

            ooooo
            ooooo
            ooooo
            """, path: "figures/bathtub.soma")
        #expect(f.name == "bathtub")
        #expect(f.pieceSet == .soma)
        #expect(f.cells.count == 27)
        #expect(f.cells.filter { $0.z == 0 }.count == 15)
        #expect(!Set(f.cells).contains(Cell(2, 1, 1)))
    }

    @Test func yassFiguresLyingOnASideAreStoodOnTheirBroadestBase() throws {
        // An upright L, drawn as three one-row slices: it is flat, so it ends up lying down.
        let f = try FigureReader.read(text: "***\n\n*..\n\n*..\n", path: "l.soma")
        #expect(f.cells.count == 5)
        #expect(f.cells.allSatisfy { $0.z == 0 })
    }

    @Test func yassSeparatePartsOnOneLineStaySeparate() throws {
        let f = try FigureReader.read(text: "oo. o\noo. o\n", path: "parts.soma")
        #expect(f.cells.count == 6)
        #expect(!f.shape.isConnected)
    }

    @Test func yassScrewsAreIdentifiedByShape() throws {
        // Screw A drawn with yass's letter `p`, and again with `n`: the shape decides.
        let drawing = "X.\n..\n\nX.\nXX\n"
        for letter in ["p", "n"] {
            let text = String(drawing.map { $0 == "X" ? Character(letter) : $0 })
            let f = try FigureReader.read(text: text, path: "a.soma")
            #expect(f.preplaced.map(\.letter) == ["A"])
        }
        // The mirror image (swap the columns) is B.
        let mirrored = try FigureReader.read(text: ".p\n..\n\n.p\npp\n", path: "b.soma")
        #expect(mirrored.preplaced.map(\.letter) == ["B"])
        // The other letters map straight to V L T Z P.
        let v = try FigureReader.read(text: "33\n3o\n", path: "v.soma")
        #expect(v.preplaced.map(\.letter) == ["V"])
    }

    /// yass's own `misshapen_preplace.soma` (thanks4opensource/yass, figures/): a cube whose
    /// four `c` cells are not connected. They are read as marks (these cells belong to piece
    /// P), not as a piece placed, and not refused.
    @Test func yassLettersThatAreNoWholePieceMarkTheirCells() throws {
        let misshapen = "ooo\nooo\nooo\n\nooo\noco\nooo\n\nooo\ncoo\ncco\n\n"
        let figure = try FigureReader.read(text: misshapen, path: "misshapen_preplace.soma", format: .yass)
        #expect(figure.cells.count == 27)
        #expect(figure.preplaced.isEmpty)
        // Bottom slice (drawn last): c at the back and front of the left column, and the front
        // middle; the middle slice: c in its centre. Rows are drawn back first.
        #expect(figure.markedCells == [Cell(0, 1, 0): "P", Cell(0, 0, 0): "P", Cell(1, 0, 0): "P", Cell(1, 1, 1): "P"])
        // A line of four `t` is not the T piece, and two `3` groups are no V: marks too.
        #expect(try FigureReader.read(text: "oooo\ntttt\n", path: "t.soma", format: .yass).markedCells.values.allSatisfy { $0 == "T" })
        let screws = try FigureReader.read(text: "ooo\n33p\n33n\n", path: "t.soma", format: .yass)
        #expect(screws.preplaced.isEmpty)
        #expect(screws.markedCells.values.sorted() == ["A", "B", "V", "V", "V", "V"])
        // A whole piece drawn stays a piece placed.
        let placed = try FigureReader.read(text: "ooo\nooo\nooo\n\nooo\nooo\nooo\n\nooo\noto\nttt\n",
                                           path: "good_t_cube.soma", format: .yass)
        #expect(placed.preplaced.map(\.letter) == ["T"])
        #expect(placed.markedCells.isEmpty)
    }

    @Test func yassErrorsNameTheSpot() {
        #expect(failure("ooo\no\to\n", path: "t.soma", format: .yass)?.description
            == "t.soma:2:2: a tab; expected `.` or spaces for empty places")
        #expect(failure("# empty\n", path: "e.soma", format: .yass)?.message
            == "no cells: expected slices of rows of `o`, `*` and `.`")
    }

    @Test func standardNotationHasOneRowOfEveryLayerPerLine() throws {
        let f = try FigureReader.read(text: """
            ; a small figure, top layer first
            /111/1../
            /2../.../
            """, path: "small.std")
        #expect(f.name == "small")
        #expect(f.cells.count == 5)
        #expect(f.preplaced.isEmpty)
        #expect(f.cells.filter { $0.z == 0 }.count == 4)
        #expect(f.shape.size.z == 2)
    }

    @Test func bothCommunityFormatsDrawTheTopLayerFirst() throws {
        // Before standing on a base: the readers alone.
        let std = try StandardFigureReader(path: "x.std").read("/.7./777/\n/.../777/\n")
        #expect(std.cells.filter { $0.z == 1 } == [Cell(1, 1, 1)])
        #expect(std.cells.filter { $0.z == 0 }.count == 6)
        let yass = try YassFigureReader(path: "x.soma").read(".o.\n...\n\nooo\nooo\n")
        #expect(yass.cells.filter { $0.z == 1 } == [Cell(1, 1, 1)])
        #expect(yass.cells.filter { $0.z == 0 }.count == 6)
    }

    @Test func standardNotationErrors() {
        #expect(failure("/11/22\n/1/\n", path: "s.std", format: .standard)?.description
            == "s.std:2:4: this row has 1 layers; expected 2 like the first row")
        #expect(failure("/1x1/\n", path: "s.std", format: .standard)?.description
            == "s.std:1:3: unexpected `x`; expected a piece digit 1-7 or `.`, `-`, `0` for empty")
        #expect(failure("/11/\n 22\n", path: "s.std", format: .standard)?.description
            == "s.std:2:2: expected a row starting with `/`")
        #expect(failure("/--/00/\n", path: "s.std", format: .standard)?.line == 1)
    }

    @Test func formatIsDetectedByExtensionThenContent() {
        #expect(FigureFormat.detect(text: "###", path: "a.soma") == .yass)
        #expect(FigureFormat.detect(text: "###", path: "a.std") == .standard)
        #expect(FigureFormat.detect(text: "; hi\n/111/\n", path: "a.txt") == .standard)
        #expect(FigureFormat.detect(text: "; hi\nname: x\n#\n", path: "a") == .native)
        #expect(FigureFormat.detect(text: "##.\n", path: "a.figure") == .native)
        #expect(FigureFormat.detect(text: "oo.\n", path: "a.txt") == .yass)
        #expect(FigureFormat.detect(text: "# The battleship\n...*...\n", path: "ship") == .yass)
        #expect(FigureFormat.detect(text: "/111/\n", path: "a.figure") == .native)
    }
}
