import Foundation
import Testing
@testable import SharedStore
@testable import Store

/// `soma serve` makes the games' database at its start (`GamesDatabase.prepare`).
@Suite struct GamesDatabaseTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-games-db-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a new file is made ready, twice without harm; what cannot be made is said for the log")
    func prepare() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(GamesDatabase.prepare(sqlite: folder + "/soma.db") == nil)
        #expect(GamesDatabase.prepare(sqlite: folder + "/soma.db") == nil)
        // A game opening it finds it up to date: read-only opening works, schema 3 is there.
        #expect(throws: Never.self) { _ = try ProgressStore(readingOnly: folder + "/soma.db") }
        try FileManager.default.createDirectory(atPath: folder + "/taken.db", withIntermediateDirectories: true)
        let problem = try #require(GamesDatabase.prepare(sqlite: folder + "/taken.db"))
        #expect(problem.contains("a folder is in the database file's place"), "\(problem)")
    }
}
