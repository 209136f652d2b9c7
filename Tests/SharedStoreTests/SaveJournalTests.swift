import Foundation
import Store
import Testing
@testable import SharedStore

/// The journal of acknowledged saves (`SaveJournal`) on a real file: what is appended is there
/// again after the journal is opened anew (a restart, or `kill -9`: every append is flushed
/// before it returns), a written entry is not, the numbers go on across restarts, the file is
/// emptied when nothing waits, and a line cut by a crash is skipped with a note.
@Suite struct SaveJournalTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "soma-journal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func save(_ figure: String) -> StoreLine.Request {
        .save(ProgressChange(records: [.init(figure: figure, solves: 1, bestSeconds: 30, fewestMoves: 7, assist: "off")]))
    }

    static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    @Test("entries kept across a reopen, in order, minus the done ones; numbers go on; same origin")
    func keptAcrossReopen() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try SaveJournal(folder: folder)
        let a = try first.append(player: "SHA256:alice", request: Self.save("Cube"))
        let b = try first.append(player: "SHA256:bob", request: Self.save("Tower"))
        let c = try first.append(player: "SHA256:alice", request: Self.save("Steps"))
        #expect([a.seq, b.seq, c.seq] == [1, 2, 3])
        first.done(b.seq)
        #expect(first.waiting.entries == 2 && first.waiting.players == 1)

        let second = try SaveJournal(folder: folder)
        #expect(second.origin == first.origin)
        #expect(second.pending == [a, c])
        let d = try second.append(player: "SHA256:carol", request: Self.save("Cube"))
        #expect(d.seq == 4, "numbers go on past the file's newest")
        second.continueAfter(40)
        #expect(try second.append(player: "SHA256:carol", request: Self.save("Cube")).seq == 41, "and past the database's")
    }

    @Test("the file is emptied when the last waiting entry is written")
    func emptiedWhenDone() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try SaveJournal(folder: folder)
        let a = try journal.append(player: "SHA256:alice", request: Self.save("Cube"))
        let b = try journal.append(player: "SHA256:alice", request: .recordDaily(
            ProgressStore.DailyRow(day: "2026-11-28", figure: "d-1", grade: 2, seconds: 40, moves: 9, hints: 0), kind: .figure))
        journal.done(a.seq)
        #expect(try Self.size(journal.path) > 0)
        journal.done(b.seq)
        #expect(try Self.size(journal.path) == 0)
        #expect(try SaveJournal(folder: folder).pending.isEmpty)
    }

    @Test("a line cut by a crash is skipped with a note; the whole ones are kept")
    func tornLine() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try SaveJournal(folder: folder)
        let a = try journal.append(player: "SHA256:alice", request: Self.save("Cube"))
        let handle = try #require(FileHandle(forWritingAtPath: journal.path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"seq\":2,\"player\":\"SHA256:al".utf8))
        try handle.close()
        var notes: [String] = []
        let again = try SaveJournal(folder: folder, notes: { notes.append($0) })
        #expect(again.pending == [a])
        #expect(notes == ["1 lines of \(journal.path) could not be read and were skipped (a write cut by a crash)"])
    }

    @Test("an origin file that is not 16 hex digits is refused, not replaced")
    func badOrigin() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "not an id\n".write(toFile: folder + "/store-origin", atomically: true, encoding: .utf8)
        #expect(throws: SharedStoreError.self) { try SaveJournal(folder: folder) }
        #expect(try String(contentsOfFile: folder + "/store-origin", encoding: .utf8) == "not an id\n")
    }
}
