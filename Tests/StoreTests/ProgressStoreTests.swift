import Foundation
import Polycube
import Solver
import Testing
@testable import Game
@testable import Store

@Suite("ProgressStore: merging saves")
struct ProgressStoreTests {
    @Test("a position and a record survive closing and opening again, and resume the game")
    func roundTrip() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let game = StoreFixtures.moved(StoreFixtures.cube, steps: 2)
        do {
            let store = try ProgressStore(path: path)
            var p = try store.load().progress
            p.save(game, seconds: 41)
            p.recordSolve(figure: "box", Solved(moves: 31, seconds: 95.5))
            try store.save(p)
        }
        let loaded = try ProgressStore(path: path).load(figure: StoreFixtures.lookup)
        #expect(loaded.notes == [])
        #expect(loaded.progress.records == [RecordKey("box", .off): FigureRecord(timesSolved: 1, bestSeconds: 95.5, fewestMoves: 31)])
        let resumed = try #require(loaded.progress.resume(StoreFixtures.cube))
        #expect(resumed.poses == game.poses)
        #expect(resumed.moves == 2)
        #expect(resumed.play.earlierSeconds == 41)
    }

    @Test("an unfinished game's hints and judging survive closing and opening: its solve after resuming is recorded with them")
    func helpRoundTrip() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let cube = StoreFixtures.cube
        let solution = try #require(try Solver(cube).firstSolution()).pieces.map(\.placement)
        let start = SomaGame(figure: cube)
        var poses = start.poses
        for pose in solution.prefix(6) { poses[try #require(start.pieces.firstIndex { $0.letter == pose.piece })] = pose }
        var game = try #require(SomaGame(figure: cube, poses: poses))
        game.assist = .solvable
        game.assist = .fits   // judging switched on, then off again: the attempt was judged
        guard case .computeHint(let request) = try #require(game.apply(.hint, now: 0).first) else { Issue.record("no request"); return }
        game.apply(.hintArrived(try #require(request.run())), now: 0)
        #expect(game.hintsTaken == 1 && game.judged)
        try Self.saveInto(path, game, seconds: 10)
        #expect(try StoreFixtures.rows(path, "SELECT hints, judged FROM positions") == ["1|1"])
        let loaded = try ProgressStore(path: path).load(figure: StoreFixtures.lookup)
        #expect(loaded.notes == [])
        var resumed = try #require(loaded.progress.resume(cube))
        #expect(resumed.hintsTaken == 1 && resumed.judged)
        resumed.assist = .fits
        resumed.apply(.select(.letter(solution[6].piece)), now: 20)
        resumed.apply(.drop, now: 20)
        // What the midend records the solve from: the help the whole attempt had.
        #expect(resumed.play.completed && resumed.play.hints == 1)
        #expect(resumed.play.assist == .solvable, "quitting and resuming does not make a helped solve plain")
        // A game saved without help writes none (NULL), as files before the columns had.
        let plain = StoreFixtures.moved(cube, steps: 2)
        try Self.saveInto(path, plain, seconds: 30)
        #expect(try StoreFixtures.rows(path, "SELECT hints, judged FROM positions") == ["NULL|NULL"])
    }

    /// Opens the store at `path`, saves `game` into what it holds, and closes it.
    static func saveInto(_ path: String, _ game: SomaGame, seconds: Double) throws {
        let store = try ProgressStore(path: path)
        var progress = try store.load().progress
        progress.save(game, seconds: seconds)
        try store.save(progress)
    }

    @Test("A solves, B (opened before) saves later with its old copy: the solve stays, B's position is kept")
    func concurrentSolveStays() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let a = try ProgressStore(path: path), b = try ProgressStore(path: path)
        var pa = try a.load().progress, pb = try b.load().progress
        // B moves a piece of the box; A solves the cube; A saves, then B saves its old copy.
        pb.save(StoreFixtures.moved(StoreFixtures.box, steps: 1), seconds: 4)
        pa.recordSolve(figure: "cube", Solved(moves: 40, seconds: 90))
        try a.save(pa)
        try b.save(pb)
        // B saves again (as the loop does on every exit path): nothing is counted twice.
        try b.save(pb)
        try a.save(pa)
        let seen = try ProgressStore(path: path).load(figure: StoreFixtures.lookup).progress
        #expect(seen.records == [RecordKey("cube", .off): FigureRecord(timesSolved: 1, bestSeconds: 90, fewestMoves: 40)])
        #expect(seen.inProgress.keys.sorted() == ["box"])
        #expect(seen.inProgress["box"] == StoreFixtures.position(StoreFixtures.moved(StoreFixtures.box, steps: 1), seconds: 4))
    }

    @Test("solves in two games add up; best time and fewest moves keep the minimum of both")
    func solvesAddUp() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let a = try ProgressStore(path: path), b = try ProgressStore(path: path)
        var pa = try a.load().progress, pb = try b.load().progress
        pa.recordSolve(figure: "cube", Solved(moves: 40, seconds: 90))
        pb.recordSolve(figure: "cube", Solved(moves: 30, seconds: 120))
        try a.save(pa)
        try b.save(pb)
        pa.recordSolve(figure: "cube", Solved(moves: 50, seconds: 200))
        try a.save(pa)
        let seen = try ProgressStore(path: path).load().progress
        #expect(seen.records[RecordKey("cube", .off)] == FigureRecord(timesSolved: 3, bestSeconds: 90, fewestMoves: 30))
    }

    @Test("the position in progress is the last writer's, for that figure only")
    func lastWriterPerFigure() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let a = try ProgressStore(path: path), b = try ProgressStore(path: path)
        var pa = try a.load().progress, pb = try b.load().progress
        pa.save(StoreFixtures.moved(StoreFixtures.cube, steps: 1), seconds: 0)
        pa.save(StoreFixtures.moved(StoreFixtures.box, steps: 1), seconds: 0)
        try a.save(pa)
        pb.save(StoreFixtures.moved(StoreFixtures.cube, steps: 3), seconds: 1)
        try b.save(pb)
        let seen = try ProgressStore(path: path).load(figure: StoreFixtures.lookup).progress
        #expect(seen.inProgress["cube"]?.moves == 3)
        #expect(seen.inProgress["box"]?.moves == 1, "B never touched the box: A's position stays")
        // A finishes the box (its position goes); B's cube position is not A's to remove.
        pa.recordSolve(figure: "box", Solved(moves: 9, seconds: 9))
        try a.save(pa)
        let after = try ProgressStore(path: path).load(figure: StoreFixtures.lookup).progress
        #expect(after.inProgress.keys.sorted() == ["cube"])
        #expect(after.inProgress["cube"]?.moves == 3)
    }

    @Test("many interleaved saves from four stores on one file lose no solve")
    func manyWriters() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let stores = try (0..<4).map { _ in try ProgressStore(path: path) }
        var copies = try stores.map { try $0.load().progress }
        for round in 0..<5 {
            for i in stores.indices {
                copies[i].recordSolve(figure: "cube", Solved(moves: 100 - round - i, seconds: Double(200 - round * 4 - i)))
                try stores[i].save(copies[i])
            }
        }
        let seen = try ProgressStore(path: path).load().progress
        #expect(seen.records[RecordKey("cube", .off)] == FigureRecord(timesSolved: 20, bestSeconds: 200 - 16 - 3, fewestMoves: 100 - 4 - 3))
    }

    @Test("columns a newer soma added are left alone by a save")
    func unknownColumnsKept() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/soma.db"
        let store = try ProgressStore(path: path)
        var p = try store.load().progress
        p.save(StoreFixtures.moved(StoreFixtures.cube, steps: 1), seconds: 0)
        p.recordSolve(figure: "box", Solved(moves: 9, seconds: 9))
        try store.save(p)
        try StoreFixtures.sql(path, "ALTER TABLE positions ADD COLUMN note TEXT")
        try StoreFixtures.sql(path, "UPDATE positions SET note = 'from the future'")
        p.save(StoreFixtures.moved(StoreFixtures.cube, steps: 2), seconds: 1)
        try store.save(p)
        #expect(try StoreFixtures.rows(path, "SELECT moves, note FROM positions") == ["2|from the future"])
    }

    @Test("the database is in WAL mode with a busy timeout")
    func walMode() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = try SQLiteFile(path: folder + "/soma.db")
        defer { file.close() }
        #expect(try file.run("PRAGMA journal_mode").first?.column("journal_mode")?.string == "wal")
        #expect(try file.run("PRAGMA busy_timeout").first?.column("timeout")?.integer == 5000)
    }
}
