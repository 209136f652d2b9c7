import Foundation
import Game
import Polycube
import Testing
@testable import Store

/// The game's side of the line against a fake server on a socket pair: what it sends, and what
/// it makes of answers it cannot trust.
@Suite("RemoteStore: the game saves through its server", .serialized)
struct RemoteStoreTests {
    /// A socket pair: the game's end in a RemoteStore, the server's end answered by `answer`
    /// (one line in, one line out) on a thread; the lines the server got are returned by `stop`.
    final class FakeServer: @unchecked Sendable {
        let store: RemoteStore
        let end: Int32
        private var got: [String] = []
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)

        init(answer: @escaping @Sendable (String) -> String?) {
            var ends: [Int32] = [-1, -1]
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends)
            store = RemoteStore(descriptor: ends[0])
            end = ends[1]
            let end = self.end
            Thread.detachNewThread { [self] in
                var pending: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = read(end, &buffer, buffer.count)
                    if n <= 0 { break }
                    pending += buffer[..<n]
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: pending[..<newline], as: UTF8.self)
                        pending.removeSubrange(...newline)
                        lock.withLock { got.append(line) }
                        guard let reply = answer(line) else { close(end); done.signal(); return }
                        _ = Array((reply + "\n").utf8).withUnsafeBytes { write(end, $0.baseAddress, $0.count) }
                    }
                }
                done.signal()
            }
        }

        var lines: [String] { lock.withLock { got } }
    }

    @Test("load checks every value: a record or position that fails is left out and said")
    func loadChecks() throws {
        let server = FakeServer { _ in
            #"{"loaded":{"records":[{"figure":"cube","assist":"fits","timesSolved":2,"bestSeconds":40,"fewestMoves":7},"#
                + #"{"figure":"bad","assist":"fits","timesSolved":-1,"bestSeconds":40,"fewestMoves":7},"#
                + #"{"figure":"cheat","assist":"auto","timesSolved":1,"bestSeconds":40,"fewestMoves":7}],"#
                + #""positions":{"far":{"poses":[{"piece":"V","orientation":[1,2,3],"offset":[99999,0,0]}],"moves":1,"seconds":1}}}}"#
        }
        let loaded = try server.store.load(figure: { _ in nil })
        #expect(loaded.progress.records == [RecordKey("cube", .fits): FigureRecord(timesSolved: 2, bestSeconds: 40, fewestMoves: 7)])
        #expect(loaded.progress.inProgress.isEmpty)
        #expect(loaded.notes.count == 3)
        #expect(server.lines == [#"{"load":{}}"#])
    }

    @Test("load keeps when each position it kept was saved (the figure last played), and no time of a position left out")
    func loadKeepsSavedAt() throws {
        let server = FakeServer { _ in
            #"{"loaded":{"records":[],"positions":{"#
                + #""near":{"poses":[{"piece":"V","orientation":[1,2,3],"offset":[1,0,0]}],"moves":1,"seconds":1},"#
                + #""far":{"poses":[{"piece":"V","orientation":[1,2,3],"offset":[99999,0,0]}],"moves":1,"seconds":1}},"#
                + #""savedAt":{"near":1790000000,"far":1790000500}}}"#
        }
        let loaded = try server.store.load(figure: { _ in nil })
        #expect(Array(loaded.progress.inProgress.keys) == ["near"])
        #expect(loaded.savedAt == ["near": 1790000000])
        // An older server sends no times: nothing is dated, and the load still works.
        let older = FakeServer { _ in
            #"{"loaded":{"records":[],"positions":{"near":{"poses":[{"piece":"V","orientation":[1,2,3],"offset":[1,0,0]}],"moves":1,"seconds":1}}}}"#
        }
        let undated = try older.store.load(figure: { _ in nil })
        #expect(Array(undated.progress.inProgress.keys) == ["near"] && undated.savedAt.isEmpty)
    }

    @Test("a save sends the change with the game's assist; a failed save is sent again with the next")
    func saveRetries() throws {
        let answers = Answers(["{\"failed\":{\"_0\":\"the database is down\"}}", "{\"saved\":{}}"])
        let server = FakeServer { _ in answers.next() }
        var progress = Game.Progress()
        progress.records[RecordKey("cube", .fits)] = FigureRecord(timesSolved: 1, bestSeconds: 40, fewestMoves: 7)
        // The solve's final position, which the server checks (issue 36).
        progress.solutions["cube"] = SavedPosition(poses: [SavedPose(Placement(piece: "V", orientation: .identity, offset: Cell(0, 0, 0)))],
                                                   moves: 7, seconds: 40)
        #expect(throws: StoreError(path: RemoteStore.place, reason: "the database is down")) { try server.store.save(progress) }
        try server.store.save(progress)
        try server.store.save(progress)   // nothing changed since: nothing sent
        #expect(server.lines.count == 2)
        let sent = server.lines.map { StoreLine.decode(StoreLine.Request.self, from: Array($0.utf8)) }
        #expect(sent[0] != nil && sent[0] == sent[1], "the same change, sent again")
        #expect(server.lines[0].contains("\"assist\":\"fits\""))
        #expect(server.lines[0].contains("\"solves\":1"))
    }

    @Test("garbage, an unexpected answer, a closed line: errors in words, never a crash")
    func hostileServer() {
        let answers = Answers(["not json", "{\"saved\":{}}", nil])
        let server = FakeServer { _ in answers.next() }
        #expect(throws: StoreError(path: RemoteStore.place, reason: "the server's answer could not be read")) {
            try server.store.displayName()
        }
        #expect(throws: StoreError(path: RemoteStore.place, reason: "an unexpected answer")) { try server.store.displayName() }
        #expect(throws: StoreError.self) { try server.store.displayName() }
    }

    @Test("a daily result is sent without a name, a row no game could make is not sent, and the answer must be saved")
    func recordDaily() throws {
        let answers = Answers(["{\"saved\":{}}", "{\"name\":{\"_0\":null}}"])
        let server = FakeServer { _ in answers.next() }
        let row = ProgressStore.DailyRow(day: "2026-11-26", figure: "g-bd7a11", grade: 4, seconds: 83.5, moves: 9, hints: 1, name: "Ada")
        try server.store.recordDaily(row, kind: .pento)
        var bad = row
        bad.grade = 7
        try server.store.recordDaily(bad, kind: .figure)
        #expect(throws: StoreError(path: RemoteStore.place, reason: "the daily result was not taken")) {
            try server.store.recordDaily(row, kind: .figure)
        }
        #expect(server.lines.count == 2)
        var sent = row
        sent.name = nil
        #expect(StoreLine.decode(StoreLine.Request.self, from: Array(server.lines[0].utf8)) == .recordDaily(sent, kind: .pento))
        #expect(!server.lines[0].contains("Ada"))
    }

    @Test("daily results from the server: rows no game could make are left out, names dropped, at most maxDailyResults")
    func dailyResultsChecked() throws {
        let row = #"{"day":"2026-11-26","figure":"g-bd7a11","grade":4,"seconds":83.5,"moves":9,"hints":1,"name":"Ada"}"#
        let hostile = [
            #"{"day":"2026-02-3x","figure":"g-1","grade":4,"seconds":1,"moves":9,"hints":1}"#,
            #"{"day":"2026-11-25","figure":"g-\u001b[2J","grade":4,"seconds":1,"moves":9,"hints":1}"#,
            #"{"day":"2026-11-24","figure":"g-1","grade":40,"seconds":1,"moves":9,"hints":1}"#,
            #"{"day":"2026-11-23","figure":"g-1","grade":4,"seconds":1e300,"moves":9,"hints":1}"#,
            #"{"day":"2026-11-22","figure":"g-1","grade":4,"seconds":1,"moves":-9,"hints":1}"#,
            #"{"day":"2026-11-21","figure":"g-1","grade":4,"seconds":1,"moves":9,"hints":9223372036854775807}"#,
        ]
        let server = FakeServer { _ in #"{"daily":{"_0":["# + ([row] + hostile).joined(separator: ",") + "]}}" }
        #expect(try server.store.dailyResults(kind: .figure)
                == [.init(day: "2026-11-26", figure: "g-bd7a11", grade: 4, seconds: 83.5, moves: 9, hints: 1)])
        #expect(server.lines == [#"{"dailyResults":{"kind":"figure"}}"#])
        // A server that sends more rows than it may: the first maxDailyResults are kept.
        let flood = FakeServer { _ in
            #"{"daily":{"_0":["# + Array(repeating: row, count: ProgressStore.maxDailyResults + 50).joined(separator: ",") + "]}}"
        }
        #expect(try flood.store.dailyResults(kind: .pento).count == ProgressStore.maxDailyResults)
        // A number too large for an Int, or a wrong answer: errors in words.
        let huge = FakeServer { _ in #"{"daily":{"_0":[{"day":"2026-11-26","figure":"g-1","grade":4,"seconds":1,"moves":1e40,"hints":1}]}}"# }
        #expect(throws: StoreError(path: RemoteStore.place, reason: "the server's answer could not be read")) {
            try huge.store.dailyResults(kind: .figure)
        }
        let wrong = FakeServer { _ in #"{"saved":{}}"# }
        #expect(throws: StoreError(path: RemoteStore.place, reason: "an unexpected answer")) { try wrong.store.dailyResults(kind: .figure) }
        // A page asked through a day: a row dated after it, which a server should not send, is left out.
        let later = #"{"day":"2026-11-27","figure":"g-bd7a11","grade":4,"seconds":83.5,"moves":9,"hints":1}"#
        let paged = FakeServer { _ in #"{"daily":{"_0":["# + [later, row].joined(separator: ",") + "]}}" }
        #expect(try paged.store.dailyResults(kind: .figure, through: "2026-11-26").map(\.day) == ["2026-11-26"])
        #expect(paged.lines.map { StoreLine.decode(StoreLine.Request.self, from: Array($0.utf8)) }
                == [.dailyResults(kind: .figure, through: "2026-11-26")])
    }

    final class Answers: @unchecked Sendable {
        private var queue: [String?]
        private let lock = NSLock()
        init(_ answers: [String?]) { queue = answers }
        func next() -> String? { lock.withLock { queue.isEmpty ? nil : queue.removeFirst() } }
    }
}
