import CNcurses
import Files
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's part of `StandardStreams`: what `Soma.main` does first.
extension StandardStreams {
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
