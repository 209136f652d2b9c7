#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Store

/// The writes a game was answered `saved` for and that are not yet in PostgreSQL, on this
/// instance's disk: `store-journal` in the state directory, one JSON object a line, each line
/// flushed to the disk (`fsync`) before the game hears `saved`. So an acknowledged save survives
/// the database being down, the instance being killed (`kill -9`) or a SIGTERM that could not
/// wait for the database: the next start with this state directory writes what the journal
/// still holds (`StoreService` replays it) before it takes players.
///
/// Each entry has a sequence number, increasing for this journal's whole life (across
/// restarts), and the journal's `origin`, a random id kept in `store-origin` beside it: the
/// database keeps, per player and origin, the newest number applied (`PostgresStore.apply`), so
/// an entry written again after a crash between the commit and its `done` line is applied once.
/// A written entry gets a `done` line; when none is left outstanding the file is emptied, so
/// it stays small while the database answers. It holds at most `maxBytes`; past that a save is
/// refused (answered `failed`: the game keeps it and says so) rather than acknowledged unkept.
final class SaveJournal: @unchecked Sendable {
    /// One acknowledged write waiting for the database.
    struct Entry: Codable, Sendable, Equatable {
        var seq: Int64
        var player: String
        var request: StoreLine.Request
        /// When it was kept (seconds since 1970): the time it is written with.
        var at: Double
    }

    /// A line of the file: an entry, or `{"done": seq}`.
    private struct Line: Codable {
        var seq: Int64?
        var player: String?
        var request: StoreLine.Request?
        var at: Double?
        var done: Int64?
    }

    let path: String
    /// This journal's id in the database's `save_marks` (`store-origin` beside the journal).
    let origin: String
    /// Every field below is touched only on this queue.
    private let lock = DispatchQueue(label: "soma.journal")
    private var descriptor: CInt
    private var outstanding: [Int64: Entry] = [:]
    private var lastSeq: Int64 = 0
    private var size = 0

    /// The file's bound: days of a full server's saves while the database is away.
    static let maxBytes = 256 << 20
    static let fileName = "store-journal"
    static let originName = "store-origin"

