import Files
import Foundation
@testable import Polycube
import Testing

/// The player's own figures are found by file name, by file name without extension and by the
/// figure's name, in the figures folder; and their solution counts are kept by content.
@Suite struct PlayerFiguresTests {
    /// A fresh folder holding `files`, removed after `body`.
    func inFolder<T>(_ files: [(String, String)], _ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-figures-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return try body(folder)
    }

    static let tower = "name: My Tower\n\n##\n\n#.\n"
    static let old = "name: old one\n\n###\n"

    @Test("a saved figure is found by file name, by stem and by its own name, any case; a path is not looked up")
    func findByName() throws {
        try inFolder([("my-tower.figure", Self.tower), ("old-one.txt", Self.old), (".hidden.figure", Self.old)]) { folder in
            let mine = PlayerFigures(directory: folder)
            #expect(mine.fileNames() == ["my-tower.figure", "old-one.txt"])
            for word in ["my-tower.figure", "my-tower", "My Tower", "my tower"] {
                #expect(mine.find(word)?.fileName == "my-tower.figure", "\(word)")
            }
            #expect(mine.find("old-one")?.fileName == "old-one.txt", "old .txt designs are still found")
            #expect(mine.find("Old One")?.fileName == "old-one.txt", "the name inside is `old one`: case does not matter")
            #expect(mine.find("tower") == nil)
            #expect(mine.find("x/my-tower") == nil)
            #expect(mine.find(".hidden") == nil)
            let figure = try FigureReader.load(nameOrPath: "My Tower", playerFigures: mine)
            #expect(figure.name == "My Tower" && figure.cells.count == 3)
            #expect(try FigureReader.locate(nameOrPath: "my-tower", playerFigures: mine) == folder + "/my-tower.figure")
            // A catalog name is the catalog's, whatever the folder holds.
            #expect(try FigureReader.load(nameOrPath: "cube", playerFigures: mine) == Catalog.figure(named: "cube"))
        }
    }

    @Test("a .figure wins over an older .txt of the same stem; an unknown word lists the player's names too")
    func stemsAndUnknownWords() throws {
        try inFolder([("a.txt", Self.old), ("a.figure", Self.tower), ("broken.figure", "name: b\n\n#x#\n")]) { folder in
            let mine = PlayerFigures(directory: folder)
            #expect(mine.find("a")?.fileName == "a.figure")
            let files = mine.files()
            #expect(files.map(\.stem) == ["a", "a", "broken"])
            guard case .failure(let problem) = files[2].figure else { Issue.record("broken.figure read"); return }
            #expect(problem.description.contains("broken.figure:3:"), "\(problem)")
            #expect(throws: UnknownFigureError(name: "towr", known: Catalog.names + ["a", "a", "broken"])) {
                try FigureReader.load(nameOrPath: "towr", playerFigures: mine)
            }
        }
    }

    @Test("a missing folder has no figures")
    func missingFolder() {
        let mine = PlayerFigures(directory: "/no/such/folder")
        #expect(mine.fileNames().isEmpty && mine.find("x") == nil)
    }

    @Test("counts are kept by content: written, read back, the same for a renamed figure, not for another")
    func countCache() throws {
        try inFolder([]) { folder in
            var cache = SolutionCountCache(directory: folder + "/cache")
            let cube = try Catalog.figure(named: "cube")
            var renamed = cube
            renamed.name = "Another name"
            let wall = try Catalog.figure(named: "wall")
            #expect(cache.count(for: cube) == nil)
            cache.set(.init(distinct: 240, complete: true), for: cube)
            cache.set(.init(distinct: 100_000, complete: false), for: wall)
            #expect(cache.write() == nil)
            let text = try String(contentsOfFile: folder + "/cache/solution-counts", encoding: .utf8)
            #expect(text.split(separator: "\n").count == 2 && text.contains(" 240\n") && text.contains(" 100000+\n"), "\(text)")
            let again = SolutionCountCache(directory: folder + "/cache")
            #expect(again.count(for: renamed) == .init(distinct: 240, complete: true))
            #expect(again.count(for: wall) == .init(distinct: 100_000, complete: false))
            #expect(again.count(for: try Catalog.figure(named: "tower")) == nil)
            // Lines that do not read are skipped.
            try Data("zzz\n0123 x\n\(text)".utf8).write(to: URL(fileURLWithPath: folder + "/cache/solution-counts"))
            #expect(SolutionCountCache(directory: folder + "/cache").count(for: cube)?.distinct == 240)
        }
    }
}
