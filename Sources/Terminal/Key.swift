/// A key, independent of how the terminal encoded it.
public enum Key: Hashable, Sendable {
    /// A printable character. Control-letter arrives as the lowercase letter with `.control`.
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    case backspace, enter, tab, escape
    /// F1...F24 (some terminals report Shift-F1 as F13).
    case function(Int)
}
