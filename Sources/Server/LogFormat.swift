#if canImport(Glibc)
import Glibc
#endif

/// How the server's log lines are written (`--log-format`): `text`, one sentence a line for a
/// person or journald, or `json`, one object a line for a log shipper:
/// `{"time":"2026-11-26T20:41:00.123Z","event":"connect","message":"connect 127.0.0.1:50412"}`,
/// where `event` is the line's first word (connect, auth, disconnect, refused, exec, session,
/// full, listening, shutting, stopped).
public enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json

    /// `message` (already free of control characters) as one JSON object; `time` is seconds
    /// since 1970.
    static func json(_ message: String, at time: Double) -> String {
        let event = message.prefix { $0.isLetter }
        return "{\"time\":\"\(iso8601(time))\",\"event\":\"\(escaped(String(event)))\",\"message\":\"\(escaped(message))\"}"
    }

    /// A JSON string's body: quotes and backslashes escaped, any control left is written \u00XX.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// UTC, to the millisecond: 2026-11-26T20:41:00.123Z.
    static func iso8601(_ time: Double) -> String {
        guard time.isFinite, time >= 0, time < 253_402_300_800 else { return "1970-01-01T00:00:00.000Z" }
        var seconds = time_t(time)
        let millis = Int((time - Double(seconds)) * 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let ms = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms)Z"
    }

    /// Seconds since 1970 now.
    static func wallClock() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
