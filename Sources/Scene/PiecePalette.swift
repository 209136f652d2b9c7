import Polycube

/// The colours pieces are drawn in, fixed so that a piece keeps its colour across runs, views
/// and styles: sixteen hues, so that no two pieces of a set share one (the Soma pieces use
/// entries 0-6, the pentominoes 0-11, Bedlam's thirteen 0-12).
///
/// Each colour comes in shades for the orientation of a face to the light: `level` 3 is a face
/// turned to the light, 2 and 1 are faces turned away, 0 is the edge colour.
public enum PiecePalette {
    /// Which set of hues: the standard one, or one a colour-blind player can tell apart.
    public enum Scheme: String, Hashable, Sendable, CaseIterable {
        case standard
        /// Okabe and Ito's eight colours for colour-blind readers (less black) for the first
        /// seven entries, so the seven Soma pieces differ for every kind of colour vision;
        /// then paler and greyer variants, told apart by lightness (and by the letters).
        case colorblind
    }

    /// Base colours as xterm 6x6x6 cube coordinates (each 0...5).
    static let cube: [(r: Int, g: Int, b: Int)] = [
        (5, 1, 1), (5, 3, 0), (5, 5, 1), (1, 4, 1), (0, 4, 5), (1, 2, 5),
        (4, 1, 5), (5, 2, 4), (3, 5, 0), (0, 3, 3), (4, 3, 1), (3, 2, 5),
        (5, 4, 3), (1, 5, 4), (2, 3, 1), (5, 4, 5),
    ]
    /// The colour-blind scheme: orange, sky blue, bluish green, yellow, blue, vermilion,
    /// reddish purple (Okabe and Ito, "Color Universal Design", nearest cube colours), then
    /// pale and grey variants.
    static let colorblindCube: [(r: Int, g: Int, b: Int)] = [
        (5, 2, 0), (1, 4, 5), (0, 3, 2), (5, 5, 1), (0, 2, 4), (4, 1, 0), (4, 2, 3),
        (5, 4, 2), (3, 5, 5), (2, 5, 3), (3, 3, 5), (5, 3, 2), (5, 4, 5), (4, 4, 4), (5, 5, 4), (1, 3, 3),
    ]
    /// 16-colour variants: the colour of a face turned away from the light, and of one lit.
    /// Sixteen colours cannot give twelve distinct hues; entries 6-11 reuse hues in a
    /// different pairing.
    static let ansi: [(side: UInt8, top: UInt8)] = [
        (1, 9), (3, 11), (2, 10), (6, 14), (4, 12), (5, 13),
        (7, 15), (9, 11), (10, 14), (12, 13), (13, 9), (14, 10),
        (6, 10), (3, 9), (5, 12), (2, 11),
    ]

    static var count: Int { cube.count }

    /// The palette entry of a piece: its position in its set (Soma V L T Z A B P = 0...6,
    /// pentominoes F I L N P T U V W X Y Z = 0...11).
    public static func color(for letter: Character, in set: PieceSet) -> PieceColor {
        guard let i = set.pieces.firstIndex(where: { $0.letter == letter }) else { return .neutral }
        return .palette(i)
    }

    /// The terminal colour of `color` at shade `level` (0 = edge ... 3 = lit), brightened
    /// when `selected`.
    public static func terminalColor(_ color: PieceColor, level: Int, selected: Bool = false,
                                     colors: RenderStyle.Colors, scheme: Scheme = .standard) -> TerminalColor {
        switch colors {
        case .none:
            return .default
        case .ansi8:
            // One hue per piece (the side colour of the 16-colour pair, 1-7): the shade is the
            // glyph's business (`RenderStyle.Glyphs.shades`).
            switch color {
            case .neutral: return .index(7)
            case .palette(let n):
                if level == 0 { return .index(selected ? 7 : 0) }
                return .index(ansi[((n % ansi.count) + ansi.count) % ansi.count].side % 8)
            }
        case .ansi16:
            switch color {
            case .neutral:
                return .index([8, 7, 7, 15][level])
            case .palette(let n):
                let pair = ansi[((n % ansi.count) + ansi.count) % ansi.count]
                if level == 0 { return .index(selected ? 15 : 0) }
                return .index(level == 3 || selected ? pair.top : pair.side)
            }
        case .xterm256:
            if level == 0 && selected { return .index(231) }
            switch color {
            case .neutral:
                let grey: [UInt8] = [237, 242, 246, 251]
                return .index(min(255, grey[level] + (selected ? 3 : 0)))
            case .palette(let n):
                precondition((0...3).contains(level), "shade levels are 0...3")
                let hues = scheme == .colorblind ? colorblindCube : cube
                let base = hues[((n % hues.count) + hues.count) % hues.count]
                let row = ((selected ? 4 : 0) + level) * 6
                let index: Int = 16 + 36 * channels[row + base.r] + 6 * channels[row + base.g] + channels[row + base.b]
                return .index(UInt8(index))
            }
        }
    }

    /// A cube coordinate (0...5) at each shade level, plain (rows 0-3) and brightened toward
    /// white for the selected piece (rows 4-7), six entries a row: worked out once, as every
    /// frame asks for over a hundred colours.
    private static let channels: [Int] = [false, true].flatMap { selected in
        [0.4, 0.6, 0.8, 1.0].flatMap { factor in
            (0...5).map { c in
                let v = Double(c) * factor
                return Int((selected ? v + (5 - v) * 0.4 : v).rounded())
            }
        }
    }
}
