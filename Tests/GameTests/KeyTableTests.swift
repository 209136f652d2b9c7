import Foundation
import Testing
@testable import Game

/// The key tables are the one source of truth: every label spells exactly the keys bound under
/// it, and the README's key tables list exactly the tables' lines.
@Suite("Key tables")
struct KeyTableTests {
    /// The keys a help label names: tokens separated by `/`; "arrows" and "Shift-arrows" the four
    /// directions, "1-9" a run of digits, a token that is no key's name one key per character
    /// ("FILNPTUVWXYZ", "+=").
    static func spelled(_ label: String) -> Set<String> {
        let names: Set<String> = ["Space", "Up", "Down", "Left", "Right", "PgUp", "PgDn", "Home", "Tab", "S-Tab",
                                  "Enter", "Esc", "Backspace", "Delete"]
        var keys = Set<String>()
        for token in label.split(separator: "/").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch token {
            case "arrows": keys.formUnion(["Up", "Down", "Left", "Right"])
            case "Shift-arrows": keys.formUnion(["Shift-Up", "Shift-Down", "Shift-Left", "Shift-Right"])
            case _ where names.contains(token) || token.hasPrefix("^"): keys.insert(token)
            case _ where token.count == 3 && token.dropFirst().first == "-":
                let (a, b) = (token.first!.wholeNumberValue!, token.last!.wholeNumberValue!)
                keys.formUnion((a...b).map(String.init))
            default: keys.formUnion(token.map(String.init))
            }
        }
        return keys
    }

    /// Each screen's key lines: its own, then the common keys it offers (as help draws them).
    static let tables: [(name: String, lines: [(label: String, keys: [GameKey])], gestures: [HelpLine])] = [
        ("Soma", SomaKeyMap.table.keyLines + SomaKeyMap.common.table.keyLines, SomaKeyMap.table.gestureLines),
        ("pentominoes", PentominoKeyMap.table().keyLines + PentominoKeyMap.common.table.keyLines,
         PentominoKeyMap.table().gestureLines),
        ("designer", DesignerKeyMap.table.keyLines + DesignerKeyMap.common.table.keyLines, DesignerKeyMap.table.gestureLines),
    ]

    @Test("each label spells exactly the keys bound under it, and no key is bound twice")
    func labelsSpellTheirKeys() {
        for table in Self.tables {
            for line in table.lines {
                #expect(Self.spelled(line.label) == Set(line.keys.map(\.name)), "\(table.name): \(line.label)")
            }
            let keys = table.lines.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "\(table.name): a key bound twice")
        }
    }

    @Test("a set with other letters picks its own tiles up by their capitals (R turns)")
    func pentominoLettersFollowTheSet() {
        let table = PentominoKeyMap.table(tileLetters: ["A", "R", "b"])
        #expect(table.keyLines.first?.label == "A")
        #expect(table.action(for: .character("A")) == .command(.lift("A")))
        #expect(table.action(for: .character("R")) == .command(.turn(clockwise: false)))
        #expect(table.action(for: .character("F")) == nil)
    }

    /// The first column of each table in the README section that starts with `heading`, as
    /// (the table's header, its rows' first cells).
    static func readmeTables(under heading: String) throws -> [(header: String, cells: [String])] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let lines = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
        var tables: [(header: String, cells: [String])] = []
        for line in section where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2 else { continue }
            if cells[1].hasPrefix("---") { continue }
            if cells[1] == "keys" || cells[1] == "mouse" {
                tables.append((cells[1], []))
            } else if !tables.isEmpty {
                tables[tables.count - 1].cells.append(cells[1].replacingOccurrences(of: "`", with: ""))
            }
        }
        return tables
    }

    /// Keys every screen gets from the terminal loop, not from its table.
    static let loopKeys = ["Ctrl-C", "Ctrl-Z"]

    @Test("the README's key and mouse tables list exactly the tables' lines",
          arguments: [("## Playing the Soma cube", 0), ("## Pentominoes", 1), ("## Designing figures", 2)])
    func readmeMatches(_ heading: String, _ index: Int) throws {
        let table = Self.tables[index]
        let readme = try Self.readmeTables(under: heading)
        let keys = readme.filter { $0.header == "keys" }.flatMap(\.cells)
        let mouse = readme.filter { $0.header == "mouse" }.flatMap(\.cells)
        #expect(keys.filter { !Self.loopKeys.contains($0) } == table.lines.map(\.label), "\(heading): keys")
        #expect(mouse == table.gestures.map(\.keys), "\(heading): mouse")
    }
}
