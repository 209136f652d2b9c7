#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Logging

/// How the server's log lines are written (`--log-format`): `text`, one sentence a line for a
/// person or journald, or `json`, one object a line for a log shipper:
/// `{"event":"connect","level":"info","message":"connect 127.0.0.1:50412","time":"2026-11-26T20:41:00.123Z"}`,
/// where `event` is the line's first word (connect, auth, disconnect, refused, exec, session,
/// full, listening, shutting, stopped) and `level` swift-log's (`--log-level`). A logger's
/// metadata, if any, adds keys of its own (never one of those four).
public enum LogFormat: String, Sendable, CaseIterable {
    case text
    case json

    /// `message` (already free of control characters) as one JSON object, keys in order;
    /// `time` is seconds since 1970.
    static func json(_ message: String, level: Logger.Level, metadata: [(String, String)] = [], at time: Double) -> String {
        var object = [String: String]()
        for (key, value) in metadata { object[key] = value }
        object["event"] = String(message.prefix { $0.isLetter })
        object["level"] = level.rawValue
        object["message"] = message
        object["time"] = iso8601(time)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings always encode; the fallback only keeps the type total.
        return (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
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
