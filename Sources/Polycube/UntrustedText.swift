/// Text that came from outside (a file, the database, a checkpoint, a shard line, a setting, a
/// player's name) made safe to show on a terminal: the one sanitiser every message and table
/// passes such text through.
///
/// A terminal obeys what it is sent. `ESC[2J` clears it, `ESC]0;…` retitles it, a NUL or a C1
/// control may end what a row shows, and the bidirectional controls (U+202E RIGHT-TO-LEFT
/// OVERRIDE and its kin) reorder what follows, so that one name can pose as another. Each such
/// character is shown as its code, `\u{1b}`, visible and inert; the text is cut at a length so
/// that a line of a file taken for something else is never echoed whole.
public enum UntrustedText {
    /// `text` with every control, format or bidirectional character escaped, at most `limit`
    /// characters of it (then `…`).
    /// `keepingLines` keeps line feeds and tabs (a message of several lines), escaping the rest.
    public static func shown(_ text: some StringProtocol, limit: Int = 200, keepingLines: Bool = false) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit { return out + "…" }
            if isUnsafe(scalar) && !(keepingLines && (scalar == "\n" || scalar == "\t")) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// True for what a terminal would act on or reorder by rather than show: C0 and C1
    /// controls and DEL, the bidirectional marks, embeddings, overrides and isolates, the
    /// line and paragraph separators, and the byte-order mark / zero-width no-break space.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// True when `text` holds nothing `shown` would change (shorter than the limit aside).
    public static func isSafe(_ text: some StringProtocol) -> Bool {
        !text.unicodeScalars.contains(where: isUnsafe)
    }
}
