import Logging
import NIOCore

/// Watching (`ssh HOST watch NAME`): the server's side. A game says through a note in its
/// output (`HostNoteFilter`) that its player lets others watch as NAME, or no longer does; a
/// watcher gets a copy of that game's output, bounded by `WatcherQueue`: a session of this
/// instance that runs no child (`SessionWatcher.watched`), or another instance of the cluster
/// asking for a watcher of its own (`PeerWatcher`, `--peer-listen`); the game is told how many
/// watch (`GameSession.tellGame`), and says so on its player's bottom line. The rules are
/// `WatchRoster`'s; everything here runs on the server's one event loop.
extension ServerState {
    /// A note from a game: `watch on NAME` or `watch off`; anything else is ignored.
    func note(_ text: String, from game: GameSession) {
        if text.hasPrefix("watch on "), game.watching == nil {
            let name = String(text.dropFirst("watch on ".count).prefix(64))
            end(roster.allow(game: game.id, name: name), .replaced, saying: "soma: \(name) started another game; stopped watching")
            watchSessions[game.id] = game
            ServerLog.logger.info("watchable \(game.address) as \(name)")
        } else if text == "watch off" {
            end(roster.disallow(game: game.id), .disallowed, saying: "soma: the player stopped letting others watch")
            watchSessions[game.id] = nil
            game.watchers = []
            ServerLog.logger.info("not watchable \(game.address)")
        }
    }

    /// A watch request: the watcher is added to the game's and the game told, or why not.
    func watchGame(named name: String, by watcher: any Watcher) -> WatchRoster.Answer {
        let answer = roster.watch(name: name, watcher: watcher.id)
        if case .watch(let id, _) = answer, let game = watchSessions[id] {
            watchers[watcher.id] = watcher
            game.watchers.append(watcher)
            game.tellGame(watchers: game.watchers.count)
        }
        return answer
    }

    /// A watcher left (or was let go).
    func watcherLeft(_ watcher: any Watcher) {
        watchers[watcher.id] = nil
        guard let id = roster.leave(watcher: watcher.id), let game = watchSessions[id] else { return }
        game.watchers.removeAll { $0 === watcher }
        game.tellGame(watchers: game.watchers.count)
    }

    /// A game ended: its watchers are told.
    func gameEnded(_ game: GameSession) {
        guard watchSessions[game.id] === game else { return }
        end(roster.disallow(game: game.id), .ended, saying: "soma: the game ended; stopped watching")
        watchSessions[game.id] = nil
        game.watchers = []
    }

    /// A number for a watcher that is no connection of this instance (a peer's), from the same
    /// count as the connections', so the roster's ids never clash.
    func newWatcherID() -> Int {
        takeID()
    }

    private func end(_ ids: [Int], _ ending: PeerWire.Ending, saying line: String) {
        for id in ids {
            guard let watcher = watchers.removeValue(forKey: id) else { continue }
            watcher.stopWatching(ending, saying: line)
        }
    }
}

/// Someone who gets a copy of a watched game's output: a session of this instance
/// (`SessionWatcher`) or a peer instance's watcher (`PeerWatcher`).
protocol Watcher: AnyObject {
    /// Its number in the roster.
    var id: Int { get }
    /// The game's output (host notes taken out).
    func watched(_ bytes: ByteBuffer)
    /// The game or the permission ended (`line` is what a local watcher is told; a peer sends
    /// `ending` on and its own instance says it).
    func stopWatching(_ ending: PeerWire.Ending, saying line: String)
}
