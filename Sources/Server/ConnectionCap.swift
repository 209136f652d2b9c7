import NIOCore

/// How many connections a side listener (`--health`, `--metrics`) holds open at once: past
/// `limit` a new one is closed at once, so clients that connect and hold (or a scraper gone
/// wrong) can never use up the descriptors the players' sessions need. Each connection is also
/// closed after its own deadline by its listener. Counted on the server's one event loop, where
/// every child channel of its group lives, so it needs no lock.
final class ConnectionCap: @unchecked Sendable {
    let limit: Int
    private(set) var open = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts `channel` until it closes; false (and the channel closed) when `limit` are open.
    func admit(_ channel: Channel) -> Bool {
        guard open < limit else {
            channel.close(promise: nil)
            return false
        }
        open += 1
        channel.closeFuture.whenComplete { _ in self.open -= 1 }
        return true
    }
}
