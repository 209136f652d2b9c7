import Scene

/// What ncurses is told for one cell's style at a given colour depth: palette indices and
/// attributes. Without colours, a cell with a coloured background is drawn in reverse video so
/// that solid pieces stay visible on a monochrome terminal.
struct CellAppearance: Hashable, Sendable {
    var foreground: Int
    var background: Int
    var bold: Bool
    var dim: Bool
    var reverse: Bool
    var underline: Bool

    init(_ style: TextStyle, depth: ColorDepth) {
        foreground = depth.index(of: style.foreground)
        background = depth.index(of: style.background)
        bold = style.bold
        dim = style.dim
        underline = style.underline
        reverse = style.reverse
        if depth == .none, style.background != .default { reverse.toggle() }
    }
}
