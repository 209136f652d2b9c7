import CNcurses
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
/// exited 0. Here errors go out with `fputs` (a failure is ignored: the exit status still tells),
/// and standard output is checked once, at exit: if any of it could not be written, soma says so
/// and exits with `outputFailedStatus` instead of 0.
enum StandardStreams {
    /// The exit status when standard output could not be written (sysexits' EX_IOERR).
    static let outputFailedStatus: Int32 = 74

    /// Writes `message` and a newline to standard error.
    /// Every message passes `UntrustedText` here, the last gate before the terminal: whatever
    /// outside text a message quotes (a name, a path, a reason SQLite gave), no escape sequence
    /// or bidirectional override reaches the terminal; line feeds and tabs stay.
    static func printError(_ message: String) {
        writeError(UntrustedText.shown(message, limit: .max, keepingLines: true) + "\n")
    }

    /// Writes `text` to standard error as it is (progress lines that redraw themselves).
    static func writeError(_ text: String) {
        cn_write_stderr(text)
    }

    /// Makes descriptors 0-2 safe before anything else opens a file, and arranges the check of
    /// standard output at exit.
    ///
    /// A closed descriptor would be handed to the next file opened (the progress database,
    /// say), and output meant for the terminal would go into that file: a closed standard input
    /// or error is pointed at /dev/null; a closed standard output, where every command writes,
    /// ends soma at once with a message.
    static func prepare() {
        if fcntl(0, F_GETFD) == -1 { _ = open("/dev/null", O_RDONLY) }
        let outputClosed = fcntl(1, F_GETFD) == -1
        if outputClosed { _ = open("/dev/null", O_WRONLY) }
        if fcntl(2, F_GETFD) == -1 { _ = open("/dev/null", O_WRONLY) }
        if outputClosed {
            printError("soma: standard output is closed; nothing could be shown")
            exit(outputFailedStatus)
        }
        // A terminal that went away (a lost connection) is not an output error of the command:
        // the signal that came with it sets the exit status.
        guard isatty(1) == 0 else { return }
        atexit {
            guard cn_stdout_failed() != 0 else { return }
            let reason = String(cString: strerror(errno))
            cn_write_stderr("soma: cannot write the output: \(reason)\n")
            _exit(StandardStreams.outputFailedStatus)
        }
    }
}
