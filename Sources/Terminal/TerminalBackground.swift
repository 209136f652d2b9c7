import Scene

/// The terminal's background colour as it answers an OSC 11 query (`ESC ] 11 ; ? ST`), and the
/// theme that suits it. Pure: the query itself is `BackgroundQuery`'s, at the edge.
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

    /// The longest reply looked at: an answer is some 25 bytes; anything longer is not one.
    static let maxReply = 256

    /// The colour in the first OSC 11 answer within `bytes` (which may hold other replies and
    /// keys around it), or nil when there is none or it is malformed.
    public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> TerminalBackground? {
        let text = Array(bytes.prefix(maxReply))
        let introducer: [UInt8] = Array("\u{1b}]11;".utf8)
        guard let start = Self.find(introducer, in: text) else { return nil }
        var body = text[(start + introducer.count)...]
        // Ended by BEL or by ST (ESC \).
        guard let end = body.firstIndex(where: { $0 == 0x07 || $0 == 0x1b }) else { return nil }
        body = body[..<end]
        let words = String(decoding: body, as: UTF8.self)
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
        return TerminalBackground(red: values[0], green: values[1], blue: values[2])
    }

    /// Relative luminance (Rec. 709 weights on the sRGB-encoded channels: a coarse but monotone
    /// measure, enough to tell a light background from a dark one).
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// The theme for this background: light above half luminance.
    public var theme: Theme { luminance > 0.5 ? .light : .dark }

    /// The theme for a query's outcome: the answer's, dark without one (no answer in time).
    public static func theme(for background: TerminalBackground?) -> Theme { background?.theme ?? .dark }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }
}

extension TerminalBackground {
    /// Whether `bytes` hold the end of the primary device attributes reply (`ESC [ ? … c`),
    /// which every terminal sends and sends after its OSC 11 answer if it has one: the query
    /// asks for both, so a terminal that ignores OSC 11 costs one round trip, not the timeout.
    public static func holdsAttributesReply<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let text = Array(bytes.prefix(maxReply))
        guard let start = find([0x1b, 0x5b, 0x3f], in: text) else { return false }
        for byte in text[(start + 3)...] {
            if byte == 0x63 { return true }                                // c
            if !(0x30...0x39).contains(byte) && byte != 0x3b { return false } // digits and ;
        }
        return false
    }
}
