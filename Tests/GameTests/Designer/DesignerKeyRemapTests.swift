import Polycube
import Testing
@testable import Game

/// The designer's keys moved by the settings (`[design-keys]`): the moved key acts, the old one
/// is free, the help shows the new one.
@Suite struct DesignerKeyRemapTests {
    static let design = Design(name: "two", cells: [Cell(0, 0, 0), Cell(0, 0, 1)])

    @Test func exportMovedToCapitalE() throws {
        var session = DesignerSession(design: Self.design)
        try session.remapKeys([.character("e"): .character("E")])
        var s = Played(session)   // the name prompt is the midend's child screen
        #expect(s.handle(.character("e")) == [])
        #expect(s.prompt == nil, "e is free now: no name field")
        _ = s.handle(.character("E"))
        #expect(s.prompt?.purpose == .yass)
        #expect(s.handle(.enter) == [.write(DesignFile(fileName: "two.soma", format: .yass, text: "# two\no\n\no\n"))])
    }

    @Test func helpShowsTheMovedKey() throws {
        var s = DesignerSession(design: Self.design, width: 100, height: 40)
        try s.remapKeys([.character("e"): .character("E"), .character("x"): .character("d")])
        let text = s.helpView(width: 100, height: 40)
        #expect(text.contains(try Regex(#"│ E +export \(yass \.soma\)"#)), "\(text)")
        #expect(text.contains("d/Backspace/Delete"), "\(text)")
        let oldExport = try Regex(#" e +export"#)
        #expect(!text.contains(oldExport) && !text.contains("x/Backspace"))
    }

    @Test func theRemindersNameTheBoundKeys() throws {
        var s = DesignerSession(design: Self.design, width: 100, height: 30)
        try s.remapKeys([.character("x"): .character("d"), .character("q"): .character("Q")])
        let lines = s.view(width: 100, height: 30).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasSuffix(" ? help  Q quit"), "\(lines[0])")
        #expect(lines[lines.count - 1].contains("arrows: cursor   [ ]: plane   Space: add   d: remove   s: save"), "\(lines[lines.count - 1])")
    }

    @Test func conflictsAreRefusedAndKeepTheKeys() throws {
        var session = DesignerSession(design: Self.design)
        #expect(throws: KeyRemapError.alreadyBound(.character("u"), movedFrom: .character("e"))) {
            try session.remapKeys([.character("e"): .character("u")])
        }
        var s = Played(session)
        s.handle(.character("e"))
        #expect(s.prompt?.purpose == .yass)
    }
}
