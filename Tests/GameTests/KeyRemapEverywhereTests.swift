@testable import Game
import Polycube
import Testing

/// Every key a player reads (help, status lines, messages) comes from the key table: with every
/// remappable key moved, no screen and no message names a key as it was before.
@Suite("Every key named on screen is the key as bound")
struct KeyRemapEverywhereTests {
    /// Keys no table uses, to move every key onto.
    static let fresh: [Character] = Array("αβγδεζηθικλμνξοπρστυφχψωΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ")

    /// Every key bound in a screen's own `table` and in its `common` keys but those `keeps`
    /// says, each moved to a key of its own.
    static func remapAll<Action>(_ table: KeyTable<Action>, _ common: CommonKeys,
                                 keeping keeps: (GameKey) -> Bool) -> [GameKey: GameKey] {
        var remap: [GameKey: GameKey] = [:]
        for key in (table.keyLines + common.table.keyLines).flatMap(\.keys) where !keeps(key) && remap[key] == nil {
            remap[key] = .character(fresh[remap.count])
        }
        return remap
    }

    /// Digits stay: they are the pieces' numbers, which the status line spells as a range.
    static func isDigit(_ key: GameKey) -> Bool {
        if case .character(let c) = key { return c.isNumber }
        return false
    }

    /// The key names a line tells the player to press: the words before the colon of each
    /// reminder (reminders are two or three spaces apart: `w a s d e: turn`), and the word before
    /// `undoes`, `redoes`, `hides`, `help`, `quit`, `takes`, `cancels`.
    static func namedKeys(in line: String) -> Set<String> {
        var names = Set<String>()
        for segment in line.components(separatedBy: "  ") {
            guard let colon = segment.firstIndex(of: ":") else { continue }
            for word in segment[..<colon].split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "(" }) {
                names.insert(String(word))
            }
        }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ";" }).map(String.init)
        for (i, word) in words.enumerated().dropFirst()
        where ["undoes", "redoes", "hides", "help", "quit", "takes", "cancels"].contains(word) {
            names.insert(words[i - 1])
        }
        return names
    }

    /// Fails for every old key name that `lines` name.
    static func expectNoOldKeys(_ lines: [String], old: [GameKey: GameKey], _ what: String) {
        let oldNames = Set(old.keys.map(\.name))
        for line in lines {
            let stale = namedKeys(in: line).intersection(oldNames)
            #expect(stale.isEmpty, "\(what) names \(stale.sorted()) as before: \(line)")
        }
    }

    /// The top and bottom lines of a view.
    static func edges(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return [lines.first ?? "", lines.last ?? ""]
    }

    /// The help page's key labels and texts, the common section's too.
    static func helpLines(_ page: HelpPage) -> [String] {
        page.all.map { $0.keys + ": " + $0.text }
    }

    /// Every common key of `common` moved by `remap` does its command through the midend, and
    /// the old key no longer does: `?` and `q` (help and quit) pressed both ways on `screen`.
    static func expectCommonKeysMoved<Screen: GameScreen>(_ screen: Screen, _ common: CommonKeys,
                                                          _ remap: [GameKey: GameKey], _ what: String) {
        let keys = common.table.keyLines.flatMap(\.keys)
        #expect(!keys.isEmpty && keys.allSatisfy { remap.values.contains($0) }, "\(what): \(keys.map(\.name))")
        for old in remap.keys {
            #expect(common.command(for: old) == nil, "\(what): \(old.name) still gives \(String(describing: common.command(for: old)))")
        }
        var m = Midend(screen: screen)
        _ = m.handle(.character("?"), now: 0)
        #expect(!m.showsHelp, "\(what): ? is not the help key any more")
        #expect(m.handle(.character("q"), now: 0) != [.quit], "\(what): q is not the quit key any more")
        if m.showsHelp { _ = m.handle(.escape, now: 0) }
        var n = Midend(screen: screen)
        _ = n.handle(remap[.character("?")]!, now: 0)
        #expect(n.showsHelp, "\(what): the help opens on its new key")
        _ = n.handle(.escape, now: 0)
        #expect(n.handle(remap[.character("q")]!, now: 0) == [.quit], "\(what): quit is on its new key")
    }

    @Test("the Soma game: status lines, reminders, undo, redo, reset, shake and hint messages, help")
    func soma() throws {
        var session = SomaSession(figure: Fixtures.cube)
        let remap = Self.remapAll(SomaKeyMap.table, SomaKeyMap.common, keeping: Self.isDigit)
        try session.remapKeys(remap)
        Self.expectCommonKeysMoved(session, session.facts.commonKeys, remap, "the Soma game")
        var s = Played(session)   // undo and redo are the midend's
        #expect(remap.count == 44, "every key but the digits moves: \(remap.count)")
        func press(_ old: GameKey, at now: Double) { s.handle(remap[old] ?? old, now: now) }
        var seen: [String] = []
        func look(_ now: Double) {
            seen += Self.edges(s.screen.view(width: 160, height: 40, now: now).text)
            seen += s.game.feedback.map { [$0.message] } ?? []
        }
        look(0)
        press(.tab, at: 1); look(1)                       // a piece selected: move, turn, drop, hint
        press(.right, at: 2); look(2)
        press(.character("u"), at: 3); look(3)            // Undone: ... redoes
        #expect(s.game.feedback?.message.contains(" redoes") == true)
        press(.character("U"), at: 4); look(4)            // Redone
        press(.character("R"), at: 5); look(5)            // All pieces back: ... undoes
        #expect(s.game.feedback?.message.hasPrefix("All pieces back:") == true)
        s.handle(.character("R"), now: 5.5)                // the old reset key: nothing
        #expect(s.game.feedback?.message.hasPrefix("All pieces back:") == true && !s.midend.canRedo)
        press(.right, at: 6)
        s.apply(SomaPointer.shake, now: 7); look(7)       // Shaken: ... undoes it
        #expect(s.game.feedback?.message.hasPrefix("Shaken") == true)
        Self.expectNoOldKeys(seen + Self.helpLines(s.facts.help), old: remap, "the Soma game")

        var hinted = SomaSession(game: Fixtures.cube(placed: 5))
        try hinted.remapKeys(remap)
        hinted.apply(.hintArrived(HintResult(fixed: hinted.game.placedPoses, completions: 1, reachedLimit: false,
                                             suggestion: Fixtures.cubeSolution[5])), now: 0)
        let hint = try #require(hinted.game.feedback?.message)
        #expect(hint.hasPrefix("Hint: try B"))
        Self.expectNoOldKeys([hint] + Self.edges(hinted.view(width: 160, height: 40, now: 0).text), old: remap, "the hint")
    }

    @Test("the pentomino game: status lines, reminders with a tile in hand, help")
    func pentominoes() throws {
        var s = PentominoSession(board: try Catalog.figure(named: "6x10"))
        let remap = Self.remapAll(PentominoKeyMap.table(), PentominoKeyMap.common,
                                  keeping: { Self.isDigit($0) || PentominoKeyMap.picksUpTile($0) })
        try s.remapKeys(remap)
        #expect(remap.count > 20, "\(remap.count)")
        Self.expectCommonKeysMoved(s, s.facts.commonKeys, remap, "the pentomino game")
        var seen = Self.edges(s.view(width: 120, height: 40, now: 0).text)
        _ = s.handle(remap[.tab] ?? .tab, now: 1)
        #expect(s.game.lifted != nil)
        seen += Self.edges(s.view(width: 120, height: 40, now: 1).text)
        Self.expectNoOldKeys(seen + Self.helpLines(s.facts.help), old: remap, "the pentomino game")
    }

    @Test("the designer: status line, reminders, help")
    func designer() throws {
        var s = DesignerSession(width: 120, height: 40)
        let remap = Self.remapAll(DesignerKeyMap.table, DesignerKeyMap.common, keeping: Self.isDigit)
        try s.remapKeys(remap)
        #expect(remap.count > 20, "\(remap.count)")
        Self.expectCommonKeysMoved(s, s.facts.commonKeys, remap, "the designer")
        let seen = Self.edges(s.view(width: 120, height: 40).text)
        Self.expectNoOldKeys(seen + Self.helpLines(s.facts.help), old: remap, "the designer")
    }

    @Test("the checker finds a stale key where a player reads one")
    func checkerFindsStaleKeys() {
        #expect(Self.namedKeys(in: " arrows PgUp PgDn: move   w a s d e: turn   Space: drop") ==
                ["arrows", "PgUp", "PgDn", "w", "a", "s", "d", "e", "Space"])
        #expect(Self.namedKeys(in: "Undone: V moved back   U redoes").contains("U"))
        #expect(Self.namedKeys(in: " ? help  q quit").isSuperset(of: ["?", "q"]))
        #expect(Self.namedKeys(in: "Hint: try B where its ghost is (exactly 1 way to finish; Esc hides it)").contains("Esc"))
    }
}
