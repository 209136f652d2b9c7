/// How a cell looks: colours from the terminal's palette and a few attributes. The presenter maps
/// these onto what the terminal can do (256, 16 or no colours).
public struct TextStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default,
                bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = TextStyle()

    /// Equal field by field, as the derived `==` was, compared as two integers: the presenter
    /// compares every cell's style with the last one drawn, and the derived comparison of the
    /// two colours' cases took some 40 instructions a cell (issue 35). Inlinable, so that the
    /// presenter's loop makes no call for it.
    @inlinable
    public static func == (x: TextStyle, y: TextStyle) -> Bool { x.bits == y.bits }

    /// Both colours and the four attributes in one integer (`TerminalColor.bits`).
    @inlinable
    var bits: UInt64 {
        UInt64(foreground.bits) | UInt64(background.bits) << 16 | (bold ? 1 << 32 : 0) | (dim ? 1 << 33 : 0)
            | (reverse ? 1 << 34 : 0) | (underline ? 1 << 35 : 0)
    }
}
