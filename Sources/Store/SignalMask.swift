#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs code with the terminal's signals blocked in the calling thread, so that the threads it
/// starts inherit the block. The game waits for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT
/// and SIGWINCH on its own thread: a signal the kernel handed to a database worker thread would
/// set the flag but not wake the game's wait, and the game would answer it up to a second late.
enum SignalMask {
    static func blockingTerminalSignals<T>(_ body: () -> T) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH, SIGPIPE] {
            sigaddset(&blocked, signal)
        }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
