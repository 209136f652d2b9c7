#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Records
import Logging
import NIOCore
import PostgresNIO
import Store

/// Saved progress in PostgreSQL, for many `soma serve` instances sharing one community: the
/// players' records, positions and names, and the hall of fame read across them. The merging
/// rules are SQLite's (`Store.ProgressStore`): a save is a `ProgressChange`; solves add up, each
/// best keeps the minimum (its date only when strictly better), a position is the last writer's
/// for its figure. Connections are pooled by `PostgresClient` (at most `maxConnections`).
///
/// Every value read back is checked again by the game (`RemoteStore`); the hall of fame ranks
/// only rows a game could have written, as SQLite's does.
public final class PostgresStore: Sendable {
    let client: PostgresClient
    let address: DatabaseAddress
    let logger: Logger
    /// Seconds since 1970, for the dates of bests and names.
    let clock: @Sendable () -> Double
    /// How long after its instance last said so a player counts as playing now
    /// (`HallOfFame.playingWindow` unless `soma serve --playing-window` says otherwise).
    let playingWindow: Double

    public static let maxConnections = 16

    /// `logger`: where the PostgreSQL client writes, only what is critical: it reports every failed
    /// connection try, and a database away is already told once, in the store's own words
    /// (health, the players' notes, `soma_store_errors_total`), not a line per try.
    public init(address: DatabaseAddress, group: EventLoopGroup, playingWindow: Double = HallOfFame.playingWindow,
                logger: Logger = Logger(label: "soma.postgres"),
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        var configuration = PostgresClient.Configuration(host: address.host, port: address.port, username: address.user,
                                                         password: address.password, database: address.database, tls: .disable)
        configuration.options.maximumConnections = Self.maxConnections
        configuration.options.connectTimeout = .seconds(3)
        var logger = logger
        logger.logLevel = .critical
        self.logger = logger
        self.address = address
        self.clock = clock
        self.playingWindow = playingWindow
        client = PostgresClient(configuration: configuration, eventLoopGroup: group, backgroundLogger: logger)
    }

    /// Runs the pool until the task is cancelled.
    public func run() async {
        await client.run()
    }

    // MARK: The schema

