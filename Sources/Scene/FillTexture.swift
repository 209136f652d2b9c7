/// The fill that tells a piece from the others where colour cannot (`NO_COLOR`, eight colours,
/// ascii), as hatching does on a map printed in black and white (issue 34): solid, vertical
/// bars, horizontal bars, diagonal hatching, dots, a grid and a checker.
///
/// The pattern lives inside the glyphs (`▌`, `▃`, `◢`, `●`, `┼`, `▚`), not in which cells of a
/// face are lighter: a cube's face is a few cells across, too few for a pattern of cells to
/// read as anything but speckle (seen in a real xterm), while a glyph's own pattern reads in
/// every cell. No two fills are of one kind of glyph: Z's and A's diagonal stripes of quadrants
/// (`▛▗`, `▜▖`) beside P's checker (`▚`) were three small quadrant speckles at 80x24 that a
/// player told apart only by their letters (issue 34, round 7); a triangle's slope (`◢`, a
/// saw of rising edges) and a round dot (`●`) are shapes of their own. `╱╲` would be the slash
/// art of issue 25, and no cell of a fill is blank, so a piece's outline (a gap) stays its own.
/// Faces of the three turns keep their shade: the horizontal bars thin with the light (`▃▂▁`;
/// not the half block `▄`, which says "block cells"), and every other fill is bold on a lit
/// face and faint on a dark one (V a faint `█` there).
public enum FillTexture: UInt8, CaseIterable, Sendable {
    case solid, columns, rows, diagonals, dots, grid, checks

    /// The texture of a piece colour: the palette's entry, so Soma's seven pieces (V L T Z A B
    /// P, entries 0...6) each get their own; grey pieces are solid.
    public static func of(_ color: PieceColor) -> FillTexture {
        switch color {
        case .neutral: .solid
        case .palette(let n): FillTexture(rawValue: UInt8(((n % 7) + 7) % 7)) ?? .solid
        }
    }

    /// The glyph of a face at light `level` (1 dark ... 3 lit; others clamped), on the even
    /// cells of the screen's checker (column + row even) or, `odd`, on the others (every fill
    /// is one glyph in both now; the checker stays for a fill of two). In ascii one
    /// character a texture, none an edge's (`-|/\`), the veil's `.`, a refusal's `x`, a
    /// footprint's `~` or a dead end's `!`; the light then shows in bold and faint alone.
    public func glyph(level: Int, unicode: Bool, odd: Bool = false) -> Character {
        let l = min(3, max(1, level))
        guard unicode else {
            switch self {
            case .solid: return "#"
            case .columns: return ":"
            case .rows: return "="
            case .diagonals: return "%"
            case .dots: return "*"
            case .grid: return "+"
            case .checks: return "$"
            }
        }
        switch self {
        case .solid: return "█"
        case .columns: return "▌"
        case .rows: return l == 3 ? "▃" : (l == 2 ? "▂" : "▁")
        case .diagonals: return "◢"
        case .dots: return "●"
        case .grid: return "┼"
        case .checks: return "▚"
        }
    }

    /// Whether the glyph alone shows the face's light (it thins with it); if not, bold on a lit
    /// face and faint on a dark one do. The solid fill does not thin (`▓▒`, drawn by a real
    /// xterm as stipples, read as the veil's `░` beside them) nor do the columns (`▏`, an
    /// eighth of a cell, left L as a few hairlines at 80x24; issue 34, round 4).
    public func thins(unicode: Bool) -> Bool { unicode && self == .rows }

    /// A short sample of the fill, for the legend beside the piece's letter.
    public func swatch(unicode: Bool) -> String {
        String([glyph(level: 3, unicode: unicode), glyph(level: 3, unicode: unicode, odd: true)])
    }
}
