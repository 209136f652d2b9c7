import Foundation
import Polycube
import Records
import Testing
@testable import App
@testable import Store

/// Issue 36, failure 11: a state directory the game cannot write to hid the saved position (the
/// database could not be opened for writing, so nothing was read). It is read all the same and
/// shown; the game says it is not saved. Root writes anywhere, so these tests make the folder
/// unusable for SQLite's write-ahead files by a folder in the place of its `-shm` file, which
/// fails the same open a read-only folder does (`PlaySessionTests` runs the binary in a really
/// read-only folder as another user).
@Suite("A database that cannot be written is still read: the saved position is shown")
struct ReadOnlyStateTests {
    static let position = SavedPosition(poses: [SavedPose(Placement(piece: "V", orientation: .identity, offset: Cell(0, 0, 0)))],
                                        moves: 3, seconds: 12)

    /// A database holding one saved position of `Cube` and a record, closed (SQLite removes its
    /// `-wal` and `-shm` files), then a folder put where its `-shm` file goes.
    func unwritableDatabase() throws -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-ro-\(UUID().uuidString)").path
        let path = folder + "/soma.db"
        do {
            let store = try ProgressStore(path: path)
            var progress = Records.Progress()
            progress.inProgress["Cube"] = Self.position
            progress.records[RecordKey("Tower", .fits)] = FigureRecord(timesSolved: 2, bestSeconds: 50, fewestMoves: 9)
            try store.save(progress)
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closed cleanly")
        try FileManager.default.createDirectory(atPath: path + "-shm", withIntermediateDirectories: false)
        return (folder, path)
    }

    @Test("the store opened only to read finds the position and the record, and writes nothing")
    func storeReadsOnly() throws {
        let (folder, path) = try unwritableDatabase()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try ProgressStore(path: path) }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let store = try ProgressStore(readingOnly: path)
        #expect(store.isReadOnly)
        let loaded = try store.load()
        #expect(loaded.progress.inProgress == ["Cube": Self.position])
        #expect(loaded.progress.records == [RecordKey("Tower", .fits): FigureRecord(timesSolved: 2, bestSeconds: 50, fewestMoves: 9)])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing written")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == files, "no file made beside it")
    }

    @Test("soma play's progress: the saved position is there to resume, and the game says why it is not saved")
    func savedProgressShowsIt() throws {
        let (folder, path) = try unwritableDatabase()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = try ProgressOptions.parse(["--state-file", path])
        let saved = SavedProgress(options, command: "soma play", figure: { _ in nil })
        #expect(saved.progress.inProgress == ["Cube": Self.position], "the position is not hidden")
        #expect(saved.progress.records[RecordKey("Tower", .fits)]?.timesSolved == 2)
        let problem = try #require(saved.problem, "the bottom line says progress is not saved")
        #expect(problem.hasSuffix(", at \(path)"), "\(problem)")
        // A save is not attempted, and the run ends with status 1, as for any store that cannot be written.
        var next = saved.progress
        next.inProgress["Cube"] = nil
        #expect(saved.save(next) == problem)
        #expect(saved.finish() == 1)
    }

    @Test("a file path with ?, # and % in its name is opened as that file")
    func uriPath() {
        #expect(SQLiteFile.uriPath("/tmp/a b/c?d#e%f/é") == "/tmp/a%20b/c%3Fd%23e%25f/%C3%A9")
    }
}
