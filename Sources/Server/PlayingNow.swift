/// Who is in a game on this server, as a value (unit-tested in
/// `Tests/ServerTests/PlayingNowTests.swift`): the keyed game sessions by session id, and when
/// the set must be told (`PresenceHook`): at once when it changed, else every
/// `heartbeatSeconds` while anyone plays, so that a reader can tell a server that stopped
/// saying from one whose players are still there. An idle server says nothing (it starts with
/// nobody told), so it writes nothing. A player with two sessions counts once, until both end.
struct PlayingNow {
    /// How often an unchanged set is told again: a third of the window readers count a player
    /// for after (`HallOfFame.playingWindow`, 60 s, or `soma serve --playing-window`;
    /// `ServeConfiguration.presenceHeartbeatSeconds`), so a
    /// player is counted across two missed heartbeats.
    let heartbeatSeconds: Double

    init(heartbeatSeconds: Double = ServeConfiguration.defaultPresenceHeartbeatSeconds) {
        self.heartbeatSeconds = heartbeatSeconds
    }

    private var sessions: [Int: String] = [:]
    private var told: Set<String> = []
    private var toldAt = 0.0

    /// A session's child started: a game (not `isCommand`) of a keyed player counts; a guest's
    /// or a command's does not.
    mutating func started(session: Int, player: Player, isCommand: Bool) {
        guard !isCommand, case .key(let fingerprint) = player else { return }
        sessions[session] = fingerprint
    }

    /// The session ended (whatever it was).
    mutating func ended(session: Int) {
        sessions[session] = nil
    }

    /// The players in a game now.
    var players: Set<String> { Set(sessions.values) }

    /// The set to tell at `now` (monotonic seconds), or nil when there is nothing to tell yet.
    mutating func due(now: Double) -> Set<String>? {
        let players = self.players
        guard players != told || (!players.isEmpty && now - toldAt >= heartbeatSeconds) else { return nil }
        told = players
        toldAt = now
        return players
    }
}
