import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The server's swift-log backend: every `Logger` the server (and its PostgreSQL client) writes
/// through ends here, as one line per event on standard error (journald adds the time), in the
/// format the operator chose (`--log-format`). Being a `LogHandler` is what lets levels
/// (`--log-level`) and metadata work as in any other Swift server, and lets a program that embeds
/// the server put its own backend in instead.
///
/// Lines are made safe here, whoever logs: control characters from a client (a user name, a TERM,
/// an error quoting what a peer sent) become `?`, and no line quotes more than 400 characters of a
/// message. Key material is never logged (a key is named by its fingerprint only): that is the
/// callers' rule.
public struct ServerLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    /// Text or JSON.
    let format: LogFormat
    /// Where a whole line (its line feed included) goes; standard error outside the tests.
    let output: @Sendable (String) -> Void
    /// Seconds since 1970, for JSON's `time`; the wall clock outside the tests.
    let clock: @Sendable () -> Double

    public init(format: LogFormat) {
        self.init(format: format, output: Self.standardError, clock: LogFormat.wallClock)
    }

    init(format: LogFormat, output: @escaping @Sendable (String) -> Void, clock: @escaping @Sendable () -> Double) {
        self.format = format
        self.output = output
        self.clock = clock
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = metadata
        if let more = event.metadata { fields.merge(more) { _, new in new } }
        output(line(event.message.description, level: event.level, metadata: fields) + "\n")
    }

    /// One event as the line written, without its line feed.
    func line(_ message: String, level: Logger.Level, metadata: Logger.Metadata) -> String {
        let clean = Self.clean(message)
        let fields = metadata.map { (Self.clean($0.key), Self.clean("\($0.value)")) }
        switch format {
        case .text:
            // The text line is what it was before levels existed ("soma serve: connect ..."), so
            // that greps and journald filters keep working; metadata follows in brackets.
            let extra = fields.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
            return "soma serve: " + clean + (extra.isEmpty ? "" : " [\(extra)]")
        case .json:
            return LogFormat.json(clean, level: level, metadata: fields, at: clock())
        }
    }

    /// At most 400 characters of `text`, with control characters as `?`.
    static func clean(_ text: String) -> String {
        String(text.unicodeScalars.prefix(400).map { $0.value < 0x20 || $0.value == 0x7f ? "?" : Character($0) })
    }

    /// One write(2) per line: lines of concurrent writers never interleave.
    @Sendable static func standardError(_ line: String) {
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
