import Scene
import Testing
@testable import Terminal

/// Which terminfo entry and colours the environment asks for (issue 13).
@Suite struct ColorRequestTests {
    /// The families whose terminals show 256 colours get their family's 256-colour entry;
    /// entries that already say 256 (or direct colour), the Linux console and unknown names
    /// keep their own; `-mono` terminals keep theirs.
    @Test(arguments: [
        ("xterm", "xterm-256color"), ("xterm-color", "xterm-256color"), ("screen", "screen-256color"),
        ("screen.xterm-new", "screen-256color"), ("tmux", "tmux-256color"), ("rxvt-unicode", "rxvt-unicode-256color"),
        ("putty", "putty-256color"), ("xterm-256color", nil), ("tmux-256color", nil), ("linux", nil), ("vt100", nil),
        ("xterm-mono", nil), ("dumb", nil), ("", nil),
    ] as [(String, String?)])
    func upgrade(term: String, entry: String?) {
        #expect(ColorRequest(environment: ["TERM": term]).terminfo == entry, "\(term)")
    }

    /// `COLORTERM=truecolor` (or `24bit`) says 256 colours too, for any TERM with such an entry.
    @Test func trueColourAsksForTheTerminals256ColourEntry() {
        #expect(ColorRequest(environment: ["TERM": "linux", "COLORTERM": "truecolor"]).terminfo == "linux-256color")
        #expect(ColorRequest(environment: ["TERM": "vt220", "COLORTERM": "24bit"]).terminfo == "vt220-256color")
        #expect(ColorRequest(environment: ["TERM": "vt220", "COLORTERM": "yes"]).terminfo == nil)
    }

    /// NO_COLOR (any non-empty value) turns colour off whatever the terminal says; so does
    /// SOMA_COLORS=none; SOMA_COLORS=8 or 16 caps the colours and keeps TERM's own entry.
    @Test func noColorAndTheCap() {
        let none = ColorRequest(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(none.noColor)
        #expect(none.colors(reported: 256) == .none)
        #expect(!ColorRequest(environment: ["TERM": "xterm", "NO_COLOR": ""]).noColor)
        #expect(ColorRequest(environment: ["SOMA_COLORS": "none"]).colors(reported: 256) == .none)
        let eight = ColorRequest(environment: ["TERM": "xterm", "SOMA_COLORS": "8"])
        #expect(eight.terminfo == nil)
        #expect(eight.colors(reported: 256) == .ansi8)
        #expect(ColorRequest(environment: ["SOMA_COLORS": "16"]).colors(reported: 256) == .ansi16)
        let plain = ColorRequest(environment: ["TERM": "xterm"])
        #expect([0, 8, 16, 88, 256].map { plain.colors(reported: $0) } == [.none, .ansi8, .ansi16, .ansi16, .xterm256])
    }
}

/// What a terminal whose locale is not UTF-8 shows for each glyph the screens draw.
@Suite struct AsciiFallbackTests {
    @Test func boxDrawingAndShadesBecomeAscii() {
        let drawn: [Character] = ["┌", "─", "┐", "│", "└", "┘", "█", "▓", "▒", "░", "╱", "╲", "·", "▀", "×", "a", "#", " "]
        #expect(String(drawn.map(AsciiFallback.glyph(for:))) == "+-+|++#%=:/\\.#xa# ")
        #expect(AsciiFallback.glyph(for: "é") == "?")
    }
}
