/// One unit read from ncurses, before decoding: what `wget_wch` returned, with key codes already
/// named by `keyname()` (extended keys such as Ctrl-Right have different numbers under different
/// TERMs but stable names, docs/terminal.md §2).
enum RawInput: Hashable, Sendable {
    /// A character (or a control byte: raw mode delivers Ctrl-C as 3 and Ctrl-Z as 26).
    case character(Unicode.Scalar)
    /// A key code ncurses decoded from an escape sequence, by name: `KEY_UP`, `kRIT5`, `KEY_F(1)`.
    case keyName(String)
    /// The `ESC [ <` prefix of an SGR mouse report (registered with `define_key`).
    case mousePrefix
    /// The focus reports `ESC [ I` and `ESC [ O` (registered with `define_key`).
    case focusIn, focusOut
    case resize(ScreenSize)
    /// Nothing arrived within the wait the decoder asked for.
    case timeout
}