    /// Creates the tables or brings them up to date, under the advisory lock.
    public func prepare() async throws(SharedStoreError) {
        do {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.lockKey))", logger: logger)
                for statement in PostgresSchema.create {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                var found: Int?
                for try await (version) in try await connection.query("SELECT max(version) FROM soma_schema", logger: logger)
                    .decode(Int?.self) { found = version }
                let version = found ?? 0
                guard version <= PostgresSchema.version else {
                    throw SharedStoreError("the database was written by a newer soma (schema \(version), this soma knows "
                                           + "\(PostgresSchema.version)); it was left as it is")
                }
                if version == 0 {
                    try await connection.query("INSERT INTO soma_schema (version) VALUES (\(PostgresSchema.version))", logger: logger)
                } else if version < PostgresSchema.version {
                    for step in PostgresSchema.upgrades[(version - 1)...] {
                        for statement in step { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                    }
                    try await connection.query("UPDATE soma_schema SET version = \(PostgresSchema.version)", logger: logger)
                }
            }
        } catch {
            throw SharedStoreError.from(error)
        }
    }

    // MARK: Progress

    /// The player's progress: a record per figure and assist, positions as saved. At most
    /// `maxRows` of each, names of at most 1000 bytes.
    public func load(player: String) async throws(SharedStoreError) -> (records: [StoreLine.Record], positions: [String: SavedPosition], savedAt: [String: Double]) {
        do {
            try await client.query("INSERT INTO players (player) VALUES (\(player)) ON CONFLICT DO NOTHING", logger: logger)
            var records: [StoreLine.Record] = []
            let rows = try await client.query("""
                SELECT figure, assist, times_solved, best_seconds, fewest_moves
                FROM records WHERE player = \(player) AND octet_length(figure) <= 1000 LIMIT \(Self.maxRows)
                """, logger: logger)
            for try await (figure, assist, times, best, fewest) in rows.decode((String, String, Int64, Double, Int64).self) {
                guard let times = Int(exactly: times), let fewest = Int(exactly: fewest) else { continue }
                records.append(StoreLine.Record(figure: figure, assist: assist, timesSolved: times, bestSeconds: best, fewestMoves: fewest))
            }
            var positions: [String: SavedPosition] = [:]
            var savedAt: [String: Double] = [:]
            let saved = try await client.query("""
                SELECT figure, poses, moves, seconds, saved_at, hints, judged FROM positions
                WHERE player = \(player) AND octet_length(figure) <= 1000 AND octet_length(poses) <= \(Self.maxPosesText)
                LIMIT \(Self.maxRows)
                """, logger: logger)
            for try await (figure, poses, moves, seconds, at, hints, judged)
                    in saved.decode((String, String, Int64, Double, Double, Int64?, Bool?).self) {
                guard let moves = Int(exactly: moves),
                      let decoded = try? JSONDecoder().decode([SavedPose].self, from: Data(poses.utf8)) else { continue }
                // A count that is no Int is read as none; the game's check sets aside one out of range.
                positions[figure] = SavedPosition(poses: decoded, moves: moves, seconds: seconds,
                                                  hints: hints.flatMap { Int(exactly: $0) }, judged: judged)
                if at.isFinite { savedAt[figure] = at }
            }
            return (records, positions, savedAt)
        } catch {
            throw SharedStoreError.from(error)
        }
    }

    static let maxRows = 100_000
    static let maxPosesText = 262_144

    /// Merges a checked change (`ProgressChange.problem` is nil) in one transaction, once: the
    /// transaction raises the player's mark for `origin` (the instance's journal, `SaveJournal`)
    /// to `seq` and applies nothing when the mark is already there or past it, so a second try
    /// of the same save (the first was cut off after its commit, replayed from the journal after
    /// a crash, or two tries overlapping: the row lock makes the second wait for the first)
    /// changes nothing. One row per player and origin, however many saves: the space stays
    /// constant as players play. `at` is when the game was told `saved` (nil: now): the dates
    /// of bests, and a position's time, which a position written later by another instance is
    /// not overwritten with (a journal replayed after a crash brings back no older position).
    /// Answers whether this call applied the change.
    @discardableResult
    public func apply(_ change: ProgressChange, origin: String, seq: Int64, player: String,
                      at: Double? = nil) async throws(SharedStoreError) -> Bool {
        let now = at.flatMap { $0.isFinite ? $0 : nil } ?? clock()
        let applied: Bool
        do {
            applied = try await client.withTransaction(logger: logger) { connection in
                var fresh = false
                for try await _ in try await connection.query("""
                    INSERT INTO save_marks (player, origin, seq) VALUES (\(player), \(origin), \(seq))
                    ON CONFLICT (player, origin) DO UPDATE SET seq = excluded.seq WHERE save_marks.seq < excluded.seq
                    RETURNING seq
                    """, logger: logger).decode(Int64.self) { fresh = true }
                guard fresh else { return false }
                for record in change.records {
                    try await connection.query("""
                        INSERT INTO records (player, figure, assist, times_solved, best_seconds, fewest_moves,
                                             best_seconds_at, fewest_moves_at)
                        VALUES (\(player), \(record.figure), \(record.assist), \(Int64(record.solves)), \(record.bestSeconds),
                                \(Int64(record.fewestMoves)), \(now), \(now))
                        ON CONFLICT (player, figure, assist) DO UPDATE SET
                            times_solved = records.times_solved + excluded.times_solved,
                            best_seconds = least(records.best_seconds, excluded.best_seconds),
                            best_seconds_at = CASE WHEN excluded.best_seconds < records.best_seconds
                                                   THEN excluded.best_seconds_at ELSE records.best_seconds_at END,
                            fewest_moves = least(records.fewest_moves, excluded.fewest_moves),
                            fewest_moves_at = CASE WHEN excluded.fewest_moves < records.fewest_moves
                                                   THEN excluded.fewest_moves_at ELSE records.fewest_moves_at END
                        """, logger: logger)
                }
                for entry in change.positions {
                    if let position = entry.position {
                        let encoder = JSONEncoder()
                        encoder.outputFormatting = [.sortedKeys]
                        let poses = String(decoding: try encoder.encode(position.poses), as: UTF8.self)
                        try await connection.query("""
                            INSERT INTO positions (player, figure, poses, moves, seconds, saved_at, hints, judged)
                            VALUES (\(player), \(entry.figure), \(poses), \(Int64(position.moves)), \(position.seconds ?? 0), \(now),
                                    \(position.hints.map(Int64.init)), \(position.judged))
                            ON CONFLICT (player, figure) DO UPDATE SET
                                poses = excluded.poses, moves = excluded.moves, seconds = excluded.seconds,
                                saved_at = excluded.saved_at, hints = excluded.hints, judged = excluded.judged
                            WHERE positions.saved_at <= excluded.saved_at
                            """, logger: logger)
                    } else {
                        try await connection.query("""
                            DELETE FROM positions WHERE player = \(player) AND figure = \(entry.figure) AND saved_at <= \(now)
                            """, logger: logger)
                    }
                }
                return true
            }
        } catch {
            throw SharedStoreError.from(error)
        }
        return applied
    }

    /// The newest save number of `origin` the database has applied for any player (0: none):
    /// a journal made again from nothing continues above it.
    public func lastSequence(origin: String) async throws(SharedStoreError) -> Int64 {
        do {
            for try await seq in try await client.query("SELECT coalesce(max(seq), 0) FROM save_marks WHERE origin = \(origin)",
                                                        logger: logger).decode(Int64.self) { return seq }
            return 0
        } catch {
            throw SharedStoreError.from(error)
        }
    }

    /// Whether the database answers a trivial query (the health check's store probe).
    public func ping() async throws(SharedStoreError) {
        do {
            try await client.query("SELECT 1", logger: logger)
        } catch {
            throw SharedStoreError.from(error)
        }
    }

    // MARK: Names

    public func displayName(player: String) async throws(SharedStoreError) -> String? {
        do {
            for try await name in try await client.query("SELECT name FROM names WHERE player = \(player)", logger: logger)
                .decode(String.self) { return Self.shown(name) }
            return nil
        } catch {
            throw SharedStoreError.from(error)
        }
    }

    /// Gives the player the name `text`, or says why not, as `ProgressStore.chooseName` does;
    /// the unique index on the folded name settles two instances choosing one name at once.
    public func chooseName(_ text: String, player: String) async throws(SharedStoreError) -> NameChoice {
        if let problem = DisplayName.problem(text) { return .refused(problem) }
        let name = DisplayName.normalized(text), folded = DisplayName.folded(text)
        let now = clock()
        do {
            if let own = try await displayName(player: player) {
                return .refused("Your name is \(own): it is chosen once and stays")
            }
            var inserted = false
            for try await _ in try await client.query("""
                INSERT INTO names (player, name, folded, chosen_at) VALUES (\(player), \(name), \(folded), \(now))
                ON CONFLICT DO NOTHING RETURNING player
                """, logger: logger).decode(String.self) { inserted = true }
            if inserted { return .accepted(name) }
            if let own = try await displayName(player: player) {
                return .refused("Your name is \(own): it is chosen once and stays")
            }
            return .refused("\(name) is another player's name: choose another")
        } catch let error as SharedStoreError {
            throw error
        } catch {
            throw SharedStoreError.from(error)
        }
    }

    /// A stored name if it is a valid display name; nil shows as anonymous.
    static func shown(_ name: String?) -> String? {
        guard let name, name.count <= DisplayName.maximumLength, DisplayName.problem(name) == nil else { return nil }
        return name
    }

    // MARK: The hall of fame

    /// One figure's tables for one assist as `player` sees them, ranked, ties to whoever set
    /// the best first (no date counts as earliest), then by player key.
    public func hallOfFame(figure: String, assist: String, player: String) async throws(SharedStoreError) -> HallOfFame {
        do {
            let byTime = try await standings(figure: figure, assist: assist, player: player, column: "best_seconds")
            let byMoves = try await standings(figure: figure, assist: assist, player: player, column: "fewest_moves")
            var players = 0
            for try await count in try await client.query("""
                SELECT count(DISTINCT player) FROM records r
                WHERE r.figure = \(figure) AND r.assist = \(assist) AND \(unescaped: Self.ranked)
                """, logger: logger).decode(Int64.self) { players = Int(clamping: count) }
            return HallOfFame(figure: figure, assist: Assist(rawValue: assist) ?? .off, byTime: byTime, byMoves: byMoves, players: players)
        } catch {
            throw SharedStoreError.from(error)
        }
    }

    /// The rows fit to rank: a solve counted and values a game could have made.
    static var ranked: String {
        """
        r.times_solved BETWEEN 1 AND \(ProgressCheck.maxTimesSolved)
        AND r.best_seconds >= 0 AND r.best_seconds < \(Int(ProgressCheck.maxSeconds))
        AND r.fewest_moves BETWEEN 0 AND \(ProgressCheck.maxMoves)
        """
    }

    private func standings(figure: String, assist: String, player: String, column: String) async throws -> [HallOfFame.Standing] {
        let now = clock()
        let rows = try await client.query("""
            SELECT rank, name, score::double precision, player = \(player),
                   EXISTS (SELECT 1 FROM playing p WHERE p.player = t.player
                           AND p.seen_at BETWEEN \(now - playingWindow) AND \(now + playingWindow)) FROM (
                SELECT b.player, n.name, b.score,
                       row_number() OVER (ORDER BY b.score, b.at NULLS FIRST, b.player) AS rank
                FROM (SELECT DISTINCT ON (r.player) r.player, r.\(unescaped: column) AS score, r.\(unescaped: column)_at AS at
                      FROM records r WHERE r.figure = \(figure) AND r.assist = \(assist) AND \(unescaped: Self.ranked)
                      ORDER BY r.player, r.\(unescaped: column), r.\(unescaped: column)_at NULLS FIRST) b
                LEFT JOIN names n ON n.player = b.player) t
            WHERE rank <= \(HallOfFame.places) OR player = \(player) ORDER BY rank
            """, logger: logger)
        var standings: [HallOfFame.Standing] = []
        for try await (rank, name, score, own, playing) in rows.decode((Int64, String?, Double, Bool, Bool).self) {
            standings.append(HallOfFame.Standing(rank: Int(clamping: rank), name: Self.shown(name), score: score, isOwn: own,
                                                 isPlayingNow: playing))
        }
        return standings
    }

    // MARK: Playing now

    /// `players` are in a game on server process `instance` now; no one else is there. One
    /// transaction, so the hall of fame never sees the instance's players half replaced.
    /// `peer`: where other instances ask to watch this one's games (`--peer-listen`), if anywhere.
    public func replacePlaying(_ players: Set<String>, instance: String, peer: String? = nil) async throws(SharedStoreError) {
        let now = clock()
        do {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("DELETE FROM playing WHERE instance = \(instance)", logger: logger)
                for player in players.sorted() {
                    try await connection.query("""
                        INSERT INTO playing (player, instance, seen_at, peer) VALUES (\(player), \(instance), \(now), \(peer))
                        """, logger: logger)
                }
            }
        } catch {
            throw SharedStoreError.from(error)
        }
    }

    /// The `--peer-listen` addresses of the instances (other than `instance`) where the player
    /// whose display name folds to `name`'s is in a game now, newest first, at most 4, each at
    /// most 300 bytes (the watcher's instance parses them as addresses before it connects).
    public func watchPeers(name: String, excluding instance: String) async throws(SharedStoreError) -> [String] {
        let now = clock(), folded = DisplayName.folded(name)
        do {
            let rows = try await client.query("""
                SELECT p.peer FROM playing p JOIN names n ON n.player = p.player
                WHERE n.folded = \(folded) AND p.peer IS NOT NULL AND p.instance <> \(instance) AND octet_length(p.peer) <= 300
                      AND p.seen_at BETWEEN \(now - playingWindow) AND \(now + playingWindow)
                ORDER BY p.seen_at DESC LIMIT 4
                """, logger: logger)
            var peers: [String] = []
            for try await (peer) in rows.decode(String.self) where !peers.contains(peer) { peers.append(peer) }
            return peers
        } catch {
            throw SharedStoreError.from(error)
        }
    }
}
