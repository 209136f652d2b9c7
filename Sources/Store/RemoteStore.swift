#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Records
import Polycube

/// The game's side of `StoreLine` under `soma serve --database`: saved progress kept by the
/// server the game runs under, through the Unix socket it handed the game (`SOMA_STORE_FD`).
/// Calls block, each bounded in time (`timeoutSeconds`), and a reply is checked as a file would
/// be: a record or position that fails `ProgressCheck` is left out and said.
///
/// Like `ProgressStore`, it keeps what it last read or wrote and sends only the difference; a
/// save that fails leaves that baseline as it was, so the next save sends the same changes again.
public final class RemoteStore: ProgressKeeper {
    let descriptor: CInt
    private var baseline = Records.Progress()
    private var pending: [UInt8] = []
    /// What messages name instead of a path: the player sees no server path.
    public static let place = "the server's store"
    /// Seconds a reply may take (the server retries a busy or restarting database meanwhile).
    static let timeoutSeconds = 15.0

    public init(descriptor: CInt) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    public func load(figure: (String) -> Figure?) throws(StoreError) -> ProgressStore.Loaded {
        guard case .loaded(let records, let positions, let savedAt) = try call(.load) else { throw Self.failure("an unexpected answer") }
        var progress = Records.Progress()
        var notes: [String] = []
        var dated: [String: Double] = [:]
        for row in records.prefix(ProgressStore.maxRows) {
            let record = FigureRecord(timesSolved: row.timesSolved, bestSeconds: row.bestSeconds, fewestMoves: row.fewestMoves)
            let why = ProgressChange.nameProblem(row.figure) ?? ProgressCheck.record(record)
                ?? (Assist(rawValue: row.assist) == nil ? "the assist is not off, fits or solvable" : nil)
            if let why {
                notes.append("saved record of \(UntrustedText.shown(String(row.figure.prefix(200)))) left out (\(UntrustedText.shown(why)))")
            } else if let assist = Assist(rawValue: row.assist) {
                progress.records[RecordKey(row.figure, assist)] = record
            }
        }
        for (name, position) in positions.sorted(by: { $0.key < $1.key }) {
            let why = ProgressChange.nameProblem(name)
                ?? figure(name).map { ProgressCheck.position(position, fits: $0) } ?? ProgressCheck.position(position)
            if let why {
                notes.append("saved position of \(UntrustedText.shown(String(name.prefix(200)))) left out (\(UntrustedText.shown(why)))")
            } else {
                progress.inProgress[name] = position
                if let at = savedAt?[name], at.isFinite { dated[name] = at }
            }
        }
        baseline = progress
        return ProgressStore.Loaded(progress: progress, notes: notes, savedAt: dated)
    }

    /// A record the server would not believe (`ProgressChange.Record.problem`: a whole solution
    /// pasted in one read takes no time) is left out: kept in this game, never sent, so it does
    /// not make every later save fail.
    public func save(_ progress: Records.Progress) throws(StoreError) {
        var change = ProgressChange.between(baseline, progress)
        change.records.removeAll { $0.problem != nil }
        guard !change.isEmpty else { return }
        guard case .saved = try call(.save(change)) else { throw Self.failure("the save was not taken") }
        baseline = progress
    }

    public func hallOfFame(figure: String, assist: Assist) throws(StoreError) -> HallOfFame {
        guard case .fame(let tables) = try call(.fame(figure: figure, assist: assist.rawValue)) else { throw Self.failure("an unexpected answer") }
        return tables.hallOfFame
    }

    public func displayName() throws(StoreError) -> String? {
        guard case .name(let name) = try call(.ownName) else { throw Self.failure("an unexpected answer") }
        return name.flatMap { $0.count <= DisplayName.maximumLength && DisplayName.problem($0) == nil ? $0 : nil }
    }

    public func chooseName(_ text: String) throws(StoreError) -> NameChoice {
        switch try call(.chooseName(String(text.prefix(200)))) {
        case .accepted(let name) where DisplayName.problem(name) == nil: return .accepted(name)
        case .refused(let why): return .refused(UntrustedText.shown(String(why.prefix(200))))
        default: throw Self.failure("an unexpected answer")
        }
    }

    /// A row no game could make is not sent (as SQLite does not keep it); the server checks
    /// again and keeps the least time, moves and hints of the day.
    public func recordDaily(_ row: ProgressStore.DailyRow, kind: ProgressStore.DailyKind) throws(StoreError) {
        var row = row
        row.name = nil
        guard row.problem == nil else { return }
        guard case .saved = try call(.recordDaily(row, kind: kind)) else { throw Self.failure("the daily result was not taken") }
    }

    /// The rows the server sent, checked: at most `maxDailyResults`, each one a game could make
    /// (others are left out), without names.
    public func dailyResults(kind: ProgressStore.DailyKind, through: String? = nil) throws(StoreError) -> [ProgressStore.DailyRow] {
        guard case .daily(let rows) = try call(.dailyResults(kind: kind, through: through)) else { throw Self.failure("an unexpected answer") }
        let last = ProgressStore.throughDay(through)
        return rows.prefix(ProgressStore.maxDailyResults).compactMap { row in
            guard row.problem == nil, row.day <= last else { return nil }
            var kept = row
            kept.name = nil
            return kept
        }
    }

    // MARK: The line

    static func failure(_ reason: String) -> StoreError {
        StoreError(path: place, reason: reason)
    }

    /// Sends one request and waits for its answer; a `failed` answer becomes the error.
    func call(_ request: StoreLine.Request) throws(StoreError) -> StoreLine.Reply {
        guard let line = StoreLine.encode(request) else { throw Self.failure("the request is too large to send") }
        try transmit(line)
        let deadline = Self.now() + Self.timeoutSeconds
        let answer = try readLine(until: deadline)
        guard let reply = StoreLine.decode(StoreLine.Reply.self, from: answer) else {
            throw Self.failure("the server's answer could not be read")
        }
        if case .failed(let why) = reply { throw Self.failure(UntrustedText.shown(String(why.prefix(300)))) }
        return reply
    }

    private func transmit(_ bytes: [UInt8]) throws(StoreError) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.failure("the server cannot be reached (\(String(cString: strerror(errno)).lowercased()))")
            }
            sent += n
        }
    }

    private func readLine(until deadline: Double) throws(StoreError) -> [UInt8] {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            guard pending.count < StoreLine.maxLineBytes else {
                pending = []
                throw Self.failure("the server's answer is too long")
            }
            let left = deadline - Self.now()
            guard left > 0 else { throw Self.failure("the server did not answer in \(Int(Self.timeoutSeconds)) seconds") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { throw Self.failure("the server cannot be reached") }
            guard ready > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Self.failure("the server cannot be reached (\(String(cString: strerror(errno)).lowercased()))")
            }
            guard n > 0 else { throw Self.failure("the server closed the store's line") }
            pending += buffer[..<n]
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
