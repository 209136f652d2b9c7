import Foundation
import Testing
@testable import Store

/// A file already up to date is opened without running the schema's statements (issue 35: a
/// login's start-up; the opening write transaction stays, as it finds a file that cannot be
/// written); one that lacks anything the schema makes is still completed on opening.
@Suite("ProgressStore: the schema checked in one read, completed when anything is missing")
struct SchemaCheckTests {
    @Test("the names asked for are those the schema's statements make")
    func names() {
        #expect(Schema.tables == ["players", "records", "positions", "set_aside", "names", "playing"])
        #expect(Schema.indexNames == ["records_by_time", "records_by_moves"])
    }

    @Test("a column is one of the names of its table's CREATE statement, whole, in any case of spacing")
    func columnNames() {
        let sql = "CREATE TABLE positions (player TEXT NOT NULL,\n    poses TEXT, PRIMARY KEY (player)), saved_at REAL, hints_2 INTEGER"
        #expect(Schema.names(sql, include: "saved_at") && Schema.names(sql, include: "poses") && Schema.names(sql, include: "hints_2"))
        #expect(!Schema.names(sql, include: "hints") && !Schema.names(sql, include: "saved") && !Schema.names(sql, include: "judged"))
        #expect(!Schema.names("", include: "judged"))
    }

    /// A database as this soma makes it, then changed by `statement` (keeping schema 3).
    func file(changedBy statement: String) throws -> (folder: String, path: String) {
        let folder = StoreFixtures.folder()
        let path = folder + "/soma.db"
        _ = try ProgressStore(path: path)
        try StoreFixtures.sql(path, statement)
        #expect(try StoreFixtures.rows(path, "PRAGMA user_version") == ["3"])
        return (folder, path)
    }

    @Test("a schema 3 file without a column added since (positions.judged) gains it on opening")
    func missingColumn() throws {
        let (folder, path) = try file(changedBy: "ALTER TABLE positions DROP COLUMN judged")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try !StoreFixtures.rows(path, "SELECT name FROM pragma_table_info('positions')").contains("judged"))
        _ = try ProgressStore(path: path)
        #expect(try StoreFixtures.rows(path, "SELECT name FROM pragma_table_info('positions')")
                == ["player", "figure", "poses", "moves", "seconds", "saved_at", "hints", "judged"])
    }

    @Test("a schema 3 file without an index gains it on opening")
    func missingIndex() throws {
        let (folder, path) = try file(changedBy: "DROP INDEX records_by_moves")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try ProgressStore(path: path)
        #expect(try StoreFixtures.rows(path, "SELECT name FROM sqlite_schema WHERE type = 'index' AND name LIKE 'records_by_%' ORDER BY name")
                == ["records_by_moves", "records_by_time"])
    }

    @Test("a player new to an up-to-date file gets their row with their first save, not on opening; once only")
    func newPlayer() throws {
        let (folder, path) = try file(changedBy: "SELECT 1")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let players = "SELECT player FROM players ORDER BY player"
        let newcomer = try ProgressStore(path: path, player: "key-b")
        _ = try ProgressStore(path: path)
        // Opening writes nothing: a login never waits for the disk.
        #expect(try StoreFixtures.rows(path, players) == ["local"])
        var progress = try newcomer.load().progress
        progress.save(StoreFixtures.moved(StoreFixtures.box, steps: 1), seconds: 2)
        try newcomer.save(progress)
        #expect(try StoreFixtures.rows(path, players) == ["key-b", "local"])
        // Their next game's saves find the row there.
        let again = try ProgressStore(path: path, player: "key-b")
        progress = try again.load().progress
        progress.save(StoreFixtures.moved(StoreFixtures.box, steps: 2), seconds: 3)
        try again.save(progress)
        #expect(try StoreFixtures.rows(path, players) == ["key-b", "local"])
        #expect(try StoreFixtures.rows(path, "SELECT moves FROM positions WHERE player = 'key-b'") == ["2"])
    }

    @Test("a game that finds a new file, and waits for the lock while another makes the schema, runs none of it again")
    func schemaMadeWhileWaiting() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        // The first game of a burst reads version 0 too; the other makes the file first.
        let late = try ProgressStore(path: path, player: "key-a", busyMilliseconds: 5000, beforeLocking: { () throws(StoreError) in
            _ = try ProgressStore(path: path, player: "key-b")
        })
        #expect(try StoreFixtures.rows(path, "PRAGMA user_version") == ["3"])
        // The schema's run ends by writing its player's row: only the game that made it did.
        #expect(try StoreFixtures.rows(path, "SELECT player FROM players ORDER BY player") == ["key-b"])
        var progress = try late.load().progress
        progress.save(StoreFixtures.moved(StoreFixtures.box, steps: 1), seconds: 2)
        try late.save(progress)
        #expect(try StoreFixtures.rows(path, "SELECT player FROM players ORDER BY player") == ["key-a", "key-b"])
    }

    @Test("a database made for no player (soma serve at its start) has the whole schema and no player; a login then writes nothing")
    func madeForNoPlayer() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        try ProgressStore.makeSchema(path: path)
        #expect(try StoreFixtures.rows(path, "PRAGMA user_version") == ["3"])
        #expect(try StoreFixtures.rows(path, "SELECT count(*) FROM players") == ["0"])
        #expect(try StoreFixtures.rows(path, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
                == Schema.tables.sorted())
        _ = try ProgressStore(path: path, player: "key-a")
        #expect(try StoreFixtures.rows(path, "SELECT count(*) FROM players") == ["0"], "found up to date: nothing written")
        // Made again: nothing changes.
        try ProgressStore.makeSchema(path: path)
        #expect(try StoreFixtures.rows(path, "SELECT count(*) FROM players") == ["0"])
    }
}
