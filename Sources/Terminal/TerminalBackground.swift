import Scene

/// The terminal's background colour as it answers an OSC 11 query (`ESC ] 11 ; ? ST`), and the
/// theme that suits it. Pure: the query is `BackgroundQuery`'s, the answer comes in with the
/// input (`InputDecoder`), whenever it arrives.
///
/// xterm, VTE, kitty, iTerm2, Windows Terminal and tmux answer `ESC ] 11 ; rgb:RRRR/GGGG/BBBB`
/// ended by BEL or ST, each channel one to four hex digits (scaled: `f` and `ffff` are both
/// full). Terminals that do not know the query (the Linux console, old PuTTY) stay silent,
/// and then the theme stays dark, the safe guess for a terminal.
public struct TerminalBackground: Hashable, Sendable {
    /// Channels in 0...1.
    public var red: Double, green: Double, blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour of an OSC 11 answer's body, what comes between `ESC ]` and its terminator
    /// (`11;rgb:RRRR/GGGG/BBBB`); nil for any other command or a malformed colour.
    public init?(answer body: String) {
        guard body.hasPrefix("11;") else { return nil }
        let words = body.dropFirst(3)
        let colour: Substring
        if words.hasPrefix("rgb:") {
            colour = words.dropFirst(4)
        } else if words.hasPrefix("rgba:") {
            colour = words.dropFirst(5)
        } else {
            return nil
        }
        let channels = colour.split(separator: "/", omittingEmptySubsequences: false)
        guard channels.count == 3 || channels.count == 4 else { return nil }
        var values: [Double] = []
        for channel in channels.prefix(3) {
            guard (1...4).contains(channel.count), channel.allSatisfy(\.isHexDigit), let v = Int(channel, radix: 16) else { return nil }
            let full = (1 << (4 * channel.count)) - 1
            values.append(Double(v) / Double(full))
        }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    /// Relative luminance (Rec. 709 weights on the sRGB-encoded channels: a coarse but monotone
    /// measure, enough to tell a light background from a dark one).
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// The theme for this background: light above half luminance.
    public var theme: Theme { luminance > 0.5 ? .light : .dark }

}
