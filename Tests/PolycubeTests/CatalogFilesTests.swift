import Foundation
import Testing
@testable import Polycube

/// The catalog's source of truth is the folder `Resources/Figures`; the embedded list must name
/// every file in it, each under its file name, with its current text. (Reading figure files from
/// disk is the Files module's; see FilesTests.)
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
}
