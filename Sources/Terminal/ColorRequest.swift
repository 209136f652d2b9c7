import CNcurses
import Scene

/// What the environment says about colour, decided before ncurses starts: whether to use colour
/// at all (`NO_COLOR`, no-color.org), and which terminfo entry to describe the terminal with.
///
/// Many terminals name themselves by a TERM whose terminfo entry lists 8 colours although they
/// show 256 (PuTTY and many servers say `xterm`, `docker exec` and GNU screen say `screen`, tmux
/// may say `tmux`), and ncurses refuses every colour beyond the entry's count. For those
/// families the 256-colour entry of the same family is used: it describes the same keys and
/// modes (`infocmp xterm xterm-256color` differs in colours only), unlike a switch to another
/// family, which breaks Home and End inside tmux (docs/terminal.md §6). `COLORTERM=truecolor`
/// (or `24bit`) says the terminal shows 24-bit colour, hence 256 too, whatever its TERM.
///
/// The Linux console keeps its 8 colours: its 256-colour escapes are approximated to its own
/// 16 and no terminfo entry says more. A player can set `SOMA_COLORS` (`none`, `8`, `16` or
/// `256`) when the guess is wrong.
public struct ColorRequest: Hashable, Sendable {
    /// No colour at all: `start_color` is never called, so no colour escape is sent.
    public var noColor: Bool
    /// The terminfo entry to start ncurses with instead of TERM, tried first; nil: TERM's own.
    public var terminfo: String?
    /// The most colours to use (`SOMA_COLORS`); nil: what terminfo says.
    public var limit: Int?

    /// The families whose terminals show 256 colours whatever their TERM's entry says, each with
    /// its 256-colour entry.
    static let families: [(prefix: String, entry: String)] = [
        ("xterm", "xterm-256color"), ("screen", "screen-256color"), ("tmux", "tmux-256color"),
        ("rxvt-unicode", "rxvt-unicode-256color"), ("putty", "putty-256color"),
    ]

    public init(environment: [String: String]) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        noColor = value("NO_COLOR") != nil || value("SOMA_COLORS") == "none" || value("SOMA_COLORS") == "0"
        limit = value("SOMA_COLORS").flatMap(Int.init)
        terminfo = Self.upgrade(term: value("TERM") ?? "", colorTerm: value("COLORTERM"))
        if let limit, limit < 256 { terminfo = nil }
    }

    /// The request of this process's environment.
    public static var current: ColorRequest {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "SOMA_COLORS", "TERM", "COLORTERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return ColorRequest(environment: environment)
    }

    /// The 256-colour entry for `term`, or nil when its own entry is the one to use.
    static func upgrade(term: String, colorTerm: String?) -> String? {
        guard !term.isEmpty, !term.holds("256color"), !term.holds("direct"), term != "dumb" else { return nil }
        let family = term.split(whereSeparator: { $0 == "-" || $0 == "." }).first.map(String.init) ?? term
        if let match = families.first(where: { term == $0.prefix || family == $0.prefix
                                               || ($0.prefix.holds("-") && term.hasPrefix($0.prefix)) }) {
            // `xterm-mono` and the like say plainly there is no colour.
            return term.hasSuffix("-mono") || term.hasSuffix("-m") ? nil : match.entry
        }
        let truecolor = colorTerm.map { ["truecolor", "24bit"].contains($0.lowercased()) } ?? false
        return truecolor ? term + "-256color" : nil
    }

    /// The colours to draw with for what ncurses reports after `start_color()` (`colors`:
    /// ncurses' COLORS), within `limit`.
    public func colors(reported colors: Int) -> RenderStyle.Colors {
        guard !noColor else { return .none }
        let count = min(colors, limit ?? Int.max)
        if count >= 256 { return .xterm256 }
        if count >= 16 { return .ansi16 }
        return count >= 8 ? .ansi8 : .none
    }
}
