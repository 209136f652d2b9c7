import Foundation
import Testing
@testable import Polycube

/// The catalog's source of truth is the folder `Resources/Figures`; the embedded list must name
/// every file in it, each under its file name, with its current text.
@Suite struct CatalogFilesTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/Figures")

    @Test func theEmbeddedListMatchesTheFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".figure") }
            .map { String($0.dropLast(".figure".count)) }
        #expect(Set(files) == Set(Catalog.names))
        #expect(files.count == Catalog.names.count)
    }

    @Test func loadingAFileFromDiskGivesTheCatalogFigure() throws {
        for entry in Catalog.figures {
            let path = Self.folder.appendingPathComponent(entry.name + ".figure").path
            #expect(try FigureReader.load(path: path) == entry.figure, "\(entry.name)")
        }
    }

    @Test func anArgumentNamesACatalogFigureOrAFile() throws {
        #expect(try FigureReader.load(nameOrPath: "bathtub") == Catalog.figure(named: "bathtub"))
        let path = Self.folder.appendingPathComponent("dog.figure").path
        #expect(try FigureReader.load(nameOrPath: path) == Catalog.figure(named: "dog"))
        #expect(throws: UnknownFigureError.self) { try FigureReader.load(nameOrPath: "bathtubb") }
        #expect(throws: FigureFileError.self) { try FigureReader.load(nameOrPath: "missing.figure") }
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect(throws: FigureFileError(path: "/no/such.figure", line: 0, column: 0, message: "no such file")) {
            try FigureReader.load(path: "/no/such.figure")
        }
    }
}
