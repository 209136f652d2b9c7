import Records
import Polycube

/// What a game needs of its saved progress, whichever keeps it: the SQLite file
/// (`ProgressStore`, on this machine or a single server) or the server the game runs under
/// (`RemoteStore`, `soma serve --database`, which writes to PostgreSQL). `SavedProgress`, the
/// hall of fame board and the daily puzzles' records (`DailyRecord`) use only this, so a game
/// with a store line writes nothing to a file of its instance.
public protocol ProgressKeeper: AnyObject {
    /// Reads the player's progress; values that fail their checks are left out and said.
    func load(figure: (String) -> Figure?) throws(StoreError) -> ProgressStore.Loaded
    /// Merges what changed since the last load or save (`ProgressChange`).
    func save(_ progress: Records.Progress) throws(StoreError)
    func hallOfFame(figure: String, assist: Assist) throws(StoreError) -> HallOfFame
    func displayName() throws(StoreError) -> String?
    func chooseName(_ text: String) throws(StoreError) -> NameChoice
    /// Keeps a solve of a daily puzzle: the first of the day, each of time, moves and hints
    /// the least of the day's solves. A row that fails `DailyRow.problem` is not kept.
    func recordDaily(_ row: ProgressStore.DailyRow, kind: ProgressStore.DailyKind) throws(StoreError)
    /// This player's results of `kind`, newest day first, on or before `through` when given
    /// (for the streak, read page by page, and the share line).
    func dailyResults(kind: ProgressStore.DailyKind, through: String?) throws(StoreError) -> [ProgressStore.DailyRow]
}

extension ProgressStore: ProgressKeeper {}
