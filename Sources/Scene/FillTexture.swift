/// The fill pattern that tells a piece from the others where colour cannot (`NO_COLOR`, eight
/// colours, ascii), as hatching does on a map printed in black and white (issue 34). A face's
/// cells show its light shade, except the pattern's "holes", which show the shade two steps
/// lighter: solid, horizontal stripes, vertical stripes, rising and falling diagonals, dots and
/// a brick checker. The pattern is laid in screen cells, so it reads the same on every face of
/// a piece, and the shades still tell the three turns of the faces apart.
enum FillTexture: UInt8, CaseIterable, Sendable {
    case solid, rows, columns, rising, falling, dots, bricks

    /// The texture of a piece colour: the palette's entry, so Soma's seven pieces (V L T Z A B
    /// P, entries 0...6) each get their own; grey pieces are solid.
    static func of(_ color: PieceColor) -> FillTexture {
        switch color {
        case .neutral: .solid
        case .palette(let n): FillTexture(rawValue: UInt8(((n % 7) + 7) % 7)) ?? .solid
        }
    }

    /// Whether screen cell (column, row) is a hole of the pattern. Diagonals step one column a
    /// row (steeper than 45 degrees, as a row is about two columns tall): stepping two, rising
    /// and falling bands would be one pattern.
    @inline(__always)
    func isHole(column c: Int, row r: Int) -> Bool {
        switch self {
        case .solid: false
        case .rows: r & 1 == 1
        case .columns: c & 1 == 1
        case .rising: (c &+ r) & 3 < 2
        case .falling: (c &- r) & 3 < 2
        case .dots: c & 1 == 0 && r & 1 == 0
        case .bricks: (r & 1 == 0) != (c & 3 < 2)
        }
    }

    /// The hole of a face glyph: its shade two steps lighter (block shades and ascii alike), and
    /// never the veil's `.` (ascii): the dimmest faces get blank holes.
    static func hole(of glyph: Character) -> Character {
        switch glyph {
        case "█": "▒"
        case "▓", "▒": "░"
        case "░": " "
        case "#": "="
        case "%": "+"
        case "=": ":"
        case "+", ":", ".": " "
        default: glyph
        }
    }
}
