import PostgresNIO
import Store

/// The daily puzzles' results in PostgreSQL (tables `daily` and `daily_pento`, as in SQLite),
/// so a player's streak and the day's solves are the same on every instance. The merging rule
/// is `ProgressStore.recordDaily`'s: the first solve of the day makes the row, a later one
/// keeps the least time, moves and hints.
extension PostgresStore {
    /// Merges a checked row (`DailyRow.problem` is nil) for `player`.
    public func recordDaily(_ row: ProgressStore.DailyRow, kind: ProgressStore.DailyKind, player: String) async throws(SharedStoreError) {
        let now = clock()
        do {
            try await client.query("""
                INSERT INTO \(unescaped: kind.table) AS d (player, day, figure, grade, seconds, moves, hints, solved_at)
                VALUES (\(player), \(row.day), \(row.figure), \(Int32(row.grade)), \(row.seconds), \(Int64(row.moves)),
                        \(Int64(row.hints)), \(now))
                ON CONFLICT (player, day) DO UPDATE SET
                    seconds = least(d.seconds, excluded.seconds), moves = least(d.moves, excluded.moves),
                    hints = least(d.hints, excluded.hints)
                """, logger: logger)
        } catch {
            throw SharedStoreError.from(error)
        }
    }

    /// `player`'s results of `kind`, newest day first, at most `maxDailyResults`, on or before
    /// `through` when given (the streak's pages); rows no game could have written are left out
    /// (the game checks again).
    public func dailyResults(kind: ProgressStore.DailyKind, player: String,
                             through: String? = nil) async throws(SharedStoreError) -> [ProgressStore.DailyRow] {
        let last = ProgressStore.throughDay(through)
        do {
            let rows = try await client.query("""
                SELECT day, figure, grade, seconds, moves, hints FROM \(unescaped: kind.table)
                WHERE player = \(player) AND octet_length(day) = 10 AND octet_length(figure) <= 16 AND day <= \(last)
                ORDER BY day DESC LIMIT \(ProgressStore.maxDailyResults)
                """, logger: logger)
            var results: [ProgressStore.DailyRow] = []
            for try await (day, figure, grade, seconds, moves, hints) in rows.decode((String, String, Int32, Double, Int64, Int64).self) {
                guard let moves = Int(exactly: moves), let hints = Int(exactly: hints) else { continue }
                let row = ProgressStore.DailyRow(day: day, figure: figure, grade: Int(grade), seconds: seconds, moves: moves, hints: hints)
                if row.problem == nil { results.append(row) }
            }
            return results
        } catch {
            throw SharedStoreError.from(error)
        }
    }
}
