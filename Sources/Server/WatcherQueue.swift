/// The bytes of a watched game on their way to one watcher, counted so that a slow watcher can
/// never slow the player: the game's output is never held back for a watcher; a watcher whose
/// unsent bytes would pass `limit` is let go instead (it would only see the game late).
struct WatcherQueue: Equatable {
    let limit: Int
    /// Written to the watcher's channel and not yet sent on.
    private(set) var pending = 0

    /// A watcher may fall this far behind: a few full repaints of a large terminal.
    static let standardLimit = 256 * 1024

    init(limit: Int = WatcherQueue.standardLimit) {
        self.limit = limit
    }

    /// `bytes` more to send: false when they would put the watcher too far behind (nothing is
    /// counted then; the watcher is to be let go).
    mutating func offer(_ bytes: Int) -> Bool {
        guard bytes >= 0, pending <= limit - bytes else { return false }
        pending += bytes
        return true
    }

    /// `bytes` offered earlier have been sent.
    mutating func sent(_ bytes: Int) {
        pending = max(0, pending - bytes)
    }
}
