import Foundation
import Polycube
import Testing
@testable import Game
@testable import Store

/// Values read back from the database are checked: a bad row is set aside (moved to the
/// `set_aside` table, never deleted) with one note naming its figure, and the rest is kept.
/// Each case here crashed, hung or was accepted before (issue 11).
@Suite("ProgressStore: hostile rows")
struct HostileRowTests {
    /// A database with a good position on the box and the cube's position written as `row`
    /// (the values of moves, seconds and poses), loaded with the figures at hand.
    func load(cubeMoves: String = "1", seconds: String = "10", poses: String) throws -> (ProgressStore.Loaded, String, String) {
        let folder = StoreFixtures.folder()
        let path = folder + "/soma.db"
        let store = try ProgressStore(path: path)
        var p = try store.load().progress
        p.save(StoreFixtures.moved(StoreFixtures.box, steps: 1), seconds: 2)
        try store.save(p)
        try StoreFixtures.sql(path, """
            INSERT INTO positions (player, figure, poses, moves, seconds)
            VALUES ('local', 'cube', '\(poses)', \(cubeMoves), \(seconds))
            """)
        return (try ProgressStore(path: path).load(figure: StoreFixtures.lookup), path, folder)
    }

    func expectSetAside(_ loaded: ProgressStore.Loaded, path: String, because reason: String) throws {
        #expect(loaded.notes.count == 1)
        #expect(loaded.notes.first?.hasPrefix("saved position of cube set aside (") == true, "\(loaded.notes)")
        #expect(loaded.notes.first?.contains(reason) == true, "\(loaded.notes)")
        #expect(loaded.progress.inProgress["cube"] == nil)
        #expect(loaded.progress.inProgress["box"]?.moves == 1, "the rest of the progress is kept")
        #expect(loaded.progress.resume(StoreFixtures.box) != nil)
        // Kept in the file, out of the game's way: the next start says nothing more.
        #expect(try StoreFixtures.rows(path, "SELECT figure, kind FROM set_aside") == ["cube|position"])
        #expect(try ProgressStore(path: path).load(figure: StoreFixtures.lookup).notes == [])
    }

    /// One hostile cube position: its moves, seconds and last pose as written in the row, and
    /// the words the note must give.
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var moves = "1"
        var seconds = "10"
        var lastPose: String? = #"{"piece":"P","orientation":[1,2,3],"offset":[0,0,0]}"#
        var poses: String?
        var reason: String
        var testDescription: String { name }

        static func pose(orientation: String = "[1,2,3]", offset: String = "[0,0,0]") -> String {
            #"{"piece":"P","orientation":"# + orientation + #","offset":"# + offset + "}"
        }

