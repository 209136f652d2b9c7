import Foundation
import Polycube
import Testing
@testable import Game
@testable import Store

@Suite("ProgressStore: the hall of fame and display names")
struct HallOfFameTests {
    /// A store for `player` whose clock reads `at` (seconds since 1970).
    func store(_ path: String, _ player: String, at: Double) throws -> ProgressStore {
        let store = try ProgressStore(path: path, player: player)
        store.clock = { at }
        return store
    }

    /// Saves one solve of `figure` with `assist` for `player` at time `at`.
    func solve(_ path: String, _ player: String, _ figure: String = "Cube", seconds: Double, moves: Int, at: Double,
               assist: Assist = .off) throws {
        let s = try store(path, player, at: at)
        var p = try s.load().progress
        p.recordSolve(figure: figure, Solved(moves: moves, seconds: seconds, assist: assist))
        try s.save(p)
    }

    typealias S = HallOfFame.Standing

    @Test("three players: ranked by time and by moves, a tie goes to whoever set it first, names or anonymous")
    func ranks() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        try solve(path, "key-a", seconds: 90.5, moves: 40, at: 1000)
        try solve(path, "key-b", seconds: 80.25, moves: 45, at: 2000)
        try solve(path, "key-c", seconds: 80.25, moves: 40, at: 3000)
        // a solves again later in the same time as before: a tie with oneself keeps the old date.
        try solve(path, "key-a", seconds: 95, moves: 40, at: 4000)
        #expect(try store(path, "key-a", at: 0).chooseName("Ann") == .accepted("Ann"))
        #expect(try store(path, "key-c", at: 0).chooseName("  Cy ") == .accepted("Cy"))

