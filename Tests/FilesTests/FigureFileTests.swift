import Files
import Foundation
@testable import Polycube
import Testing

/// Figure files read from disk: the catalog's own files give the embedded figures, a command-line
/// word names a catalog figure or a file, and errors name the file (and the line and column).
@Suite struct FigureFileTests {
    static let catalogFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/Figures")

    @Test func loadingAFileFromDiskGivesTheCatalogFigure() throws {
        for entry in Catalog.figures {
            let path = Self.catalogFolder.appendingPathComponent(entry.name + ".figure").path
            #expect(try FigureReader.load(path: path) == entry.figure, "\(entry.name)")
        }
    }

    @Test func anArgumentNamesACatalogFigureOrAFile() throws {
        #expect(try FigureReader.load(nameOrPath: "bathtub") == Catalog.figure(named: "bathtub"))
        let path = Self.catalogFolder.appendingPathComponent("dog.figure").path
        #expect(try FigureReader.load(nameOrPath: path) == Catalog.figure(named: "dog"))
        #expect(throws: UnknownFigureError.self) { try FigureReader.load(nameOrPath: "bathtubb") }
        #expect(throws: FigureFileError(path: "missing.figure", line: 0, column: 0, message: "no such file")) {
            try FigureReader.load(nameOrPath: "missing.figure")
        }
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect(throws: FigureFileError(path: "/no/such.figure", line: 0, column: 0, message: "no such file")) {
            try FigureReader.load(path: "/no/such.figure")
        }
        #expect(String(describing: FigureFileError(path: "/no/such.figure", line: 0, column: 0, message: "no such file"))
                == "/no/such.figure: no such file")
    }

    /// Writes `files` (name and text) into a fresh folder, runs `body` with the folder's path,
    /// and removes the folder.
    func inFolder<T>(_ files: [(String, String)], _ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return try body(folder)
    }

    @Test func aMistakeInAFileIsReportedAtItsLineAndColumn() throws {
        try inFolder([("bad.figure", "name: Bad\n\n##\n#x\n")]) { folder in
            let path = folder + "/bad.figure"
            let error = try #require(throws: FigureFileError.self) { try FigureReader.load(path: path) }
            #expect(error.path == path && error.line == 4 && error.column == 2)
            #expect(String(describing: error).hasPrefix("\(path):4:2: "))
        }
    }

    @Test func aPieceSetFileTheFigureNamesIsReadFromBesideIt() throws {
        let trominoes = "name: trominoes\norientations: flat\npiece: I\ncopies: 2\n###\n\npiece: V\n#.\n##\n"
        let figure = try inFolder([("nine.figure", "name: Nine\npieces: trominoes.pieces\n###\n###\n###\n"),
                                   ("trominoes.pieces", trominoes)]) { folder in
            try FigureReader.load(path: folder + "/nine.figure")
        }
        #expect(figure.name == "Nine" && figure.cells.count == 9)
        #expect(figure.pieceSet.pieces.count == 2 && figure.pieceSet.name == "trominoes.pieces")
    }

    @Test func aMissingPieceSetFileIsReportedOnThePiecesLine() throws {
        try inFolder([("two.figure", "name: Two\npieces: nowhere.pieces\n\n##\n")]) { folder in
            let path = folder + "/two.figure"
            let error = try #require(throws: FigureFileError.self) { try FigureReader.load(path: path) }
            #expect(error == FigureFileError(path: path, line: 2, column: 9,
                                             message: "cannot read the piece-set file `\(folder)/nowhere.pieces`: no such file"))
        }
    }

    /// Issue 36: a `pieces:` line's file that cannot be read was reported with no reason.
    @Test func anUnreadablePieceSetFileSaysWhy() throws {
        try inFolder([("two.figure", "name: Two\npieces: sets\n\n##\n")]) { folder in
            try FileManager.default.createDirectory(atPath: folder + "/sets", withIntermediateDirectories: false)
            let path = folder + "/two.figure"
            let error = try #require(throws: FigureFileError.self) { try FigureReader.load(path: path) }
            #expect(error == FigureFileError(path: path, line: 2, column: 9,
                                             message: "cannot read the piece-set file `\(folder)/sets`: a folder, not a figure file"))
        }
    }
}
