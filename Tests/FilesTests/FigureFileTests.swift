import Files
import Foundation
import Polycube
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
        #expect(throws: FigureFileError(path: "missing.figure", line: 0, column: 0, message: "cannot read the file")) {
            try FigureReader.load(nameOrPath: "missing.figure")
        }
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect(throws: FigureFileError(path: "/no/such.figure", line: 0, column: 0, message: "cannot read the file")) {
            try FigureReader.load(path: "/no/such.figure")
        }
        #expect(String(describing: FigureFileError(path: "/no/such.figure", line: 0, column: 0, message: "cannot read the file"))
                == "/no/such.figure: cannot read the file")
    }

    @Test func aMistakeInAFileIsReportedAtItsLineAndColumn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bad.figure").path
        try "name: Bad\n\n##\n#x\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: FigureFileError.self) { try FigureReader.load(path: path) }
        #expect(error.path == path && error.line == 4 && error.column == 2)
        #expect(String(describing: error).hasPrefix("\(path):4:2: "))
    }

    @Test func aPieceSetFileTheFigureNamesIsLookedForBesideIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("two.figure").path
        try "name: Two\npieces: nowhere.pieces\n\n##\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: FigureFileError.self) { try FigureReader.load(path: path) }
        let pieces = folder.appendingPathComponent("nowhere.pieces").path
        #expect(error == FigureFileError(path: path, line: 2, column: 9,
                                         message: "cannot read the piece-set file `\(pieces)`"))
    }
}
