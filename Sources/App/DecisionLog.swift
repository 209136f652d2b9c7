#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the game decided on its own, where a test can read it: one line per decision (the
/// theme it chose from the terminal's answer), appended to the file `SOMA_DECISION_LOG` names,
/// and nothing at all when it is unset. A test then asserts the decision itself instead of
/// inferring it from two screenshots (Tests/EndToEndTests/RealTerminalTests).
public enum DecisionLog {
    public static let variable = "SOMA_DECISION_LOG"

    /// Appends `line` to the log file, if there is one; a file that cannot be opened is left
    /// alone (the game never stops for its test log). Never follows a symbolic link.
    public static func note(_ line: String) {
        guard let value = getenv(variable) else { return }
        let path = String(cString: value)
        guard !path.isEmpty else { return }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The line for the theme in `style`, as it was chosen: by the player, or from what the
    /// terminal answered about its background (or did not).
    public static func theme(_ theme: String, chosen: Bool, answered: Bool) -> String {
        "theme \(theme): " + (chosen ? "chosen" : answered ? "the terminal's background" : "no answer from the terminal")
    }
}
