import Foundation
import Testing

/// docs/ARCHITECTURE.md is the map: one page that names every module once in its table, with
/// the detail in topic pages beside it. These keep it so: a new module gets a row, a page the
/// map links exists, and the map stays a page.
@Suite struct DocsMapTests {
    static let docs = ImportRulesTests.sources.deletingLastPathComponent().appendingPathComponent("docs")

    static func text(_ page: String) throws -> String {
        try String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8)
    }

    /// The modules named in the first column of the map's table.
    static func tableModules(_ map: String) -> Set<String> {
        Set(map.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        })
    }

    @Test func everyModuleHasARowOnTheMap() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: ImportRulesTests.sources.path)
            .filter { !$0.hasPrefix(".") && !["CNcurses", "CSQLite"].contains($0) } // C modules: in Package.swift
        #expect(Self.tableModules(try Self.text("ARCHITECTURE.md")) == Set(folders))
    }

    @Test func everyPageTheMapLinksExists() throws {
        let map = try Self.text("ARCHITECTURE.md")
        let links = map.split(separator: "(").compactMap { part -> String? in
            guard let end = part.firstIndex(of: ")"), part[..<end].hasSuffix(".md") else { return nil }
            return String(part[..<end])
        }
        #expect(links.count >= 5, "\(links)")
        for page in Set(links) {
            #expect(FileManager.default.fileExists(atPath: Self.docs.appendingPathComponent(page).path), "\(page)")
        }
    }

    /// A page a reader takes in at once: at most 120 lines, and no table cell or line longer
    /// than a wide terminal.
    @Test func theMapIsOnePage() throws {
        let lines = try Self.text("ARCHITECTURE.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 120, "\(lines.count) lines")
        for (n, line) in lines.enumerated() {
            #expect(line.count <= 140, "line \(n + 1) has \(line.count) characters")
        }
    }
}
