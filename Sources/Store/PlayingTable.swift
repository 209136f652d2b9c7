
/// The server's side of "playing now" with SQLite (`soma serve` without `--database`): writes
/// who is in a keyed game on this server into the state directory's `soma.db`, the games' own
/// database, whose hall of fame reads it (`ProgressStore.hallOfFame`, `Schema.playing`).
///
/// Each report replaces this server process's rows (`instance`) in one transaction, with the
/// time of the report, so the rows of a server that was killed grow old and stop counting
/// after `HallOfFame.playingWindow`; a clean shutdown reports no one, which removes them. Synchronous:
/// the caller runs it off the server's event loop (`SharedStore.PresenceReporter`).
public final class PlayingTable {
    public let path: String
    public let instance: String
    private let file: SQLiteFile
    /// The file the path named at opening: a `soma.db` moved away or replaced while the server
    /// runs is noticed at the next report (the reporter then opens the new one).
    private let identity: ProgressStore.FileIdentity?

    /// Opens `path` (creating the file and the table if need be; nothing else of it is touched).
    public init(path: String, instance: String) throws(StoreError) {
        self.path = path
        self.instance = instance
        file = try SQLiteFile(path: path)
        do {
            try file.run(Schema.playing)
        } catch {
            file.close()
            throw error
        }
        identity = ProgressStore.identity(of: path)
    }

    deinit { file.close() }

    /// `players` are in a game on this server at `now` (seconds since 1970); no one else is.
    public func replace(_ players: Set<String>, now: Double) throws(StoreError) {
        guard ProgressStore.identity(of: path) == identity else {
            throw StoreError(path: path, reason: "the database was moved or replaced; it is opened again")
        }
        try file.transaction { () throws(StoreError) in
            try file.run("DELETE FROM playing WHERE instance = ?", [.text(instance)])
            for player in players.sorted() {
                try file.run("INSERT INTO playing (player, instance, seen_at) VALUES (?, ?, ?)",
                             [.text(player), .text(instance), .float(now)])
            }
        }
    }
}
