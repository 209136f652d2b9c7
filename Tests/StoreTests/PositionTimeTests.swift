import Foundation
import Polycube
import Testing
@testable import Game
@testable import Store

@Suite("ProgressStore: when each position was saved (the figure last played)")
struct PositionTimeTests {
    func store(_ path: String, _ player: String = ProgressStore.localPlayer, at: Double) throws -> ProgressStore {
        let store = try ProgressStore(path: path, player: player)
        store.clock = { at }
        return store
    }

    /// Saves a position `steps` moves into `figure` at time `at`.
    func play(_ path: String, _ figure: Figure, steps: Int, at: Double, player: String = ProgressStore.localPlayer) throws {
        let s = try store(path, player, at: at)
        var p = try s.load(figure: StoreFixtures.lookup).progress
        p.save(StoreFixtures.moved(figure, steps: steps), seconds: 9)
        try s.save(p)
    }

    @Test("each saved position carries its time; only the position that changed is re-dated")
    func dated() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        try play(path, StoreFixtures.cube, steps: 1, at: 1000)
        try play(path, StoreFixtures.box, steps: 1, at: 2000)
        #expect(try store(path, at: 0).load(figure: StoreFixtures.lookup).savedAt == ["cube": 1000, "box": 2000])
        // The cube played again later: it is the newest; the box, unchanged by that save, keeps its time.
        try play(path, StoreFixtures.cube, steps: 2, at: 3000)
        #expect(try store(path, at: 0).load(figure: StoreFixtures.lookup).savedAt == ["cube": 3000, "box": 2000])
        // Another player's saves are theirs.
        try play(path, StoreFixtures.box, steps: 1, at: 4000, player: "key-b")
        #expect(try store(path, at: 0).load(figure: StoreFixtures.lookup).savedAt == ["cube": 3000, "box": 2000])
        #expect(try store(path, "key-b", at: 0).load(figure: StoreFixtures.lookup).savedAt == ["box": 4000])
    }

    @Test("a schema 2 file gains positions.saved_at on opening: its positions are kept, undated until saved again")
    func upgrade() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let moved = StoreFixtures.position(StoreFixtures.moved(StoreFixtures.cube, steps: 1))
        let poses = String(decoding: try JSONEncoder().encode(moved.poses), as: UTF8.self)
        // The positions table exactly as schemas 1 and 2 made it, with one position in it.
        for statement in [
            "CREATE TABLE players (player TEXT PRIMARY KEY NOT NULL)",
            """
            CREATE TABLE positions (player TEXT NOT NULL, figure TEXT NOT NULL, poses TEXT NOT NULL,
                moves INTEGER NOT NULL, seconds REAL NOT NULL, PRIMARY KEY (player, figure))
            """,
            "INSERT INTO positions VALUES ('local', 'cube', '\(poses)', 1, 12.5)",
            "PRAGMA user_version = 2",
        ] { try StoreFixtures.sql(path, statement) }
        #expect(try !StoreFixtures.rows(path, "SELECT name FROM pragma_table_info('positions')").contains("saved_at"))

        let loaded = try store(path, at: 0).load(figure: StoreFixtures.lookup)
        #expect(loaded.progress.inProgress["cube"]?.moves == 1)
        #expect(loaded.progress.inProgress["cube"]?.seconds == 12.5)
        #expect(loaded.savedAt == [:])
        #expect(try StoreFixtures.rows(path, "SELECT name FROM pragma_table_info('positions')")
                == ["player", "figure", "poses", "moves", "seconds", "saved_at", "hints", "judged"])
        #expect(try StoreFixtures.rows(path, "SELECT figure, saved_at FROM positions") == ["cube|NULL"])
        // The next save of another figure dates that one only: it is the newest.
        try play(path, StoreFixtures.box, steps: 1, at: 500)
        #expect(try store(path, at: 0).load(figure: StoreFixtures.lookup).savedAt == ["box": 500])
        // Opening again adds nothing twice.
        _ = try store(path, at: 0)
        #expect(try StoreFixtures.rows(path, "SELECT count(*) FROM pragma_table_info('positions') WHERE name = 'saved_at'") == ["1"])
    }
}
