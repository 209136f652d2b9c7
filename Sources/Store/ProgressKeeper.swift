import Game
import Polycube

/// What a game needs of its saved progress, whichever keeps it: the SQLite file
/// (`ProgressStore`, on this machine or a single server) or the server the game runs under
/// (`RemoteStore`, `soma serve --database`, which writes to PostgreSQL). `SavedProgress` and the
/// hall of fame board use only this.
public protocol ProgressKeeper: AnyObject {
    /// Reads the player's progress; values that fail their checks are left out and said.
    func load(figure: (String) -> Figure?) throws(StoreError) -> ProgressStore.Loaded
    /// Merges what changed since the last load or save (`ProgressChange`).
    func save(_ progress: Game.Progress) throws(StoreError)
    func hallOfFame(figure: String, assist: Assist) throws(StoreError) -> HallOfFame
    func displayName() throws(StoreError) -> String?
    func chooseName(_ text: String) throws(StoreError) -> NameChoice
}

extension ProgressStore: ProgressKeeper {}
