import Foundation
import Testing
@testable import Game
@testable import Store

/// "Playing now" in `soma.db`: the server's rows (`PlayingTable`) and the hall of fame's marks.
extension HallOfFameTests {
    /// Ann (key-a), Bo (key-b) and Cy (key-c) on the cube: a first by time, b first by moves.
    func threeOnTheCube(_ path: String) throws {
        try solve(path, "key-a", seconds: 50, moves: 40, at: 100)
        try solve(path, "key-b", seconds: 60, moves: 30, at: 100)
        try solve(path, "key-c", seconds: 70, moves: 50, at: 100)
    }

    /// Who the tables mark, by time and by moves, as `viewer` sees them at `at`.
    func marked(_ path: String, viewer: String = "key-c", at: Double) throws -> [[Bool]] {
        let fame = try store(path, viewer, at: at).hallOfFame(figure: "Cube", assist: .off)
        return [fame.byTime.map(\.isPlayingNow), fame.byMoves.map(\.isPlayingNow)]
    }

    @Test("a row seen within 60 s marks its player; an older one, or one cleared, does not")
    func freshAndStale() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        try threeOnTheCube(path)
        #expect(try marked(path, at: 1000) == [[false, false, false], [false, false, false]])

        let one = try PlayingTable(path: path, instance: "one")
        let two = try PlayingTable(path: path, instance: "two")
        try one.replace(["key-a", "key-x"], now: 1000)
        try two.replace(["key-b"], now: 1030)
        // a by time is first, by moves second; b the other way round.
        #expect(try marked(path, at: 1000) == [[true, true, false], [true, true, false]])
        #expect(try marked(path, at: 1060) == [[true, true, false], [true, true, false]])
        // Instance one said nothing for more than 60 s (killed): a no longer counts, b does.
        #expect(try marked(path, at: 1060.5) == [[false, true, false], [true, false, false]])
        #expect(try marked(path, at: 1091) == [[false, false, false], [false, false, false]])
        // The heartbeat renews; a report without a player removes that player's row at once.
        try one.replace(["key-a"], now: 1100)
        try two.replace([], now: 1100)
        #expect(try marked(path, at: 1100) == [[true, false, false], [false, true, false]])
        // The viewer's own row says so too (the screen leaves its own mark out).
        try two.replace(["key-c"], now: 1100)
        #expect(try marked(path, at: 1100) == [[true, false, true], [false, true, true]])
        // A clean shutdown reports no one (`PresenceReporter.finish`): the instance's rows go.
        try one.replace([], now: 1100)
        try two.replace([], now: 1100)
        #expect(try marked(path, at: 1100) == [[false, false, false], [false, false, false]])
        #expect(try StoreFixtures.rows(path, "SELECT count(*) FROM playing") == ["0"])
    }

    @Test("rows another program wrote: a text date, a date far ahead mark no one")
    func hostilePlayingRows() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        try solve(path, "key-a", seconds: 50, moves: 40, at: 100)
        try solve(path, "key-b", seconds: 60, moves: 30, at: 100)
        try StoreFixtures.sql(path, "INSERT INTO playing (player, instance, seen_at) VALUES ('key-a', 'x', 'soon')")
        try StoreFixtures.sql(path, "INSERT INTO playing (player, instance, seen_at) VALUES ('key-b', 'x', 1e300)")
        #expect(try marked(path, at: 1000) == [[false, false], [false, false]])
        // A clock a little ahead on another machine still counts (within the window).
        try StoreFixtures.sql(path, "INSERT INTO playing (player, instance, seen_at) VALUES ('key-b', 'y', 1030)")
        #expect(try marked(path, at: 1000) == [[false, true], [true, false]])
    }

    @Test("a soma.db from before the playing table is brought up to date on opening, its rows kept")
    func olderFileUpgraded() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        try solve(path, "key-a", seconds: 50, moves: 40, at: 100)
        // The file as the soma before this one left it: schema 3, no playing table.
        try StoreFixtures.sql(path, "DROP TABLE playing")
        #expect(try StoreFixtures.rows(path, "SELECT name FROM sqlite_master WHERE name = 'playing'") == [])
        #expect(try StoreFixtures.rows(path, "PRAGMA user_version") == ["3"])
        // Opening it (a game's hall of fame) adds the table and reads the record as before.
        let fame = try store(path, "key-b", at: 1000).hallOfFame(figure: "Cube", assist: .off)
        #expect(fame.byTime == [HallOfFame.Standing(rank: 1, name: nil, score: 50)])
        #expect(try StoreFixtures.rows(path, "SELECT name FROM sqlite_master WHERE name = 'playing'") == ["playing"])
        #expect(try StoreFixtures.rows(path, "PRAGMA user_version") == ["3"])
        try PlayingTable(path: path, instance: "one").replace(["key-a"], now: 1000)
        #expect(try marked(path, viewer: "key-b", at: 1000) == [[true], [true]])
    }

    @Test("the server's table first: a soma.db the server made before any game opens as a game's")
    func serverMadeTheFile() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        try PlayingTable(path: path, instance: "one").replace(["key-a"], now: 1000)
        try solve(path, "key-a", seconds: 50, moves: 40, at: 100)
        #expect(try marked(path, viewer: "key-b", at: 1000) == [[true], [true]])
        #expect(try StoreFixtures.rows(path, "PRAGMA user_version") == ["3"])
    }

    @Test("a soma.db replaced under the server: its next report says so, and a table opened again writes the new file")
    func replacedFile() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let table = try PlayingTable(path: path, instance: "one")
        try table.replace(["key-a"], now: 1000)
        try FileManager.default.moveItem(atPath: path, toPath: folder + "/old.db")
        try solve(path, "key-a", seconds: 50, moves: 40, at: 100)
        #expect(throws: StoreError.self) { try table.replace(["key-a"], now: 1001) }
        #expect(try marked(path, viewer: "key-b", at: 1001) == [[false], [false]])
        try PlayingTable(path: path, instance: "one").replace(["key-a"], now: 1001)
        #expect(try marked(path, viewer: "key-b", at: 1001) == [[true], [true]])
    }
}
