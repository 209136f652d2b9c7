#if canImport(Glibc)
import Glibc
#endif

/// One line per event to standard error (journald adds the time): connections, authentication
/// and disconnects, never key material (a key is named by its fingerprint only). With
/// `--log-format json` each line is one JSON object (`LogFormat`), for a log shipper.
public enum ServerLog {
    /// Set once, before the server starts its threads.
    nonisolated(unsafe) public static var format = LogFormat.text

    public static func line(_ text: String) {
        // Control characters from a client (a user name, a TERM) never reach the log raw.
        // Nor more than a line's worth of what an error quotes.
        let clean = String(text.unicodeScalars.prefix(400).map { $0.value < 0x20 || $0.value == 0x7f ? "?" : Character($0) })
        let line = switch format {
        case .text: "soma serve: " + clean
        case .json: LogFormat.json(clean, at: LogFormat.wallClock())
        }
        // One write(2) per line: lines of concurrent writers never interleave.
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
