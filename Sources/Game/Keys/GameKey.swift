/// A key press as the games understand it. The terminal maps its decoded `Terminal.KeyPress`
/// onto this (Shift-arrows, Shift-Tab, Ctrl-letters folded into single cases), so the key maps
/// stay pure and testable, and the game does not depend on the terminal layer.
public enum GameKey: Hashable, Sendable {
    /// A printable character, exactly as typed (so `E` is Shift-e).
    case character(Character)
    /// Ctrl with a letter, given in lower case: `.control("r")` is Ctrl-R.
    case control(Character)
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case pageUp, pageDown
    case home, end
    case tab, backTab
    case enter, escape, backspace
    /// The Delete key (the designer removes with it, as with Backspace).
    case delete
}
