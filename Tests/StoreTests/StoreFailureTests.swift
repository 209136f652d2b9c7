import Foundation
import Testing
@testable import Game
@testable import Store

/// What cannot be opened or written is said with the path and the reason in words, and the
/// last good data stays as it was.
@Suite("ProgressStore: failures said plainly")
struct StoreFailureTests {
    @Test("a folder in the database file's place")
    func folderInPlace() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/soma.db", withIntermediateDirectories: true)
        #expect(throws: StoreError(path: folder + "/soma.db", reason: "a folder is in the database file's place")) {
            try ProgressStore(path: folder + "/soma.db")
        }
    }

    @Test("a file that is not a database is refused and left byte for byte as it was")
    func notADatabase() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let text = String(repeating: "{\"version\":1} not a database\n", count: 200)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: StoreError.self) { try ProgressStore(path: path) }
        #expect(error.path == path)
        #expect(error.reason == "the file is not a soma database (not an SQLite file); it was left as it is; "
                + "move it away (mv \(path) \(path).damaged) and soma starts a new one, keeping the old file for you")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test("a folder that cannot be made: the path and the system's reason")
    func folderCannotBeMade() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "x".write(toFile: folder + "/file", atomically: true, encoding: .utf8)
        let error = try #require(throws: StoreError.self) { try ProgressStore(path: folder + "/file/soma/soma.db") }
        #expect(error.path == folder + "/file/soma")
        #expect(error.reason == "the folder cannot be made (not a directory)", "\(error)")
    }

    @Test("a database from a newer soma is refused, not rewritten")
    func newerSchema() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        _ = try ProgressStore(path: path)
        try StoreFixtures.sql(path, "PRAGMA user_version = 7")
        let error = try #require(throws: StoreError.self) { try ProgressStore(path: path) }
        #expect(error.reason.hasPrefix("the database was written by a newer soma (schema 7"))
    }

    @Test("a save that fails leaves the last good data, and the next save sends the same changes again")
    func failedSaveRetried() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let store = try ProgressStore(path: path, player: ProgressStore.localPlayer, busyMilliseconds: 100)
        var p = try store.load().progress
        p.recordSolve(figure: "cube", Solved(moves: 40, seconds: 90))
        try store.save(p)
        // Another program holds the write lock: the save fails after the busy timeout...
        let holder = try SQLiteFile(path: path)
        try holder.run("BEGIN IMMEDIATE")
        p.recordSolve(figure: "cube", Solved(moves: 30, seconds: 80))
        let error = try #require(throws: StoreError.self) { try store.save(p) }
        #expect(error.reason == "another program held the database locked for too long")
        try holder.run("ROLLBACK")
        holder.close()
        #expect(try ProgressStore(path: path).load().progress.records[RecordKey("cube", .off)]?.timesSolved == 1)
        // ... and the next one writes the solve it could not write.
        try store.save(p)
        #expect(try ProgressStore(path: path).load().progress.records[RecordKey("cube", .off)] == FigureRecord(timesSolved: 2, bestSeconds: 80, fewestMoves: 30))
    }

    @Test("a damaged copy never replaces an earlier one")
    func distinctCopies() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/design-autosave.figure"
        var kept: [String] = []
        for n in 1...3 {
            try "copy \(n)".write(toFile: path, atomically: true, encoding: .utf8)
            kept.append(try KeptAside.move(path, suffix: "damaged"))
        }
        #expect(kept == [path + ".damaged", path + ".damaged-2", path + ".damaged-3"])
        #expect(try kept.map { try String(contentsOfFile: $0, encoding: .utf8) } == ["copy 1", "copy 2", "copy 3"])
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
