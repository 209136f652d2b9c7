/// Who is playing now (issue 27): the sessions keep `playing` (`PlayingNow`) as their games
/// start and end, and the sweep (every half second, on the server's loop) tells the
/// executable's `PresenceHook` when the set changed or the heartbeat is due.
extension ServerState {
    func tellPresence(now: Double) {
        guard let hook = configuration.presence, let players = playing.due(now: now) else { return }
        hook(players)
    }
}
