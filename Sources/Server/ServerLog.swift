#if canImport(Glibc)
import Glibc
#endif

/// One line per event to standard error (journald adds the time): connections, authentication
/// and disconnects, never key material (a key is named by its fingerprint only).
enum ServerLog {
    static func line(_ text: String) {
        // Control characters from a client (a user name, a TERM) never reach the log raw.
        // Nor more than a line's worth of what an error quotes.
        let clean = String(text.unicodeScalars.prefix(400).map { $0.value < 0x20 || $0.value == 0x7f ? "?" : Character($0) })
        // One write(2) per line: lines of concurrent writers never interleave.
        let bytes = Array(("soma serve: " + clean + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