        let fame = try store(path, "key-a", at: 0).hallOfFame(figure: "Cube", assist: .off)
        #expect(fame.players == 3)
        #expect(fame.byTime == [S(rank: 1, name: nil, score: 80.25), S(rank: 2, name: "Cy", score: 80.25),
                                S(rank: 3, name: "Ann", score: 90.5, isOwn: true)])
        #expect(fame.byMoves == [S(rank: 1, name: "Ann", score: 40, isOwn: true), S(rank: 2, name: "Cy", score: 40),
                                 S(rank: 3, name: nil, score: 45)])
        // Another figure has its own tables; a figure nobody solved has none.
        try solve(path, "key-b", "Box", seconds: 60, moves: 30, at: 5000)
        #expect(try store(path, "key-c", at: 0).hallOfFame(figure: "Box", assist: .off).byTime == [S(rank: 1, name: nil, score: 60)])
        #expect(try store(path, "key-c", at: 0).hallOfFame(figure: "Tower", assist: .off) == HallOfFame(figure: "Tower", assist: .off))
        let leaders = try store(path, "key-c", at: 0).leaders()
        #expect(leaders == [
            ProgressStore.Leaders(figure: "Box", assist: .off, bestTime: S(rank: 1, name: nil, score: 60),
                                  fewestMoves: S(rank: 1, name: nil, score: 30), players: 1),
            ProgressStore.Leaders(figure: "Cube", assist: .off, bestTime: S(rank: 1, name: nil, score: 80.25),
                                  fewestMoves: S(rank: 1, name: "Ann", score: 40), players: 3),
        ])
    }

    @Test("a better time later moves its date; the top ten, then the player's own place when lower")
    func topTenAndOwnPlace() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        for k in 1...12 { try solve(path, "key-\(k)", seconds: Double(100 + k), moves: 50 - k, at: Double(k)) }
        let twelfth = try store(path, "key-12", at: 0).hallOfFame(figure: "Cube", assist: .off)
        #expect(twelfth.byTime.map(\.rank) == Array(1...10) + [12])
        #expect(twelfth.byTime.last == S(rank: 12, name: nil, score: 112, isOwn: true))
        #expect(twelfth.byTime.filter(\.isOwn).count == 1)
        #expect(twelfth.byMoves.map(\.rank) == Array(1...10))
        #expect(twelfth.byMoves.first == S(rank: 1, name: nil, score: 38, isOwn: true))
        // Player 11 ties player 1's 101 seconds, later: second. Then beats it: first.
        try solve(path, "key-11", seconds: 101, moves: 60, at: 100)
        #expect(try store(path, "key-11", at: 0).hallOfFame(figure: "Cube", assist: .off).byTime.prefix(2).map(\.isOwn) == [false, true])
        try solve(path, "key-11", seconds: 100.9, moves: 60, at: 200)
        #expect(try store(path, "key-11", at: 0).hallOfFame(figure: "Cube", assist: .off).byTime.first
                == S(rank: 1, name: nil, score: 100.9, isOwn: true))
    }

    @Test("names: chosen once, unique without regard to case, checked, reserved words refused")
    func names() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let a = try store(path, "key-a", at: 10), b = try store(path, "key-b", at: 20)
        #expect(try a.displayName() == nil)
        #expect(try a.chooseName("Ann-Marie_2.0") == .accepted("Ann-Marie_2.0"))
        #expect(try a.displayName() == "Ann-Marie_2.0")
        #expect(try a.chooseName("Zed") == .refused("Your name is Ann-Marie_2.0: it is chosen once and stays"))
        #expect(try b.chooseName("ann-marie_2.0") == .refused("Ann-Marie_2.0 is another player's name: choose another"))
        #expect(try b.chooseName("Anonymous") == .refused("\"Anonymous\" is kept for players without a name: choose another"))
        #expect(try b.chooseName("Jörg") == .refused("A name may hold letters a-z, digits, spaces, - _ and ."))
        #expect(try b.chooseName("   ") == .refused("Type a name first (Esc cancels)"))
        #expect(try b.chooseName(String(repeating: "x", count: 21)) == .refused("A name has at most 20 characters"))
        #expect(try b.chooseName(String(repeating: "x", count: 20)) == .accepted(String(repeating: "x", count: 20)))
        #expect(try StoreFixtures.rows(path, "SELECT player, name, folded, chosen_at FROM names ORDER BY player")
                == ["key-a|Ann-Marie_2.0|ann-marie_2.0|10.0", "key-b|\(String(repeating: "x", count: 20))|"
                    + "\(String(repeating: "x", count: 20))|20.0"])
        // The database refuses a second row with the same folded name, whatever wrote it.
        #expect(throws: (any Error).self) {
            try StoreFixtures.sql(path, "INSERT INTO names VALUES ('key-c', 'ANN-MARIE_2.0', 'ann-marie_2.0', 0)")
        }
    }

    @Test("a database of schema 1 opens: its rows are kept and ranked, dates added, its bests count as earliest")
    func migration() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        // The tables exactly as schema 1 made them, with one player's solve and position.
        for statement in [
            "CREATE TABLE players (player TEXT PRIMARY KEY NOT NULL)",
            """
            CREATE TABLE records (player TEXT NOT NULL, figure TEXT NOT NULL, times_solved INTEGER NOT NULL,
                best_seconds REAL NOT NULL, fewest_moves INTEGER NOT NULL, PRIMARY KEY (player, figure))
            """,
            """
            CREATE TABLE positions (player TEXT NOT NULL, figure TEXT NOT NULL, poses TEXT NOT NULL,
                moves INTEGER NOT NULL, seconds REAL NOT NULL, PRIMARY KEY (player, figure))
            """,
            "CREATE TABLE set_aside (player TEXT NOT NULL, figure TEXT NOT NULL, kind TEXT NOT NULL, reason TEXT NOT NULL, row TEXT NOT NULL)",
            "INSERT INTO players VALUES ('local')",
            "INSERT INTO records VALUES ('local', 'Cube', 3, 70.5, 33)",
            "PRAGMA user_version = 1",
        ] { try StoreFixtures.sql(path, statement) }
        let old = try store(path, ProgressStore.localPlayer, at: 0)
        #expect(try old.load().progress.records == [RecordKey("Cube", .off): FigureRecord(timesSolved: 3, bestSeconds: 70.5, fewestMoves: 33)])
        #expect(try StoreFixtures.rows(path, "PRAGMA user_version") == ["3"])
        #expect(try StoreFixtures.rows(path, "SELECT best_seconds_at, fewest_moves_at FROM records") == ["NULL|NULL"])
        #expect(try StoreFixtures.rows(path, "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'records_by%' ORDER BY name")
                == ["records_by_moves", "records_by_time"])
        // A newer player ties both bests: the old row, dated before dates were kept, stays first.
        try solve(path, "key-new", seconds: 70.5, moves: 33, at: 1)
        let fame = try store(path, "key-new", at: 0).hallOfFame(figure: "Cube", assist: .off)
        #expect(fame.byTime == [S(rank: 1, name: nil, score: 70.5), S(rank: 2, name: nil, score: 70.5, isOwn: true)])
        #expect(fame.byMoves == [S(rank: 1, name: nil, score: 33), S(rank: 2, name: nil, score: 33, isOwn: true)])
        // Opening again changes nothing; the old player's next better solve is dated.
        try solve(path, ProgressStore.localPlayer, seconds: 60, moves: 40, at: 5)
        #expect(try StoreFixtures.rows(path, "SELECT times_solved, best_seconds, best_seconds_at, fewest_moves, fewest_moves_at FROM records WHERE player = 'local'")
                == ["4|60.0|5.0|33|NULL"])
    }

    @Test("each assist is ranked apart: solves add up and bests keep the minimum per assist, leaders per figure and assist")
    func assistsApart() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        try solve(path, "key-a", seconds: 300, moves: 40, at: 1, assist: .off)
        try solve(path, "key-a", seconds: 60, moves: 7, at: 2, assist: .solvable)
        try solve(path, "key-a", seconds: 80, moves: 9, at: 3, assist: .solvable)
        try solve(path, "key-b", seconds: 50, moves: 8, at: 4, assist: .solvable)
        try solve(path, "key-b", seconds: 70, moves: 10, at: 5, assist: .fits)
        #expect(try StoreFixtures.rows(path, "SELECT player, assist, times_solved, best_seconds, fewest_moves FROM records ORDER BY player, assist")
                == ["key-a|off|1|300.0|40", "key-a|solvable|2|60.0|7", "key-b|fits|1|70.0|10", "key-b|solvable|1|50.0|8"])
        let a = try store(path, "key-a", at: 0)
        #expect(try a.load().progress.records == [
            RecordKey("Cube", .off): FigureRecord(timesSolved: 1, bestSeconds: 300, fewestMoves: 40),
            RecordKey("Cube", .solvable): FigureRecord(timesSolved: 2, bestSeconds: 60, fewestMoves: 7),
        ])
        let off = try a.hallOfFame(figure: "Cube", assist: .off)
        #expect(off.players == 1 && off.byTime == [S(rank: 1, name: nil, score: 300, isOwn: true)])
        let solvable = try a.hallOfFame(figure: "Cube", assist: .solvable)
        #expect(solvable.players == 2)
        #expect(solvable.byTime == [S(rank: 1, name: nil, score: 50), S(rank: 2, name: nil, score: 60, isOwn: true)])
        #expect(solvable.byMoves == [S(rank: 1, name: nil, score: 7, isOwn: true), S(rank: 2, name: nil, score: 8)])
        #expect(try a.hallOfFame(figure: "Cube", assist: .fits).byTime == [S(rank: 1, name: nil, score: 70)])
        #expect(try a.leaders().map { "\($0.figure) \($0.assist) \($0.bestTime.score) \($0.fewestMoves.score) \($0.players)" }
                == ["Cube off 300.0 40.0 1", "Cube fits 70.0 10.0 1", "Cube solvable 50.0 7.0 2"])
    }

    @Test("a real schema 2 file (made by the last soma) opens as schema 3: its records kept under off, indexes rebuilt")
    func migrationFromTwo() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        // Schema 2 exactly as the last soma made it (its Schema.statements, indexes and user_version).
        for statement in [
            "CREATE TABLE IF NOT EXISTS players (player TEXT PRIMARY KEY NOT NULL)",
            """
            CREATE TABLE IF NOT EXISTS records (player TEXT NOT NULL, figure TEXT NOT NULL, times_solved INTEGER NOT NULL,
                best_seconds REAL NOT NULL, fewest_moves INTEGER NOT NULL, PRIMARY KEY (player, figure))
            """,
            """
            CREATE TABLE IF NOT EXISTS positions (player TEXT NOT NULL, figure TEXT NOT NULL, poses TEXT NOT NULL,
                moves INTEGER NOT NULL, seconds REAL NOT NULL, PRIMARY KEY (player, figure))
            """,
            "CREATE TABLE IF NOT EXISTS set_aside (player TEXT NOT NULL, figure TEXT NOT NULL, kind TEXT NOT NULL, reason TEXT NOT NULL, row TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS names (player TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, folded TEXT NOT NULL UNIQUE, chosen_at REAL NOT NULL)",
            "ALTER TABLE records ADD COLUMN best_seconds_at REAL",
            "ALTER TABLE records ADD COLUMN fewest_moves_at REAL",
            "CREATE INDEX IF NOT EXISTS records_by_time ON records (figure, best_seconds, best_seconds_at)",
            "CREATE INDEX IF NOT EXISTS records_by_moves ON records (figure, fewest_moves, fewest_moves_at)",
            "PRAGMA user_version = 2",
            "INSERT INTO players VALUES ('local'), ('key-b')",
            "INSERT INTO records VALUES ('local', 'Cube', 3, 70.5, 33, 100, NULL), ('key-b', 'Cube', 1, 65, 40, 200, 200)",
            "INSERT INTO names VALUES ('key-b', 'Bo', 'bo', 5)",
        ] { try StoreFixtures.sql(path, statement) }
        let old = try store(path, ProgressStore.localPlayer, at: 0)
        #expect(try StoreFixtures.rows(path, "PRAGMA user_version") == ["3"])
        #expect(try StoreFixtures.rows(path, "SELECT player, figure, assist, times_solved, best_seconds, fewest_moves, best_seconds_at, fewest_moves_at FROM records ORDER BY player")
                == ["key-b|Cube|off|1|65.0|40|200.0|200.0", "local|Cube|off|3|70.5|33|100.0|NULL"])
        #expect(try StoreFixtures.rows(path, "SELECT sql FROM sqlite_master WHERE name = 'records_by_time'")
                == ["CREATE INDEX records_by_time ON records (figure, assist, best_seconds, best_seconds_at)"])
        #expect(try StoreFixtures.rows(path, "SELECT name FROM sqlite_master WHERE name LIKE 'records%' ORDER BY name")
                == ["records", "records_by_moves", "records_by_time"])
        #expect(try old.load().progress.records == [RecordKey("Cube", .off): FigureRecord(timesSolved: 3, bestSeconds: 70.5, fewestMoves: 33)])
        let fame = try old.hallOfFame(figure: "Cube", assist: .off)
        #expect(fame.byTime == [S(rank: 1, name: "Bo", score: 65), S(rank: 2, name: nil, score: 70.5, isOwn: true)])
        #expect(try old.hallOfFame(figure: "Cube", assist: .solvable).players == 0)
        // A solve with the assist now is a row of its own; the steered record is untouched.
        try solve(path, ProgressStore.localPlayer, seconds: 40, moves: 7, at: 300, assist: .solvable)
        #expect(try StoreFixtures.rows(path, "SELECT assist, times_solved, best_seconds FROM records WHERE player = 'local' ORDER BY assist")
                == ["off|3|70.5", "solvable|1|40.0"])
        // Opening again changes nothing.
        _ = try store(path, "key-b", at: 0)
        #expect(try StoreFixtures.rows(path, "SELECT count(*) FROM records") == ["3"])
    }

    @Test("rows with values no game makes are left out of the tables; a name that is not a name shows as anonymous")
    func hostileRows() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        try solve(path, "key-a", seconds: 90, moves: 40, at: 1)
        _ = try store(path, "key-a", at: 0)
        try StoreFixtures.sql(path, "INSERT INTO records (player, figure, assist, times_solved, best_seconds, fewest_moves) VALUES ('x', 'Cube', 'off', 1, 'fast', 3)")
        try StoreFixtures.sql(path, "INSERT INTO records (player, figure, assist, times_solved, best_seconds, fewest_moves) VALUES ('y', 'Cube', 'off', 1, -5, 3)")
        try StoreFixtures.sql(path, "INSERT INTO records (player, figure, assist, times_solved, best_seconds, fewest_moves) VALUES ('z', 'Cube', 'off', 0, 5, 3)")
        try StoreFixtures.sql(path, "INSERT INTO records (player, figure, assist, times_solved, best_seconds, fewest_moves) VALUES ('w', 'Cube', 'cheat', 1, 5, 3)")
        try StoreFixtures.sql(path, "INSERT INTO names VALUES ('key-a', 'evil\u{1b}[2J', 'evil', 0)")
        let fame = try store(path, "key-b", at: 0).hallOfFame(figure: "Cube", assist: .off)
        #expect(fame.players == 1)
        #expect(fame.byTime == [S(rank: 1, name: nil, score: 90)])
        #expect(fame.byMoves == [S(rank: 1, name: nil, score: 40)])
    }
}
