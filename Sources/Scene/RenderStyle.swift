/// How a scene is turned into characters: the glyph style and the colours the terminal has.
public struct RenderStyle: Hashable, Sendable {
    public enum Glyphs: Hashable, Sendable {
        /// Unicode half blocks `▀▄`: two square-ish samples per cell, coloured foreground and
        /// background. Needs UTF-8 and colours; without colours the renderer draws ascii.
        case blocks
        /// One sample per cell, faces shaded by characters (`#%=+:`) and edges drawn with
        /// `-|/\`: works on any terminal, with or without colour.
        case ascii
    }

    public enum Colors: Hashable, Sendable {
        case none
        /// The 16 ANSI colours (0-7 and their bright variants 8-15).
        case ansi16
        /// The xterm 256-colour palette (6x6x6 cube and grey ramp).
        case xterm256
    }

    public var glyphs: Glyphs
    public var colors: Colors
    /// Draw the small x/y/z axis gizmo in the lower left corner.
    var showsGizmo: Bool

    public init(glyphs: Glyphs, colors: Colors, showsGizmo: Bool = true) {
        self.glyphs = glyphs
        self.colors = colors
        self.showsGizmo = showsGizmo
    }

    /// The best style a terminal can show: half blocks when it speaks UTF-8 and has at least 16
    /// colours, ascii otherwise. `colorCount` is what terminfo reports (ncurses `COLORS`).
    public static func automatic(colorCount: Int, unicode: Bool) -> RenderStyle {
        let colors: Colors = colorCount >= 256 ? .xterm256 : (colorCount >= 16 ? .ansi16 : (colorCount >= 8 ? .ansi16 : .none))
        return RenderStyle(glyphs: unicode && colorCount >= 16 ? .blocks : .ascii, colors: colors)
    }

    public static let ascii = RenderStyle(glyphs: .ascii, colors: .none)
    public static let blocks256 = RenderStyle(glyphs: .blocks, colors: .xterm256)

    /// Blocks are only drawn with colours; everything else falls back to ascii.
    var usesBlocks: Bool { glyphs == .blocks && colors != .none }
    var samplesPerRow: Int { usesBlocks ? 2 : 1 }
}
