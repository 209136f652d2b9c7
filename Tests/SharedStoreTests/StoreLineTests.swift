import Foundation
import Game
import Polycube
import Testing
@testable import SharedStore
@testable import Store

@Suite("soma serve --database: the address, the changes a save sends, the line between game and server")
struct StoreLineTests {
    @Test("postgres:// addresses: user, host, port, database; a password never shown; anything odd refused")
    func addresses() {
        let plain = DatabaseAddress("postgres://soma@db.example.org/soma")
        #expect(plain?.user == "soma")
        #expect(plain?.host == "db.example.org")
        #expect(plain?.port == 5432)
        #expect(plain?.database == "soma")
        #expect(plain?.password == nil)
        let full = DatabaseAddress("postgresql://game:s3cret@127.0.0.1:6543/soma_prod")
        #expect(full?.password == "s3cret")
        #expect(full?.port == 6543)
        #expect(full?.description == "postgres://game@127.0.0.1:6543/soma_prod")
        #expect(DatabaseAddress("postgres://soma@[::1]:5433/soma")?.description == "postgres://soma@[::1]:5433/soma")
        #expect(DatabaseAddress("postgres://soma@h/db", environmentPassword: "pw")?.password == "pw")
        for bad in ["mysql://soma@h/db", "postgres://h/db", "postgres://soma@h", "postgres://soma@h:0/db",
                    "postgres://soma@h:99999/db", "postgres://so ma@h/db", "postgres://soma@h/d;b", "postgres://soma@/db",
                    "postgres://soma@h/" + String(repeating: "d", count: 64)] {
            #expect(DatabaseAddress(bad) == nil, "\(bad)")
        }
    }

    func position(_ moves: Int) -> SavedPosition {
        SavedPosition(poses: [SavedPose(Placement(piece: "V", orientation: .identity, offset: Cell(0, 0, 0)))], moves: moves, seconds: 12)
    }

