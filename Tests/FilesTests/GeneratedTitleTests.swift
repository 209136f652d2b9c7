import Foundation
import Testing
@testable import Files
import Polycube

/// A generated figure is shown by its grade (and a day's figure by its date), read back from the
/// opening comments `soma generate` and `soma daily` write, since its id alone says nothing.
@Suite("generated figures' titles")
struct GeneratedTitleTests {
    /// The opening lines of a day's figure file, as `soma daily --print` writes them.
    static let daily = """
        ; The daily figure of 2026-11-29 (daily rule 1).
        ; A Soma figure made by `soma generate` (generator 1, seed 7, figure 1).
        ; id g-a303cd; grade 3 of 5; 4 distinct solutions, 8 raw.
        ; Search effort: 10 nodes to the first solution, 20 in all; 1 of 2 first placements lead to a solution.
        """

    static func header(_ text: String) -> [Substring] {
        text.split(separator: "\n").prefix { $0.hasPrefix(";") }.map { $0.dropFirst() }
    }

    @Test("a day's figure: its date and grade; a generated one: its id and grade")
    func titles() {
        #expect(GeneratedFigures.title(header: Self.header(Self.daily)) == "Daily 2026-11-29, grade 3")
        let generated = Self.daily.split(separator: "\n").dropFirst().joined(separator: "\n")
        #expect(GeneratedFigures.title(header: Self.header(generated)) == "g-a303cd, grade 3")
        #expect(GeneratedFigures.title(id: "g-a303cd", grade: 3, day: "2026-11-29") == "Daily 2026-11-29, grade 3")
    }

    @Test("comments of another form give no title: a grade out of range, a malformed id or date, no id line")
    func untrusted() {
        for text in ["; id g-a303cd; grade 9 of 5; 1 distinct solution, 2 raw.",
                     "; id g-a303c; grade 3 of 5;",
                     "; id g-a303cd\u{1b}[2J; grade 3 of 5;",
                     "; grade 3 of 5; id g-a303cd",
                     "; A figure of my own."] {
            #expect(GeneratedFigures.title(header: Self.header(text)) == nil, "\(text)")
        }
        // A malformed day is not shown; the id and grade still are.
        let badDay = "; The daily figure of 2026-1x-29 (daily rule 1).\n; id g-a303cd; grade 3 of 5; 4 distinct solutions, 8 raw."
        #expect(GeneratedFigures.title(header: Self.header(badDay)) == "g-a303cd, grade 3")
    }

    @Test("a kept figure file read by its path gets its title; another figure file none")
    func loadedFromFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-title-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cube = try Catalog.figure(named: "cube")
        var kept = cube
        kept.name = "g-a303cd"
        let path = folder + "/g-a303cd.figure"
        try (Self.daily + "\n" + FigureWriter.native(kept)).write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try FigureReader.load(path: path)
        #expect(loaded.name == "g-a303cd" && loaded.title == "Daily 2026-11-29, grade 3")
        #expect(loaded.shownName == "Daily 2026-11-29, grade 3")
        let own = folder + "/mine.figure"
        try (Self.daily + "\n" + FigureWriter.native(cube)).write(toFile: own, atomically: true, encoding: .utf8)
        #expect(try FigureReader.load(path: own).title == nil, "only a figure named by an id takes the title")
    }
}
