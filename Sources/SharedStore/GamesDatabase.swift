import Store

/// The games' own SQLite database in the server's state directory (`soma serve` without
/// `--database`), made or brought up to date when the server starts, for no player: the first
/// login's game made it before (10M instructions, 3-4 ms of that game's CPU, the other games of
/// the first burst waiting for its lock; issue 35).
public enum GamesDatabase {
    /// Nil when the database at `path` is ready; else what is wrong, for the log. The games say
    /// it to their players themselves, as before.
    public static func prepare(sqlite path: String) -> String? {
        do throws(StoreError) {
            try ProgressStore.makeSchema(path: path)
            return nil
        } catch {
            return error.description
        }
    }
}