    @Test("a change holds new solves as a count, improved bests, and only the positions that changed")
    func changes() {
        var before = Game.Progress()
        before.records[RecordKey("cube", .fits)] = FigureRecord(timesSolved: 2, bestSeconds: 90, fewestMoves: 9)
        before.records[RecordKey("steps", .fits)] = FigureRecord(timesSolved: 1, bestSeconds: 50, fewestMoves: 7)
        before.inProgress["tower"] = position(3)
        before.inProgress["bench"] = position(4)
        var after = before
        after.records[RecordKey("cube", .fits)] = FigureRecord(timesSolved: 3, bestSeconds: 80, fewestMoves: 9)
        after.records[RecordKey("new", .fits)] = FigureRecord(timesSolved: 1, bestSeconds: 30, fewestMoves: 7)
        after.inProgress["tower"] = position(5)
        after.inProgress["bench"] = nil
        // Each solve's final position goes with its record (issue 36).
        after.solutions["cube"] = position(9)
        after.solutions["new"] = position(7)
        let change = ProgressChange.between(before, after)
        #expect(change.records == [
            .init(figure: "cube", solves: 1, bestSeconds: 80, fewestMoves: 9, assist: "fits", final: position(9)),
            .init(figure: "new", solves: 1, bestSeconds: 30, fewestMoves: 7, assist: "fits", final: position(7)),
        ])
        #expect(change.positions == [.init(figure: "bench", position: nil), .init(figure: "tower", position: position(5))])
        #expect(change.problem == nil)
        #expect(ProgressChange.between(after, after).isEmpty)
    }

    @Test("what a game sends is checked: names, assist, numbers, positions, counts")
    func hostileChanges() throws {
        let good = ProgressChange.Record(figure: "Cube", solves: 1, bestSeconds: 10, fewestMoves: 7, assist: "off",
                                         final: try ForgedSolveTests.cubeSolution())
        var bad = good
        bad.assist = "cheat"
        #expect(ProgressChange(records: [bad]).problem == "assist is not off, fits or solvable")
        bad = good
        bad.bestSeconds = .nan
        #expect(ProgressChange(records: [bad]).problem != nil)
        bad = good
        bad.solves = -5
        #expect(ProgressChange(records: [bad]).problem == "solves out of range")
        bad = good
        bad.figure = String(repeating: "x", count: 1001)
        #expect(ProgressChange(records: [bad]).problem != nil)
        bad.figure = "a\u{0}b"
        #expect(ProgressChange(records: [bad]).problem != nil)
        var far = position(1)
        far.poses[0].offset = [Int.min, 0, 0]
        #expect(ProgressChange(positions: [.init(figure: "cube", position: far)]).problem != nil)
        #expect(ProgressChange(records: Array(repeating: good, count: ProgressChange.maxEntries + 1)).problem != nil)
        // Issue 36: what no play produces. The cube in 0 moves and 0.0 s, 100,000,000 solves.
        bad = good
        bad.fewestMoves = 0
        #expect(ProgressChange(records: [bad]).problem == "a solve in 0 moves places fewer than its 7 pieces")
        bad.fewestMoves = 6
        #expect(ProgressChange(records: [bad]).problem == "a solve in 6 moves places fewer than its 7 pieces")
        bad = good
        bad.solves = 100_000_000
        #expect(ProgressChange(records: [bad]).problem == "100000000 solves in one save")
        bad.solves = 100
        #expect(ProgressChange(records: [bad]).problem == nil)
        #expect(ProgressChange(records: [good]).problem == nil)
    }

    /// Issue 36: past about 2,300 saved positions the progress answer passed 1 MiB and could
    /// never be loaded. It keeps every record and the newest positions that fit.
    @Test("a progress answer past the line bound keeps its records and the newest positions that fit")
    func largeProgressIsTrimmedToFit() throws {
        var big = position(3)
        big.poses = Array(repeating: big.poses[0], count: 12)
        let positions = Dictionary(uniqueKeysWithValues: (0..<4000).map { ("figure-\($0)", big) })
        let savedAt = Dictionary(uniqueKeysWithValues: (0..<4000).map { ("figure-\($0)", Double($0)) })
        let records = [StoreLine.Record(figure: "cube", assist: "fits", timesSolved: 3, bestSeconds: 40, fewestMoves: 9)]
        let reply = StoreLine.Reply.loaded(records: records, positions: positions, savedAt: savedAt)
        #expect(StoreLine.encode(reply) == nil)
        let line = try #require(StoreLine.encodeFitting(reply))
        #expect(line.count <= StoreLine.maxLineBytes)
        guard case .loaded(let keptRecords, let kept, let keptTimes)? = StoreLine.decode(StoreLine.Reply.self, from: line.dropLast()) else {
            Issue.record("not a loaded answer")
            return
        }
        #expect(keptRecords == records)
        #expect(kept.count > 100 && kept.count < 4000, "\(kept.count) kept")
        // The newest: figure-3999 down to figure-(4000 - kept).
        #expect(Set(kept.keys) == Set((4000 - kept.count..<4000).map { "figure-\($0)" }))
        #expect(keptTimes?.count == kept.count)
        // One more would not fit.
        let more = Set((3999 - kept.count..<4000).map { "figure-\($0)" })
        #expect(StoreLine.encode(StoreLine.Reply.loaded(records: records, positions: positions.filter { more.contains($0.key) },
                                                        savedAt: savedAt.filter { more.contains($0.key) })) == nil)
        // An answer that fits is sent as it is.
        #expect(StoreLine.encodeFitting(.saved) == StoreLine.encode(StoreLine.Reply.saved))
    }

    @Test("one JSON object a line, each way; a line too long or not JSON is no value")
    func lines() throws {
        let request = StoreLine.Request.save(ProgressChange(positions: [.init(figure: "cube", position: position(2))]))
        let bytes = try #require(StoreLine.encode(request))
        #expect(bytes.last == 0x0A)
        #expect(bytes.dropLast().contains(0x0A) == false)
        #expect(StoreLine.decode(StoreLine.Request.self, from: bytes.dropLast()) == request)
        #expect(StoreLine.decode(StoreLine.Request.self, from: Array("{\"drop\":{}}".utf8)) == nil)
        #expect(StoreLine.decode(StoreLine.Request.self, from: [UInt8](repeating: 0x20, count: StoreLine.maxLineBytes)) == nil)
        #expect(StoreLine.encode(StoreLine.Request.chooseName(String(repeating: "x", count: StoreLine.maxLineBytes))) == nil)
    }

    @Test("a hall of fame from the server keeps only rows a table could hold")
    func fameFromTheServer() {
        let tables = StoreLine.FameTables(HallOfFame(figure: "cube", assist: .fits, byTime: [
            .init(rank: 1, name: "Ada", score: 30),
            .init(rank: 0, name: "Zero", score: 31),
            .init(rank: 2, name: "\u{1B}[2J", score: 32),
            .init(rank: 3, name: "Bob", score: .infinity),
        ], players: -4))
        let fame = tables.hallOfFame
        #expect(fame.byTime == [.init(rank: 1, name: "Ada", score: 30), .init(rank: 2, name: nil, score: 32)])
        #expect(fame.players == 0)
        #expect(fame.assist == .fits)
    }

    @Test("playing now travels with the hall of fame; a line from a server that does not say it still decodes")
    func playingNowOnTheLine() throws {
        let fame = HallOfFame(figure: "cube", assist: .off, byTime: [
            .init(rank: 1, name: "Ada", score: 30, isPlayingNow: true), .init(rank: 2, name: "Bo", score: 31, isOwn: true),
        ], players: 2)
        let bytes = try #require(StoreLine.encode(StoreLine.Reply.fame(StoreLine.FameTables(fame))))
        let reply = try #require(StoreLine.decode(StoreLine.Reply.self, from: bytes.dropLast()))
        guard case .fame(let tables) = reply else { Issue.record("not a fame reply: \(reply)"); return }
        #expect(tables.hallOfFame == fame)
        // An older server's line: no isPlayingNow at all.
        let old = #"{"fame":{"_0":{"figure":"cube","assist":"off","byTime":[{"rank":1,"name":"Ada","score":30,"isOwn":false}],"byMoves":[],"players":1}}}"#
        let decoded = try #require(StoreLine.decode(StoreLine.Reply.self, from: Array(old.utf8)))
        guard case .fame(let older) = decoded else { Issue.record("not a fame reply: \(decoded)"); return }
        #expect(older.hallOfFame.byTime == [.init(rank: 1, name: "Ada", score: 30)])
    }
}
