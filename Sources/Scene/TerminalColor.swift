/// A colour of the terminal palette: the terminal's default, or an index 0-255 (0-15 are the
/// ANSI colours every colour terminal has; 16-255 the xterm 256-colour cube and greys).
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case index(UInt8)

    /// The colour as an integer, one for each colour: its index, or 256 for the default.
    @inlinable
    var bits: UInt16 {
        switch self {
        case .default: 256
        case .index(let i): UInt16(i)
        }
    }
}
