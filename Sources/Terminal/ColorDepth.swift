import Scene

/// How many colours the terminal can show, and how a `TerminalColor` of the 256-colour palette
/// is brought down to that: the scene is drawn once, in 256 colours, and degrades here.
enum ColorDepth: Hashable, Sendable {
    /// No colours (`TERM=vt100`, `xterm-mono`): attributes only.
    case none
    /// The 8 ANSI colours (`TERM=xterm`, PuTTY's default).
    case ansi8
    /// The 16 ANSI colours (`TERM=linux`, `screen`).
    case ansi16
    case full256

    /// The depth that shows `colors`.
    init(_ colors: RenderStyle.Colors) {
        switch colors {
        case .none: self = .none
        case .ansi8: self = .ansi8
        case .ansi16: self = .ansi16
        case .xterm256: self = .full256
        }
    }

    /// The depth for what ncurses reports after `start_color()`.
    static func detect(hasColors: Bool, colors: Int) -> ColorDepth {
        guard hasColors else { return .none }
        if colors >= 256 { return .full256 }
        if colors >= 16 { return .ansi16 }
        return colors >= 8 ? .ansi8 : .none
    }

    /// The palette index to draw `color` with at this depth; -1 is the terminal's default
    /// colour (`use_default_colors`). At depth `.none` every colour is the default.
    func index(of color: TerminalColor) -> Int {
        guard case .index(let i) = color, self != .none else { return -1 }
        switch self {
        case .full256: return Int(i)
        case .ansi16: return i < 16 ? Int(i) : Self.nearestANSI(to: Self.rgb(of: i), count: 16)
        case .ansi8: return i < 8 ? Int(i) : i < 16 ? Int(i) - 8 : Self.nearestANSI(to: Self.rgb(of: i), count: 8)
        case .none: return -1
        }
    }

    /// Approximate RGB of a 256-colour palette entry (xterm's defaults).
    static func rgb(of index: UInt8) -> (Int, Int, Int) { TerminalColor.rgb(index: index) }

    /// xterm's default ANSI colours.
    static let ansiRGB = TerminalColor.ansiRGB

    static func nearestANSI(to rgb: (Int, Int, Int), count: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for (i, c) in ansiRGB.prefix(count).enumerated() {
            let d = (c.0 - rgb.0) * (c.0 - rgb.0) + (c.1 - rgb.1) * (c.1 - rgb.1) + (c.2 - rgb.2) * (c.2 - rgb.2)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }
}
