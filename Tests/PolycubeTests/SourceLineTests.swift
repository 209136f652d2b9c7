import Testing
@testable import Polycube

/// `SourceLine.lines` splits in the UTF-8 bytes (issue 35, start-up): the lines and their
/// numbers must be those of splitting at the `Character`s `\n`, `\r\n` and `\r`.
@Suite struct SourceLineTests {
    /// The split by characters the byte split replaced, as the reference.
    static func byCharacters(_ text: String) -> [String] {
        let body = text.first == "\u{FEFF}" ? text.dropFirst() : text[...]
        var lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map(String.init)
        if lines.count > 1, lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func splitsAtEveryKindOfLineEnd() {
        let lines = SourceLine.lines(of: "\u{FEFF}name: X\r\n###\r#é#\n\n\r\r\n.#\u{301}\n")
        #expect(lines.map { String($0.text) } == ["name: X", "###", "#é#", "", "", "", ".#\u{301}"])
        #expect(lines.map(\.number) == Array(1...7))
    }

    @Test func matchesTheSplitByCharacters() {
        let samples = ["", "\n", "\r\n", "\r", "a", "a\n", "a\r\n\r\n", "\n\na", "a\rb\nc\r\nd",
                       "\u{FEFF}", "\u{FEFF}\n#", "\u{FEFF}\u{301}x\n", "é\u{301}\r\u{301}\n", "; c\n\n###\n###\n\n###"]
        for text in samples {
            #expect(SourceLine.lines(of: text).map { String($0.text) } == Self.byCharacters(text), "\(text.debugDescription)")
        }
    }
}
