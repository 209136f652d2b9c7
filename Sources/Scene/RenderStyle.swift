/// How a scene is turned into characters: the glyphs the locale can show, the colours the
/// terminal has, and the palette and theme the player chose. Glyphs and colours are decided
/// separately (issue 13): a UTF-8 terminal with eight colours still gets Unicode glyphs, and a
/// 256-colour terminal in the C locale still gets colours.
public struct RenderStyle: Hashable, Sendable {
    public enum Glyphs: Hashable, Sendable {
        /// Unicode half blocks `▀▄`: two square-ish samples per cell, coloured foreground and
        /// background. Needs UTF-8 and at least 16 colours; with fewer the renderer draws
        /// `shades`.
        case blocks
        /// Unicode, one sample per cell: faces shaded by glyph (`░ ▒ ▓ █`), edges in box
        /// drawing (`─ │ ╱ ╲`). For UTF-8 terminals with eight colours or none (`NO_COLOR`),
        /// where colours alone cannot tell a lit face from a turned one.
        case shades
        /// One sample per cell, faces shaded by characters (`#%=+:`) and edges drawn with
        /// `-|/\`: ASCII only, for locales that are not UTF-8.
        case ascii
    }

    /// How many samples a block cell holds (`RenderStyle.Glyphs.blocks` only): the picture's
    /// resolution. Each cell still shows two colours, chosen per cell by `BlockEncoder` to match
    /// its samples best (as terminal image viewers do), and keeps one hit id.
    public enum Cells: String, Hashable, Sendable, CaseIterable {
        /// Half blocks `▀▄`: 1x2 samples. Every Unicode font has them.
        case halves
        /// Quadrants `▖▗▘▝▚▞▙▛▜▟` (and `▀▄▌▐`): 2x2 samples, twice the columns of `halves`.
        /// In the Block Elements of Unicode 3.2, so in DejaVu Sans Mono and most monospace fonts.
        case quadrants
        /// Sextants of Symbols for Legacy Computing (U+1FB00-1FB3B): 2x3 samples. Only where
        /// the terminal or its font draws them (few fonts have them; an empty box otherwise).
        case sextants

        /// Samples across and down a cell.
        var columns: Int { self == .halves ? 1 : 2 }
        var rows: Int { self == .sextants ? 3 : 2 }
    }

    public enum Colors: Hashable, Sendable {
        case none
        /// The 8 ANSI colours (0-7): one hue per piece, no lit variant.
        case ansi8
        /// The 16 ANSI colours (0-7 and their bright variants 8-15).
        case ansi16
        /// The xterm 256-colour palette (6x6x6 cube and grey ramp).
        case xterm256
    }

    public var glyphs: Glyphs
    public var colors: Colors
    /// Which hues the pieces get (`--palette`, the config's `palette`).
    public var palette: PiecePalette.Scheme
    /// Dark or light terminal background (`SOMA_THEME`, the config's `theme`).
    public var theme: Theme
    /// Draw the small x/y/z axis gizmo in the lower left corner.
    var showsGizmo: Bool
    /// The block cells' resolution (`cells` in config.toml, `--cells`; the games' default is the
    /// settings', `Settings.cells`). Half blocks here, the one every Unicode font draws.
    public var cells: Cells = .halves

    public init(glyphs: Glyphs, colors: Colors, palette: PiecePalette.Scheme = .standard, theme: Theme = .dark,
                showsGizmo: Bool = true) {
        self.glyphs = glyphs
        self.colors = colors
        self.palette = palette
        self.theme = theme
        self.showsGizmo = showsGizmo
    }

    /// The best style for a terminal: the glyphs by the locale (`unicode`: its character set is
    /// UTF-8), half blocks when there are 16 colours or more, glyph shading with fewer.
    public static func automatic(colors: Colors, unicode: Bool) -> RenderStyle {
        let glyphs: Glyphs = !unicode ? .ascii : (colors == .ansi16 || colors == .xterm256 ? .blocks : .shades)
        return RenderStyle(glyphs: glyphs, colors: colors)
    }

    /// The same for `colorCount` colours as terminfo reports them (0: none).
    public static func automatic(colorCount: Int, unicode: Bool) -> RenderStyle {
        let colors: Colors = colorCount >= 256 ? .xterm256 : (colorCount >= 16 ? .ansi16 : (colorCount >= 8 ? .ansi8 : .none))
        return automatic(colors: colors, unicode: unicode)
    }

    public static let ascii = RenderStyle(glyphs: .ascii, colors: .none)
    public static let blocks256 = RenderStyle(glyphs: .blocks, colors: .xterm256)

    /// Half blocks are only drawn with at least 16 colours; with fewer, glyph shading.
    var usesBlocks: Bool { glyphs == .blocks && (colors == .ansi16 || colors == .xterm256) }
    /// Whether each piece's faces wear its own fill (`FillTexture`): in one-sample cells, where
    /// colour alone cannot tell the pieces apart. The legend then shows the fill beside the letter.
    public var fillsPieces: Bool { !usesBlocks }
    /// Whether anything beyond ASCII may be drawn (box drawing, blocks, the middle dot).
    public var unicode: Bool { glyphs != .ascii }
    var samplesPerRow: Int { usesBlocks ? cells.rows : 1 }
    var samplesPerColumn: Int { usesBlocks ? cells.columns : 1 }
}