    /// Opens (or makes) the journal in `folder` and reads what it still holds. `notes` gets a
    /// line for anything it had to skip (a line cut by a crash, one it cannot read).
    init(folder: String, notes: (String) -> Void = { _ in }) throws(SharedStoreError) {
        path = folder + "/" + Self.fileName
        origin = try Self.loadOrMakeOrigin(folder + "/" + Self.originName)
        descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw SharedStoreError("cannot keep saves in \(path): \(String(cString: strerror(errno)))")
        }
        let bytes = Self.readAll(descriptor, limit: Self.maxBytes + (2 << 20))
        size = bytes.count
        // A line cut by a crash is ended, so the next entry starts a line of its own.
        if let last = bytes.last, last != UInt8(ascii: "\n"), Self.writeNewline(descriptor) { size += 1 }
        var skipped = 0
        for text in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let line = try? JSONDecoder().decode(Line.self, from: Data(text)) else {
                skipped += 1
                continue
            }
            if let done = line.done {
                outstanding[done] = nil
            } else if let seq = line.seq, let player = line.player, let request = line.request, let at = line.at,
                      seq > 0, at.isFinite, Self.isPlayerKey(player) {
                outstanding[seq] = Entry(seq: seq, player: player, request: request, at: at)
                lastSeq = max(lastSeq, seq)
            } else {
                skipped += 1
            }
        }
        if skipped > 0 { notes("\(skipped) lines of \(path) could not be read and were skipped (a write cut by a crash)") }
    }

    deinit { close(descriptor) }

    /// The entries not yet written to the database, oldest first.
    var pending: [Entry] { lock.sync { outstanding.values.sorted { $0.seq < $1.seq } } }

    /// How many entries wait, and for how many players.
    var waiting: (entries: Int, players: Int) {
        lock.sync { (outstanding.count, Set(outstanding.values.map(\.player)).count) }
    }

    /// Whether any entry of `player` waits.
    func hasPending(player: String) -> Bool {
        lock.sync { outstanding.values.contains { $0.player == player } }
    }

    /// The next numbers handed out are above `seq` (the newest the database has of this origin).
    func continueAfter(_ seq: Int64) {
        lock.sync { lastSeq = max(lastSeq, seq) }
    }

    /// Writes `request` of `player` to the disk and answers its entry; throws when it cannot be
    /// kept (the disk full or failing, the journal at its bound): the game must not hear `saved`.
    /// `at`: now, in seconds since 1970.
    func append(player: String, request: StoreLine.Request, at: Double = Date().timeIntervalSince1970) throws(SharedStoreError) -> Entry {
        try lock.sync { () -> Result<Entry, SharedStoreError> in
            Result { () throws(SharedStoreError) -> Entry in try appendNow(player: player, request: request, at: at) }
        }.get()
    }

    private func appendNow(player: String, request: StoreLine.Request, at: Double) throws(SharedStoreError) -> Entry {
        let entry = Entry(seq: lastSeq + 1, player: player, request: request, at: at)
        let line = Line(seq: entry.seq, player: player, request: request, at: at, done: nil)
        guard var bytes = try? JSONEncoder().encode(line) else { throw SharedStoreError("the save cannot be written down") }
        bytes.append(UInt8(ascii: "\n"))
        guard size + bytes.count <= Self.maxBytes else {
            throw SharedStoreError("the server holds too many saves for the database already")
        }
        try write(bytes)
        guard fsync(descriptor) == 0 else {
            throw SharedStoreError("the save cannot be kept on the server's disk: \(String(cString: strerror(errno)))")
        }
        lastSeq = entry.seq
        outstanding[entry.seq] = entry
        return entry
    }

    /// Entry `seq` is in the database. Its `done` line needs no flush: an entry replayed after
    /// a crash is applied once. With nothing left outstanding the file is emptied.
    func done(_ seq: Int64) {
        lock.sync {
            guard outstanding.removeValue(forKey: seq) != nil else { return }
            if outstanding.isEmpty {
                if ftruncate(descriptor, 0) == 0 { size = 0 }
                return
            }
            guard var bytes = try? JSONEncoder().encode(Line(seq: nil, player: nil, request: nil, at: nil, done: seq)) else { return }
            bytes.append(UInt8(ascii: "\n"))
            try? write(bytes)
        }
    }

    private func write(_ bytes: Data) throws(SharedStoreError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let reason = String(cString: strerror(errno))
                // A partial line is ended, so the next one is whole (the partial one is skipped).
                if offset > 0 { _ = Self.writeNewline(descriptor) }
                throw SharedStoreError("the save cannot be kept on the server's disk: \(reason)")
            }
            offset += written
        }
        size += bytes.count
    }

    /// One `\n`; whether it was written.
    private static func writeNewline(_ descriptor: CInt) -> Bool {
        var newline = UInt8(ascii: "\n")
        return Glibc.write(descriptor, &newline, 1) == 1
    }

    /// The whole file from its start, at most `limit` bytes.
    private static func readAll(_ descriptor: CInt, limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while bytes.count < limit {
            let count = pread(descriptor, &buffer, buffer.count, offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
            offset += off_t(count)
        }
        return bytes
    }

    /// The origin in `path`, or a new one written there (16 hex digits).
    private static func loadOrMakeOrigin(_ path: String) throws(SharedStoreError) -> String {
        let existing = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if existing >= 0 {
            defer { close(existing) }
            let text = String(decoding: readAll(existing, limit: 64), as: UTF8.self).filter { !$0.isWhitespace }
            guard text.count == 16, text.allSatisfy(\.isHexDigit) else {
                throw SharedStoreError("\(path) is not this instance's journal id (16 hex digits): move it away to make a new one")
            }
            return text
        }
        let digits = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        let origin = String(repeating: "0", count: 16 - digits.count) + digits
        let made = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard made >= 0 else { throw SharedStoreError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(made) }
        let bytes = Array((origin + "\n").utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(made, $0.baseAddress, $0.count) }) == bytes.count, fsync(made) == 0 else {
            unlink(path)
            throw SharedStoreError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return origin
    }

    /// A player key as the server hands it over: printable ASCII, at most 200 bytes.
    static func isPlayerKey(_ text: String) -> Bool {
        (1...200).contains(text.utf8.count) && text.utf8.allSatisfy { (0x21...0x7e).contains($0) }
    }
}
