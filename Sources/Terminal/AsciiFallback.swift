/// The ASCII stand-in for a glyph a terminal whose locale is not UTF-8 cannot show: box
/// drawing becomes `+-|`, block shades the ascii renderer's own shades, and anything else
/// unknown a `?`. Without it ncurses drops such characters, so under `LANG=C` the help box
/// lost its border and the legend its swatches (issue 13); with it every screen stays
/// readable, whichever glyphs it was drawn with.
enum AsciiFallback {
    static func glyph(for glyph: Character) -> Character {
        guard let scalar = glyph.unicodeScalars.first, scalar.value >= 128 else { return glyph }
        switch scalar {
        case "─", "━", "╴", "╶", "═": return "-"
        case "│", "┃", "╵", "╷", "║": return "|"
        case "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼", "╭", "╮", "╯", "╰": return "+"
        case "╱": return "/"
        case "╲": return "\\"
        case "█", "▀", "▄": return "#"
        case "▓": return "%"
        case "▒": return "="
        case "░": return ":"
        case "·", "•", "…": return "."
        case "×": return "x"
        case "→", "▶", "›": return ">"
        case "←", "◀", "‹": return "<"
        case "↑", "▲": return "^"
        case "↓", "▼": return "v"
        case "–", "—": return "-"
        default: return "?"
        }
    }
}
