import Testing
@testable import Polycube

@Suite struct PieceSetReaderTests {
    let trominoes = """
        ; the two trominoes, flat
        name: trominoes
        orientations: flat
        piece: I Straight
        copies: 2
        ###

        piece: V   ; the bent one
        #.
        ##
        """

    func failure(_ text: String) -> FigureFileError? {
        do {
            _ = try PieceSetReader.read(text: text, path: "set.pieces")
            return nil
        } catch {
            return error as? FigureFileError
        }
    }

    @Test func readsPiecesCopiesAndOrientations() throws {
        let set = try PieceSetReader.read(text: trominoes, path: "sets/trominoes.pieces")
        #expect(set.name == "trominoes")
        #expect(set.isFlat)
        #expect(set.orientationGroup == Isometry.planar)
        #expect(set.pieces.map(\.letter) == ["I", "V"])
        #expect(set.pieces.map(\.name) == ["Straight", "V"])
        #expect(set.pieces.map(\.copies) == [2, 1])
        #expect(set.pieces[1].shape == Shape([Cell(0, 0), Cell(1, 0), Cell(0, 1)]))
        #expect(set.cellCount == 9)
    }

    @Test func piecesMayHaveSeveralLayersAndMirrorsMayBeAllowed() throws {
        let set = try PieceSetReader.read(text: """
            orientations: all
            piece: S
            ##
            #.

            #.
            ..
            """, path: "dir/screws.pieces")
        #expect(set.name == "screws")
        #expect(set.orientationGroup == Isometry.all)
        #expect(set.pieces[0].shape.size == (x: 2, y: 2, z: 2))
    }

    @Test func aFigureMayNameAPieceSetFile() throws {
        var asked: [String] = []
        let figure = try FigureReader.read(
            text: "name: Nine\npieces: trominoes.pieces\n###\n###\n###\n", path: "puzzles/nine.figure",
            readFile: { path in asked.append(path); return trominoes })
        #expect(asked == ["puzzles/trominoes.pieces"])
        #expect(figure.pieceSet.pieces.count == 2)
        // The set keeps the name the figure used, so writing the figure names the same file.
        #expect(figure.pieceSet.name == "trominoes.pieces")
        #expect(FigureWriter.native(figure).contains("pieces: trominoes.pieces\n"))
        // A file that cannot be read is reported at the `pieces:` line.
        struct Missing: Error {}
        #expect(throws: FigureFileError(path: "nine.figure", line: 1, column: 9,
                                        message: "cannot read the piece-set file `gone.pieces`")) {
            try FigureReader.read(text: "pieces: gone.pieces\n#\n", path: "nine.figure",
                                  readFile: { _ in throw Missing() })
        }
        // Errors inside the piece-set file name that file.
        #expect(throws: FigureFileError(path: "/sets/bad.pieces", line: 1, column: 1,
                                        message: "a drawing before any `piece:` line; expected `piece: LETTER` first")) {
            try FigureReader.read(text: "pieces: /sets/bad.pieces\n#\n", path: "nine.figure",
                                  readFile: { _ in "##\n" })
        }
        // Without a way to read files, the name is unknown.
        #expect(throws: FigureFileError.self) {
            try FigureReader.read(text: "pieces: trominoes.pieces\n#\n", path: "nine.figure")
        }
    }

    @Test func errorsNameTheSpot() {
        #expect(failure("###\n")?.description
            == "set.pieces:1:1: a drawing before any `piece:` line; expected `piece: LETTER` first")
        #expect(failure("piece: A\n#\npiece: A\n#\n")?.description
            == "set.pieces:3:8: a second piece `A`; the first is on line 1")
        #expect(failure("piece: AB\n#\n")?.message == "expected a one-character piece letter after `piece:`")
        #expect(failure("piece: A\n#.#\n")?.description == "set.pieces:1:8: piece `A` is not connected face to face")
        #expect(failure("piece: A\n#x\n")?.description
            == "set.pieces:2:2: unexpected `x`; expected `#` for a cube or `.` for empty")
        #expect(failure("piece: A\npiece: B\n#\n")?.message == "piece `A` has no cubes; expected a drawing of `#`")
        #expect(failure("orientations: flat\npiece: A\n#\n\n#\n")?.message
            == "piece `A` has several layers; a flat set's pieces lie in one")
        #expect(failure("orientations: sideways\n")?.line == 1)
        #expect(failure("piece: A\ncopies: none\n#\n")?.message == "expected a whole number of copies from 1 to 1000")
        #expect(failure("piece: A\n#\ncopies: 2\n")?.message
            == "`copies:` must follow a `piece:` line, before its drawing")
        #expect(failure("piece: A\n#\nname: late\n")?.message == "`name:` must come before the first `piece:`")
        #expect(failure("colour: red\n")?.line == 1)
        #expect(failure("piece: #\n#\n")?.message == "`#` cannot be a piece letter: figures use it for something else")
        #expect(failure("; nothing\n")?.message == "no pieces: expected `piece: LETTER` and a drawing")
    }
}
