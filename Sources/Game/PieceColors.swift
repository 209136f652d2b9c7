import Scene

/// The colour of each piece, by its position in the set: distinct, bright enough on dark and
/// light backgrounds, and the same in the scene, the legend and the flat board so the player can
/// match them at a glance. Indices are xterm-256 colours; the presenter falls back for 16.
public enum PieceColors {
    static let palette: [UInt8] = [196, 33, 46, 226, 201, 51, 208, 129, 118, 214, 39, 160]

    /// The colour of the piece at `index` (cycling for sets larger than the palette).
    public static func color(_ index: Int) -> TerminalColor {
        .index(palette[((index % palette.count) + palette.count) % palette.count])
    }
}
