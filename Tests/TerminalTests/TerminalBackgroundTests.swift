import Scene
import Testing
@testable import Terminal

/// The OSC 11 answer's colour and the theme it picks (issue 25): the parsing and the decision,
/// pure. The answer's framing (ESC ], BEL or ST, split reads) is the decoder's
/// (`InputDecoderTests`).
@Suite struct TerminalBackgroundTests {
    @Test("black and white pick dark and light")
    func answersPickTheTheme() {
        let black = TerminalBackground(answer: "11;rgb:0000/0000/0000")
        let white = TerminalBackground(answer: "11;rgb:ffff/ffff/ffff")
        #expect(black == TerminalBackground(red: 0, green: 0, blue: 0))
        #expect(white == TerminalBackground(red: 1, green: 1, blue: 1))
        #expect(black?.theme == .dark)
        #expect(white?.theme == .light)
    }

    @Test("channels of one to four hex digits scale to full; rgba's alpha is ignored")
    func channelWidths() {
        #expect(TerminalBackground(answer: "11;rgb:f/8/0") == TerminalBackground(red: 1, green: 8.0 / 15, blue: 0))
        #expect(TerminalBackground(answer: "11;rgb:ff/ff/ff")?.theme == .light)
        // Solarized light's base3 (fdf6e3) and dark's base03 (002b36); a mid grey 7f7f7f is dark.
        #expect(TerminalBackground(answer: "11;rgb:fdfd/f6f6/e3e3")?.theme == .light)
        #expect(TerminalBackground(answer: "11;rgb:0000/2b2b/3636")?.theme == .dark)
        #expect(TerminalBackground(answer: "11;rgb:7f/7f/7f")?.theme == .dark)
        #expect(TerminalBackground(answer: "11;rgba:ffff/ffff/ffff/0000")?.theme == .light)
    }

    @Test("malformed answers and other commands are no answer")
    func malformed() {
        for body in ["11;rgb:ffff/ffff", "11;rgb:fffff/0/0", "11;rgb:gg/00/00", "11;#ffffff", "11;rgb:-1/0/0",
                     "11;rgb://", "11;rgb:f/f/f/f/f", "11;?", "10;rgb:f/f/f", "5379;watchers 1", "", "11;rgb:\u{FF10}/0/0"] {
            #expect(TerminalBackground(answer: body) == nil, "\(body.debugDescription)")
        }
    }
}