        static let all: [Row] = [
            Row(name: "seconds 1e300", seconds: "1e300", reason: "time 1e+300 is not a number of seconds"),
            Row(name: "an offset of 2^63-1 (no overflow)", lastPose: pose(offset: "[9223372036854775807,0,0]"),
                reason: "far outside any figure"),
            // abs(Int.min) trapped on every start (issue 23).
            Row(name: "an offset of -2^63 (no trap)", lastPose: pose(offset: "[-9223372036854775808,0,0]"),
                reason: "far outside any figure"),
            Row(name: "an orientation of -2^63 (no trap)", lastPose: pose(orientation: "[-9223372036854775808,2,3]"),
                reason: "is not an orientation and an offset"),
            Row(name: "moves -2^63", moves: "-9223372036854775808", reason: "is not between 0 and"),
            // The note quotes the row's piece letter: an escape in it reaches no terminal.
            Row(name: "an escape as the piece letter", lastPose: #"{"piece":"\u001b","orientation":[1,2,3],"offset":[0,0,0]}"#,
                reason: "is for piece \\u{1b}, the figure's piece there is P"),
            Row(name: "a piece below the floor", lastPose: pose(offset: "[0,0,-2]"), reason: "lies below the floor"),
            Row(name: "an offset of 1e9 (nothing sized to it)", lastPose: pose(offset: "[0,1000000000,0]"),
                reason: "far outside any figure"),
            Row(name: "a pose 100 cells from the figure", lastPose: pose(offset: "[100,0,0]"),
                reason: "more than 64 cells outside the figure"),
            Row(name: "moves -5", moves: "-5", reason: "moves -5 is not between 0 and"),
            Row(name: "an orientation with two axes the same", lastPose: pose(orientation: "[1,1,3]"),
                reason: "is not an orientation and an offset"),
            Row(name: "a mirror image of a solid piece", lastPose: pose(orientation: "[-1,2,3]"),
                reason: "in a way its set does not allow"),
            Row(name: "text where numbers belong, poses not JSON", seconds: "'soon'", lastPose: nil, poses: "[{",
                reason: "the row is not a position"),
        ]
    }

    @Test("a hostile position is set aside with a note naming why; the rest of the progress is kept",
          arguments: Row.all)
    func hostilePosition(_ row: Row) throws {
        let poses = row.poses ?? StoreFixtures.posesText(replacingLast: row.lastPose!)
        let (loaded, path, folder) = try load(cubeMoves: row.moves, seconds: row.seconds, poses: poses)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try expectSetAside(loaded, path: path, because: row.reason)
    }

    @Test("a record with NaN time or -5 moves is set aside; good records are kept")
    func badRecords() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        _ = try ProgressStore(path: path)
        try StoreFixtures.sql(path, """
            INSERT INTO records (player, figure, assist, times_solved, best_seconds, fewest_moves) VALUES
            ('local', 'cube', 'off', 1, 12.5, 40), ('local', 'box', 'off', 2, 1e300, 9), ('local', 'tower', 'off', 1, 30, -5),
            ('someone else', 'box', 'off', 1, 5, 5), ('local', 'cube', 'fits', 2, 20, 7), ('local', 'cube', 'magic', 1, 1, 1),
            ('local', 'cube', 7, 1, 1, 1)
            """)
        let loaded = try ProgressStore(path: path).load()
        #expect(loaded.progress.records == [RecordKey("cube", .off): FigureRecord(timesSolved: 1, bestSeconds: 12.5, fewestMoves: 40),
                                            RecordKey("cube", .fits): FigureRecord(timesSolved: 2, bestSeconds: 20, fewestMoves: 7)])
        #expect(loaded.notes.count == 4)
        #expect(loaded.notes.filter { $0.hasPrefix("saved record of cube set aside (the assist is not off, fits or solvable)") }.count == 2,
                "\(loaded.notes)")
        #expect(loaded.notes.contains { $0.hasPrefix("saved record of box set aside (time 1e+300") }, "\(loaded.notes)")
        #expect(loaded.notes.contains { $0.hasPrefix("saved record of tower set aside (moves -5") }, "\(loaded.notes)")
        // Another player's rows are not this player's business.
        #expect(try StoreFixtures.rows(path, "SELECT player, figure, assist FROM records ORDER BY player, assist")
                == ["local|cube|fits", "local|cube|off", "someone else|box|off"])
        #expect(try StoreFixtures.rows(path, "SELECT figure, row FROM set_aside WHERE row LIKE 'assist magic%'")
                == ["cube|assist magic, times_solved 1, best_seconds 1.0, fewest_moves 1"])
    }

    @Test("a figure name with control characters is said escaped")
    func escapedName() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        _ = try ProgressStore(path: path)
        try StoreFixtures.sql(path, "INSERT INTO records (player, figure, assist, times_solved, best_seconds, fewest_moves) VALUES ('local', char(27) || '[2J', 'off', -1, 1, 1)")
        let notes = try ProgressStore(path: path).load().notes
        #expect(notes.count == 1)
        #expect(notes.first?.contains("\u{1b}") == false)
        #expect(notes.first?.contains("\\u{1b}[2J") == true, "\(notes)")
    }
}
