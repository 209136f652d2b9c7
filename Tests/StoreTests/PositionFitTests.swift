import Foundation
import Polycube
import Testing
@testable import Game
@testable import Store

/// Positions that passed every number check but no longer fit the figure (two pieces on one
/// cell) were dropped by the game without a word and overwritten at the next save; they are set
/// aside with a note, as other bad rows are. And a progress.json holding -2^63 is imported with
/// that entry skipped, not a trap on every start.
@Suite("ProgressStore: positions that no longer fit, numbers that cannot trap")
struct PositionFitTests {
    /// The cube's start poses with P moved onto a cell of the first piece.
    static func overlappingPoses() -> String {
        let game = SomaGame(figure: StoreFixtures.cube)
        var poses = game.startPoses
        let last = poses.count - 1
        let target = poses[0].cells(of: game.pieces[0].shape)[0]
        let p = poses[last]
        let shifted = Placement(piece: p.piece, orientation: p.orientation, offset: Cell(0, 0, 0))
        let first = shifted.cells(of: game.pieces[last].shape)[0]
        poses[last] = Placement(piece: p.piece, orientation: p.orientation, offset: target - first)
        let text = poses.map(SavedPose.init).map { p in
            "{\"piece\":\"\(p.piece)\",\"orientation\":[\(p.orientation.map(String.init).joined(separator: ","))],"
                + "\"offset\":[\(p.offset.map(String.init).joined(separator: ","))]}"
        }
        return "[" + text.joined(separator: ",") + "]"
    }

    @Test func twoPiecesOnOneCellAreSetAsideWithANote() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        _ = try ProgressStore(path: path)
        try StoreFixtures.sql(path, """
            INSERT INTO positions (player, figure, poses, moves, seconds) VALUES ('local', 'cube', '\(Self.overlappingPoses())', 3, 10)
            """)
        let loaded = try ProgressStore(path: path).load(figure: StoreFixtures.lookup)
        #expect(loaded.notes.count == 1)
        #expect(loaded.notes.first?.contains("share the cell") == true, "\(loaded.notes)")
        #expect(loaded.progress.inProgress["cube"] == nil)
        #expect(try StoreFixtures.rows(path, "SELECT figure, kind FROM set_aside") == ["cube|position"])
    }

    @Test func anOldProgressFileHoldingMinus2To63IsImportedWithThatEntrySkipped() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let poses = StoreFixtures.posesText(replacingLast: #"{"piece":"P","orientation":[1,2,3],"offset":[-9223372036854775808,0,0]}"#)
        let text = #"{"version":1,"records":{"cube":{"timesSolved":1,"bestSeconds":5,"fewestMoves":7}},"inProgress":{"box":{"moves":4,"seconds":12,"poses":"#
            + poses + "}}}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/progress.json"))
        let store = try ProgressStore(path: folder + "/soma.db")
        let notes = try LegacyProgressFile.importIfPresent(folder + "/progress.json", into: store)
        #expect(notes.count == 2, "\(notes)")
        #expect(notes.first?.contains("the position of box: pose 7 lies at -9223372036854775808,0,0, far outside any figure") == true, "\(notes)")
        #expect(FileManager.default.fileExists(atPath: folder + "/progress.json.imported"), "renamed, so never read again")
        #expect(try store.load(figure: StoreFixtures.lookup).progress.records[RecordKey("cube", .off)]?.timesSolved == 1)
    }

    @Test func aFIFOInPlaceOfTheOldProgressFileIsKeptAsideNotWaitedOn() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/progress.json", 0o600) == 0)
        let store = try ProgressStore(path: folder + "/soma.db")
        let notes = try LegacyProgressFile.importIfPresent(folder + "/progress.json", into: store)
        #expect(notes == ["old progress file \(folder)/progress.json cannot be read (it is a FIFO (named pipe), not a regular file); "
                          + "kept as \(folder)/progress.json.damaged"])
    }

    /// A database deleted while a game runs: SQLite would write into the unlinked file and
    /// every save would vanish; the save says so instead.
    @Test func aDatabaseDeletedWhileOpenIsSaidAtTheNextSave() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try ProgressStore(path: folder + "/soma.db")
        var p = try store.load().progress
        p.recordSolve(figure: "cube", Solved(moves: 20, seconds: 70))
        try store.save(p)
        #expect(unlink(folder + "/soma.db") == 0)
        p.recordSolve(figure: "cube", Solved(moves: 19, seconds: 60))
        #expect(throws: StoreError(path: folder + "/soma.db", reason: "the database was deleted while the game ran")) { try store.save(p) }
    }

    @Test func aFIFOOrADamagedFileInPlaceOfTheDatabaseIsSaidPlainly() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/fifo.db", 0o600) == 0)
        #expect(throws: StoreError(path: folder + "/fifo.db", reason: "a FIFO (named pipe) is in the database file's place, not a regular file")) {
            try ProgressStore(path: folder + "/fifo.db")
        }
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: folder + "/junk.db"))
        let error = #expect(throws: StoreError.self) { try ProgressStore(path: folder + "/junk.db") }
        #expect(error?.reason.contains("move it away (mv \(folder)/junk.db \(folder)/junk.db.damaged)") == true, "\(String(describing: error))")
    }
}
