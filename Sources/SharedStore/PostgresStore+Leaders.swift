import PostgresNIO
import Records
import Store

/// `soma scores --database` without a figure: each figure's leaders in PostgreSQL, read across
/// every instance, as `ProgressStore.leaders` reads SQLite's, and whether each leader is in a
/// game now (the `playing` table, within the playing window).
extension PostgresStore {
    /// Each figure and assist with ranked solves: a table of one row per column (the best time,
    /// the fewest moves, each rank 1) and the number of players ranked. Ties go to whoever set
    /// the best first (no date counts as earliest), then to the player key, as in the full tables.
    public func leaders() async throws(SharedStoreError) -> [HallOfFame] {
        let now = clock()
        var best: [RecordKey: (time: HallOfFame.Standing?, moves: HallOfFame.Standing?, players: Int)] = [:]
        do {
            for column in ["best_seconds", "fewest_moves"] {
                let rows = try await client.query("""
                    SELECT figure, assist, name, score, players,
                           EXISTS (SELECT 1 FROM playing p WHERE p.player = t.player
                                   AND p.seen_at BETWEEN \(now - playingWindow) AND \(now + playingWindow)) FROM (
                        SELECT r.figure, r.assist, r.player, n.name, r.\(unescaped: column)::double precision AS score,
                               row_number() OVER (PARTITION BY r.figure, r.assist
                                                  ORDER BY r.\(unescaped: column), r.\(unescaped: column)_at NULLS FIRST, r.player) AS rank,
                               count(*) OVER (PARTITION BY r.figure, r.assist) AS players
                        FROM records r LEFT JOIN names n ON n.player = r.player
                        WHERE octet_length(r.figure) <= 1000 AND \(unescaped: Self.ranked)) t
                    WHERE rank = 1 ORDER BY figure, assist LIMIT \(Self.maxLeaders)
                    """, logger: logger)
                for try await (figure, assist, name, score, players, playing)
                    in rows.decode((String, String, String?, Double, Int64, Bool).self) {
                    guard let kind = Assist(rawValue: assist) else { continue }
                    let standing = HallOfFame.Standing(rank: 1, name: Self.shown(name), score: score, isPlayingNow: playing)
                    let key = RecordKey(figure, kind)
                    var entry = best[key] ?? (nil, nil, 0)
                    if column == "best_seconds" { entry.time = standing } else { entry.moves = standing }
                    entry.players = Int(clamping: players)
                    best[key] = entry
                }
            }
        } catch {
            throw SharedStoreError.from(error)
        }
        return best.keys.sorted().compactMap { key in
            guard let entry = best[key], let time = entry.time, let moves = entry.moves else { return nil }
            return HallOfFame(figure: key.figure, assist: key.assist, byTime: [time], byMoves: [moves], players: entry.players)
        }
    }

    /// The most figure-and-assist rows one listing reads (the catalog has a few dozen figures;
    /// players' own designs are bounded by this, not by what the table holds).
    static let maxLeaders = 5000
}
