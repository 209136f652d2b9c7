import Records

/// The hall of fame, read from every player's records in the same database: per figure and
/// assist (each assist ranked apart: a solve placed by fit is another feat than one steered) the
/// best times and fewest moves, ranked, ties to whoever set the best first (a best from before
/// dates were kept counts as the earliest), then by player key so the order never wavers.
///
/// Only rows whose values pass the same checks as a player's own load are ranked: a row another
/// program damaged is left out, not shown. Names are joined from `names`; a name that is not a
/// valid display name shows as no name.
extension ProgressStore {
    /// The two tables of `figure` with `assist` as `player` sees them: the top
    /// `HallOfFame.places`, then the player's own place when lower.
    public func hallOfFame(figure: String, assist: Assist) throws(StoreError) -> HallOfFame {
        let byTime = try standings(figure: figure, assist: assist, by: .time)
        let byMoves = try standings(figure: figure, assist: assist, by: .moves)
        let players = try file.run("SELECT count(*) AS n FROM records r WHERE r.figure = ? AND r.assist = ? AND \(Self.ranked)",
                                   [.text(figure), .text(assist.rawValue)]).first?.column("n")?.integer ?? 0
        return HallOfFame(figure: figure, assist: assist, byTime: byTime, byMoves: byMoves, players: players)
    }

    /// The best of each figure and assist with entries: its fastest and its fewest moves (rank
    /// 1 of each table), and how many players solved it so. In figure name order, then from the
    /// least help to the most.
    public func leaders() throws(StoreError) -> [Leaders] {
        var best: [RecordKey: (time: HallOfFame.Standing?, moves: HallOfFame.Standing?, players: Int)] = [:]
        for table in Table.allCases {
            let rows = try file.run("""
                SELECT figure, assist, name, score, players FROM (
                    SELECT r.figure, r.assist, n.name, r.\(table.column) AS score,
                           row_number() OVER (PARTITION BY r.figure, r.assist ORDER BY \(table.order)) AS rank,
                           count(*) OVER (PARTITION BY r.figure, r.assist) AS players
                    FROM records r LEFT JOIN names n ON n.player = r.player
                    WHERE length(r.figure) <= 1000 AND \(Self.ranked))
                WHERE rank = 1 LIMIT \(Self.maxRows)
                """)
            for row in rows {
                guard let figure = row.column("figure")?.string,
                      let assist = row.column("assist")?.string.flatMap(Assist.init(rawValue:)),
                      let score = Self.double(row.column("score")) else { continue }
                let key = RecordKey(figure, assist)
                let standing = HallOfFame.Standing(rank: 1, name: Self.displayName(row.column("name")), score: score)
                var entry = best[key] ?? (nil, nil, 0)
                if table == .time { entry.time = standing } else { entry.moves = standing }
                entry.players = row.column("players")?.integer ?? 0
                best[key] = entry
            }
        }
        return best.keys.sorted().compactMap { key in
            guard let entry = best[key], let time = entry.time, let moves = entry.moves else { return nil }
            return Leaders(figure: key.figure, assist: key.assist, bestTime: time, fewestMoves: moves, players: entry.players)
        }
    }

    /// One figure's leaders with one assist, for `soma scores` without a figure.
    public struct Leaders: Hashable, Sendable {
        public var figure: String
        public var assist: Assist
        public var bestTime: HallOfFame.Standing
        public var fewestMoves: HallOfFame.Standing
        public var players: Int
    }

    /// The two tables: which column ranks, in which order.
    enum Table: CaseIterable {
        case time, moves

        var column: String { self == .time ? "best_seconds" : "fewest_moves" }

        /// Best first; a tie goes to the earlier date (NULL, from before dates, sorts first),
        /// then to the player key.
        var order: String { "r.\(column), r.\(column)_at, r.player" }
    }

    /// The rows fit to rank: an assist this soma knows, a solve counted and values a game could
    /// have made.
    static var ranked: String {
        """
        r.assist IN (\(Assist.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
        AND r.times_solved BETWEEN 1 AND \(ProgressCheck.maxTimesSolved)
        AND typeof(r.best_seconds) IN ('real', 'integer') AND r.best_seconds >= 0
        AND r.best_seconds < \(Int(ProgressCheck.maxSeconds))
        AND typeof(r.fewest_moves) = 'integer' AND r.fewest_moves BETWEEN 0 AND \(ProgressCheck.maxMoves)
        """
    }

    private func standings(figure: String, assist: Assist, by table: Table) throws(StoreError) -> [HallOfFame.Standing] {
        let rows = try file.run("""
            SELECT rank, name, score, player = ?1 AS own, \(Self.playingNow("t.player")) AS playing FROM (
                SELECT r.player, n.name, r.\(table.column) AS score,
                       row_number() OVER (ORDER BY \(table.order)) AS rank
                FROM records r LEFT JOIN names n ON n.player = r.player
                WHERE r.figure = ?2 AND r.assist = ?4 AND \(Self.ranked)) t
            WHERE rank <= ?3 OR player = ?1 ORDER BY rank
            """, [.text(player), .text(figure), .integer(HallOfFame.places), .text(assist.rawValue), .float(clock())])
        return rows.compactMap { row in
            guard let rank = row.column("rank")?.integer, let score = Self.double(row.column("score")) else { return nil }
            return HallOfFame.Standing(rank: rank, name: Self.displayName(row.column("name")), score: score,
                                       isOwn: row.column("own")?.integer == 1, isPlayingNow: row.column("playing")?.integer == 1)
        }
    }

    /// Whether `player` was seen playing within `HallOfFame.playingWindow` of the time bound as
    /// `?5`: a number (a text sorts above every number in SQLite), and not from further ahead
    /// than the window either, so a row with a date far off marks no one for ever.
    static func playingNow(_ player: String) -> String {
        """
        EXISTS (SELECT 1 FROM playing p WHERE p.player = \(player) AND typeof(p.seen_at) IN ('real', 'integer')
                AND p.seen_at BETWEEN ?5 - \(HallOfFame.playingWindow) AND ?5 + \(HallOfFame.playingWindow))
        """
    }

    /// A stored name if it is a valid display name (a name written by another program may not
    /// be); nil shows as `anonymous`.
    static func displayName(_ data: SQLiteData?) -> String? {
        guard let name = data?.string, name.count <= DisplayName.maximumLength, DisplayName.problem(name) == nil else {
            return nil
        }
        return name
    }
}
