import Foundation
import Testing
@testable import SharedStore
@testable import Store

/// Who is playing now, written by `PresenceReporter` into a real `soma.db` (the SQLite sink,
/// `soma serve` without `--database`): each report replaces this server's rows, another
/// server's rows stay, the newest report wins, `finish` removes this server's rows, and a
/// server where no one played leaves the file alone.
@Suite struct PresenceReporterTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "soma-presence-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The `playing` table's rows as `player@instance`, sorted, each checked to carry a time.
    static func rows(_ path: String) throws -> [String] {
        let file = try SQLiteFile(path: path)
        defer { file.close() }
        return try file.run("SELECT player, instance, typeof(seen_at) AS kind FROM playing ORDER BY player, instance").map { row in
            "\(row.column("player")?.string ?? "?")@\(row.column("instance")?.string ?? "?") \(row.column("kind")?.string ?? "?")"
        }
    }

    @Test("reports replace this server's rows; another server's stay; finish removes only this server's")
    func reportsReplace() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let one = PresenceReporter(sqlite: path)
        let two = PresenceReporter(sqlite: path)
        #expect(one.instance != two.instance)
        #expect(one.instance.utf8.count <= 16 && UInt64(one.instance, radix: 16) != nil)
        one.report(["SHA256:bo", "SHA256:ann"])
        one.settle()
        #expect(try Self.rows(path) == ["SHA256:ann@\(one.instance) real", "SHA256:bo@\(one.instance) real"])
        two.report(["SHA256:cy"])
        one.report(["SHA256:bo"])
        one.settle()
        two.settle()
        #expect(try Self.rows(path).sorted() == ["SHA256:bo@\(one.instance) real", "SHA256:cy@\(two.instance) real"])
        one.finish()
        #expect(try Self.rows(path) == ["SHA256:cy@\(two.instance) real"])
        two.report([])
        two.settle()
        #expect(try Self.rows(path) == [])
        two.finish()
    }

    @Test("reports made faster than they are written: the newest is what the table holds")
    func newestWins() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let reporter = PresenceReporter(sqlite: path)
        for count in 1...50 {
            reporter.report(Set((1...count).map { "SHA256:p\($0)" }))
        }
        reporter.report(["SHA256:last"])
        reporter.settle()
        #expect(try Self.rows(path) == ["SHA256:last@\(reporter.instance) real"])
        reporter.finish()
        #expect(try Self.rows(path) == [])
    }

    @Test("a server where no one played: finish leaves no file behind; a file that cannot be opened is no crash")
    func nothingToWrite() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        PresenceReporter(sqlite: path).finish()
        #expect(!FileManager.default.fileExists(atPath: path))
        let nowhere = PresenceReporter(sqlite: folder + "/no/such/folder/soma.db")
        nowhere.report(["SHA256:ann"])
        nowhere.settle()
        nowhere.report(["SHA256:ann"])
        nowhere.finish()
        #expect(!FileManager.default.fileExists(atPath: folder + "/no"))
    }
}
