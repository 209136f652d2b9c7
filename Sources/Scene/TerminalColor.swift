/// A colour of the terminal palette: the terminal's default, or an index 0-255 (0-15 are the
/// ANSI colours every colour terminal has; 16-255 the xterm 256-colour cube and greys).
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case index(UInt8)
}
