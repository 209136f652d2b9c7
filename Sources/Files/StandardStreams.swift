import Polycube
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The three standard streams, used so that a stream that cannot be written never crashes soma
/// and never passes for success.
///
/// Foundation's `FileHandle.write(_:)` traps when the write fails, so `soma solve x 2>/dev/full`
/// died of SIGILL; and text printed to a full disk or a closed descriptor was lost while soma
/// exited 0. Here errors go out with write(2) (a failure is ignored: the exit status still tells),
/// and standard output is checked once, at exit: if any of it could not be written, soma says so
/// and exits with `outputFailedStatus` instead of 0 (`prepare`, in the executable).
public enum StandardStreams {
    /// The exit status when standard output could not be written (sysexits' EX_IOERR).
    public static let outputFailedStatus: Int32 = 74

    /// Writes `message` and a newline to standard error.
    /// Every message passes `UntrustedText` here, the last gate before the terminal: whatever
    /// outside text a message quotes (a name, a path, a reason SQLite gave), no escape sequence
    /// or bidirectional override reaches the terminal; line feeds and tabs stay.
    public static func printError(_ message: String) {
        writeError(UntrustedText.shown(message, limit: .max, keepingLines: true) + "\n")
    }

    /// Ends the process with `status`, standard output flushed and checked as at every exit
    /// (C's `exit`, which runs the check `prepare` installed).
    public static func exitProcess(status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #elseif canImport(Musl)
        Musl.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }

    /// Writes `text` to standard error as it is (progress lines that redraw themselves).
    /// Straight to descriptor 2 with write(2), as unbuffered as C's `stderr` (C's `stderr` is
    /// global mutable state Swift 6 will not touch); a failed write is given up, not retried.
    public static func writeError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
