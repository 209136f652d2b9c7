import Scene
import Testing
@testable import Terminal

/// The OSC 11 answer and the theme it picks (issue 25): the parsing and the decision, pure.
@Suite struct TerminalBackgroundTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("black, white and no answer pick dark, light and dark")
    func answersPickTheTheme() {
        let black = TerminalBackground.parse(bytes("\u{1b}]11;rgb:0000/0000/0000\u{1b}\\"))
        let white = TerminalBackground.parse(bytes("\u{1b}]11;rgb:ffff/ffff/ffff\u{7}"))
        #expect(black == TerminalBackground(red: 0, green: 0, blue: 0))
        #expect(white == TerminalBackground(red: 1, green: 1, blue: 1))
        #expect(TerminalBackground.theme(for: black) == .dark)
        #expect(TerminalBackground.theme(for: white) == .light)
        // The timeout: nothing read, or only the device attributes of a terminal that ignores OSC 11.
        #expect(TerminalBackground.parse(bytes("")) == nil)
        #expect(TerminalBackground.parse(bytes("\u{1b}[?62;22c")) == nil)
        #expect(TerminalBackground.theme(for: nil) == .dark)
    }

    @Test("channels of one to four hex digits scale to full; the answer is found among other replies")
    func channelWidths() {
        #expect(TerminalBackground.parse(bytes("\u{1b}]11;rgb:f/8/0\u{7}")) == TerminalBackground(red: 1, green: 8.0 / 15, blue: 0))
        #expect(TerminalBackground.parse(bytes("\u{1b}]11;rgb:ff/ff/ff\u{1b}\\"))?.theme == .light)
        // Solarized light's base3 (fdf6e3) and dark's base03 (002b36); a mid grey 7f7f7f is dark.
        #expect(TerminalBackground.parse(bytes("\u{1b}]11;rgb:fdfd/f6f6/e3e3\u{1b}\\"))?.theme == .light)
        #expect(TerminalBackground.parse(bytes("\u{1b}]11;rgb:0000/2b2b/3636\u{1b}\\"))?.theme == .dark)
        #expect(TerminalBackground.parse(bytes("\u{1b}]11;rgb:7f/7f/7f\u{7}"))?.theme == .dark)
        let mixed = bytes("x\u{1b}]11;rgba:ffff/ffff/ffff/ffff\u{1b}\\\u{1b}[?1;2c")
        #expect(TerminalBackground.parse(mixed)?.theme == .light)
        #expect(TerminalBackground.holdsAttributesReply(mixed))
    }

    @Test("malformed answers are no answer")
    func malformed() {
        for text in ["\u{1b}]11;rgb:ffff/ffff\u{7}", "\u{1b}]11;rgb:fffff/0/0\u{7}", "\u{1b}]11;rgb:gg/00/00\u{7}",
                     "\u{1b}]11;rgb:ff/ff/ff", "\u{1b}]11;#ffffff\u{7}", "\u{1b}]11;rgb:-1/0/0\u{7}", "\u{1b}]11;rgb://\u{7}"] {
            #expect(TerminalBackground.parse(bytes(text)) == nil, "\(text.debugDescription)")
        }
        // A flood is cut short: an answer past the first 256 bytes is not looked for.
        #expect(TerminalBackground.parse(Array(repeating: UInt8(0x41), count: 300) + bytes("\u{1b}]11;rgb:f/f/f\u{7}")) == nil)
        #expect(!TerminalBackground.holdsAttributesReply(bytes("\u{1b}[?62;22")))
        #expect(!TerminalBackground.holdsAttributesReply(bytes("\u{1b}[?6x2c")))
    }
}
