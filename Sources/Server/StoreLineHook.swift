#if canImport(Glibc)
import Glibc
import Logging
#endif

/// The store's line of one game under `soma serve --database`: a Unix socket pair, one end the
/// game's descriptor 3 (`SOMA_STORE_FD=3`), the other handed to the executable's `Serve`, which
/// answers the game's requests (`SharedStore.StoreService`). The server knows no store: it only
/// makes the pair and says whose session it is, so a game can reach only its own player's
/// progress. Guests and commands get no line (nothing of theirs is kept).
public struct StoreLineHook {
    /// Called on the server's loop with the player's key and the server's end, which it owns.
    public typealias Serve = @Sendable (_ player: String, _ descriptor: CInt) -> Void

    let child: CInt
    let server: CInt
    let player: String
    let serve: Serve

    /// The pair for a keyed game, or nil (no `--database`, a guest, a command, or no socket).
    static func open(_ serve: Serve?, player: Player, isCommand: Bool) -> StoreLineHook? {
        guard let serve, !isCommand, case .key(let fingerprint) = player else { return nil }
        var ends: [CInt] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            ServerLog.logger.error("no store line for \(player): \(String(cString: strerror(errno)))")
            return nil
        }
        // posix_spawn's dup2 onto 3 would keep close-on-exec if the end already were 3.
        if ends[1] == 3 {
            let moved = fcntl(3, F_DUPFD_CLOEXEC, 4)
            close(3)
            ends[1] = moved
        }
        return StoreLineHook(child: ends[1], server: ends[0], player: fingerprint, serve: serve)
    }

    /// After the spawn: the child has its copy; the server's end goes to the store.
    func handOver() {
        close(child)
        serve(player, server)
    }

    /// The game did not start: both ends are closed.
    func abandon() {
        close(child)
        close(server)
    }
}
