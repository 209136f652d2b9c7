/// A key press as the games understand it. The terminal decodes ncurses key codes into this
/// (Shift-arrows arrive as `KEY_SR`/`KEY_SF`/`KEY_SLEFT`/`KEY_SRIGHT`, Shift-Tab as `KEY_BTAB`,
/// Ctrl-letters as bytes 1-26 in raw mode), so the key maps stay pure and testable.
public enum Key: Hashable, Sendable {
    /// A printable character, exactly as typed (so `E` is Shift-e).
    case character(Character)
    /// Ctrl with a letter, given in lower case: `.control("r")` is Ctrl-R.
    case control(Character)
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case pageUp, pageDown
    case home
    case tab, backTab
    case enter, escape, backspace
}
