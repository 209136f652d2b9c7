#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the terminal for its background colour (OSC 11), before ncurses takes it: the one
/// place where the query meets the terminal. The answer is read in raw mode with a deadline,
/// then the terminal's modes are put back as they were.
enum BackgroundQuery {
    /// OSC 11 query, then the primary device attributes query, which every terminal answers:
    /// its reply says that no OSC 11 answer is coming.
    static let query = "\u{1b}]11;?\u{1b}\\\u{1b}[c"

    /// How long to wait: a local terminal answers within a few milliseconds; over SSH the
    /// round trip is the network's.
    static func timeout(environment: (String) -> String?) -> Int32 {
        environment("SSH_CONNECTION") != nil || environment("SSH_TTY") != nil ? 700 : 150
    }

    /// The background of the terminal on standard input and output, or nil when it does not say
    /// within `milliseconds` (or is no terminal).
    static func ask(waitingAtMost milliseconds: Int32) -> TerminalBackground? {
        guard isatty(0) == 1, isatty(1) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(0, TCSANOW, &raw) == 0 else { return nil }
        defer { _ = tcsetattr(0, TCSANOW, &saved) }

        let bytes = Array(query.utf8)
        guard bytes.withUnsafeBufferPointer({ write(1, $0.baseAddress, $0.count) }) == bytes.count else { return nil }

        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        while reply.count < TerminalBackground.maxReply && !TerminalBackground.holdsAttributesReply(reply) {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let elapsed = Int(now.tv_sec - start.tv_sec) * 1000 + Int(now.tv_nsec - start.tv_nsec) / 1_000_000
            let left = Int(milliseconds) - elapsed
            guard left > 0 else { break }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(left)) > 0 else { break }
            let n = read(0, &buffer, buffer.count)
            guard n > 0 else { break }
            reply += buffer[0..<n]
        }
        return TerminalBackground.parse(reply)
    }
}
