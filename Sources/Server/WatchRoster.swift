/// Who may be watched and who watches whom (`ssh HOST watch NAME`), as a value: the rules,
/// unit-tested without sockets (`Tests/ServerTests/WatchRosterTests.swift`). A game is listed
/// only while its player lets others watch (the game's key; the game tells the server its
/// player's display name); a watcher names that name, compared without regard to case as the
/// names table does. A game takes at most `maxWatchersPerGame`; a refusal never says whether
/// the player is online when they have not allowed it.
struct WatchRoster {
    var maxWatchersPerGame: Int

    /// The games that may be watched: folded name -> the game's session id.
    private var allowed: [String: Int] = [:]
    /// The name each such game is watched by, as the player wrote it.
    private var names: [Int: String] = [:]
    /// Each watcher's game.
    private var watching: [Int: Int] = [:]

    init(maxWatchersPerGame: Int = 8) {
        self.maxWatchersPerGame = maxWatchersPerGame
    }

    /// What a watch request gets.
    enum Answer: Equatable {
        case watch(game: Int, name: String)
        case refused(String)
    }

    /// Game `game` lets others watch it as `name`; a game of the same name allowed before (the
    /// same player in another session) is replaced: its watchers are answered, to be ended.
    mutating func allow(game: Int, name: String) -> [Int] {
        var ended = disallow(game: game)
        let key = Self.folded(name)
        if let other = allowed[key], other != game { ended += disallow(game: other) }
        allowed[key] = game
        names[game] = name
        return ended
    }

    /// Game `game` no longer lets others watch (or it ended): its watchers, to be ended.
    mutating func disallow(game: Int) -> [Int] {
        guard let name = names.removeValue(forKey: game) else { return [] }
        allowed[Self.folded(name)] = nil
        let ended = watching.filter { $0.value == game }.map(\.key).sorted()
        for watcher in ended { watching[watcher] = nil }
        return ended
    }

    /// Watcher `watcher` asks to watch `name`.
    mutating func watch(name: String, watcher: Int) -> Answer {
        guard watching[watcher] == nil else { return .refused("soma: you are watching a game already") }
        guard let game = allowed[Self.folded(name)], let shown = names[game] else {
            return .refused("soma: no one named '\(name)' lets others watch just now (a player allows it with W)")
        }
        guard watchers(of: game) < maxWatchersPerGame else {
            return .refused("soma: \(shown) has \(maxWatchersPerGame) watchers already; please try again later")
        }
        watching[watcher] = game
        return .watch(game: game, name: shown)
    }

    /// Watcher `watcher` left: the game it watched, if any.
    mutating func leave(watcher: Int) -> Int? {
        watching.removeValue(forKey: watcher)
    }

    /// Whether a game of this name lets others watch (on this instance).
    func lists(_ name: String) -> Bool {
        allowed[Self.folded(name)] != nil
    }

    func watchers(of game: Int) -> Int {
        watching.values.count { $0 == game }
    }

    static func folded(_ name: String) -> String {
        name.lowercased()
    }
}
