import Logging

/// The logger the whole server writes through: one line per event on standard error (journald
/// adds the time): connections, authentication and disconnects, never key material (a key is
/// named by its fingerprint only). Its backend is `ServerLogHandler`; with `--log-format json`
/// each line is one JSON object (`LogFormat`), for a log shipper; `--log-level` drops the lines
/// below a level (`info` by default: every connection; `notice` keeps refusals, start and stop;
/// `warning` only what went wrong).
///
/// A logger of its own rather than `LoggingSystem.bootstrap`, which a process may call only once:
/// the tests make servers with different formats in one process.
public enum ServerLog {
    /// Set once, by `use(format:level:)`, before the server starts its threads.
    nonisolated(unsafe) public private(set) static var logger = make(format: .text, level: .info)

    /// From now on, lines in `format`, from `level` up.
    public static func use(format: LogFormat, level: Logger.Level) {
        logger = make(format: format, level: level)
    }

    static func make(format: LogFormat, level: Logger.Level) -> Logger {
        var logger = Logger(label: "soma.serve") { _ in ServerLogHandler(format: format) }
        logger.logLevel = level
        return logger
    }
}
