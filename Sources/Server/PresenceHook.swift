/// Who is playing on this server now, told to the executable (issue 27: the hall of fame marks
/// them): the player keys (SSH key fingerprints) of the keyed game sessions running, never a
/// guest, a command (`ssh HOST solve ...`) or a watcher. Called on the server's event loop when
/// the set changes (within half a second) and every `PlayingNow.heartbeatSeconds` (20 s by default) as a
/// heartbeat, so rows written from it can expire when a server dies; it must return at once
/// (`SharedStore.PresenceReporter` writes on a queue of its own). The server knows no store.
public typealias PresenceHook = @Sendable (_ playing: Set<String>) -> Void
