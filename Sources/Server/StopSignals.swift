import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP as calls of one action on a queue of their own (the server's
/// shutdown), through a pipe the signal handler writes a byte to.
///
/// Why not `DispatchSource.makeSignalSource`: on Linux its signal is registered later, on
/// libdispatch's own thread, and the signal must be ignored meanwhile, so one that comes in that
/// window is dropped. Measured here: a SIGTERM sent at once after `resume()` was lost 49 times
/// in 50, and on a loaded CI machine the window was long enough for a test's SIGTERM, sent as soon
/// as "listening on" was logged, to leave the server running. A handler installed with
/// `signal()` is in place when the call returns.
enum StopSignals {
    /// The pipe's write end, for the handler (a global: a C handler captures nothing). Set once,
    /// before any handler is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handlers of `signals`; `action` runs on a queue of its own once per signal.
    /// Call once a process (a second call takes the handlers over to its own action).
    static func install(_ signals: [Int32] = [SIGTERM, SIGINT, SIGHUP],
                        _ action: @escaping @Sendable () -> Void) throws(ServeError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ServeError("cannot watch for signals: \(String(cString: strerror(errno)).lowercased())")
        }
        let readEnd = ends[0]
        // Neither end reaches a game (close on exec); only the writer must never block (a
        // handler cannot wait), the reader waits for a byte.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        writeEnd = ends[1]
        // The reader holds one thread of its own for the process's life, blocked in read(2).
        DispatchQueue(label: "soma-server signals").async {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 { action() } else if count == -1 && errno == EINTR { continue } else { return }
            }
        }
        for number in signals {
            signal(number) { _ in
                let saved = errno
                var byte: UInt8 = 1
                _ = write(StopSignals.writeEnd, &byte, 1)
                errno = saved
            }
        }
    }
}
