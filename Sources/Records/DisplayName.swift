/// The name a player shows in the hall of fame instead of their key: chosen once, checked here
/// (the prompt checks as the player types, the store again before it writes).
///
/// Only ASCII letters and digits, spaces, `-`, `_` and `.`: every one is one column wide, so the
/// tables stay aligned, and no two names can look alike while differing in hidden or
/// look-alike characters. Names are unique without regard to case ("Ann" and "ann" are one
/// name), and the words the tables use for players without a name are reserved.
public enum DisplayName {
    public static let maximumLength = 20

    /// What a player without a name is shown as.
    public static let anonymous = "anonymous"

    /// Names nobody may take: they would read as a player without a name, a guest or oneself.
    static let reserved: Set<String> = [anonymous, "guest", "you"]

    public static func isAllowed(_ c: Character) -> Bool {
        guard c.isASCII else { return false }
        return c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." || c == " "
    }

    /// The name as it is stored and compared: without leading and trailing spaces.
    public static func normalized(_ text: String) -> String { text.trimmingSpaces }

    /// The key two names are the same under: lower case.
    public static func folded(_ name: String) -> String { normalized(name).lowercased() }

    /// Why `text` cannot be a name, in words for the bottom line; nil when it can.
    public static func problem(_ text: String) -> String? {
        let name = normalized(text)
        if name.isEmpty { return "Type a name first (Esc cancels)" }
        if name.count > maximumLength { return "A name has at most \(maximumLength) characters" }
        if !name.allSatisfy(isAllowed) { return "A name may hold letters a-z, digits, spaces, - _ and ." }
        if reserved.contains(folded(name)) { return "\"\(name)\" is kept for players without a name: choose another" }
        return nil
    }
}
