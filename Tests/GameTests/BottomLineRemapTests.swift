@testable import Game
import Polycube
import Testing

/// Issue 33: every screen's top and bottom lines are laid out once (`StatusLayout`) from the
/// screen's facts and its key table. With every remappable key moved, the lines at 80 and 120
/// columns name only the new keys, and every reminder shown is whole.
@Suite("Every screen's lines with every key moved, at 80 and 120 columns")
struct BottomLineRemapTests {
    typealias Remap = KeyRemapEverywhereTests

    /// The screen's top and bottom lines at `width`, through its midend.
    static func edges<Screen: GameScreen>(_ screen: Screen, width: Int, now: Double = 0) -> (top: String, bottom: String) {
        let rows = Midend(screen: screen, now: now).view(width: width, height: 30, now: now, style: .blocks256).text
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (rows[0], rows[rows.count - 1])
    }

    /// Checks one screen at both widths: no old key named; the bottom line is the lead, then
    /// the message or whole reminders of the chosen wording, in order, nothing cut mid-word.
    static func check<Screen: GameScreen>(_ screen: Screen, old: [GameKey: GameKey], _ what: String) {
        for width in [80, 120] {
            let (top, bottom) = edges(screen, width: width)
            Remap.expectNoOldKeys([top, bottom], old: old, "\(what) at \(width)")
            let status = screen.facts.status
            guard let line = status.bottom.first(where: { StatusLayout.fits($0, width: width) }) ?? status.bottom.last else {
                Issue.record("\(what): no bottom line")
                continue
            }
            if let items = line.items {
                // A ranked line: exactly the items that fit, in order, each whole.
                let fitted = StatusLayout.fitted(items, width: width - 1)
                #expect(bottom == " " + fitted.map(\.text).joined(separator: StatusLayout.separator),
                        "\(what) at \(width): \(bottom)")
                #expect(fitted.first?.item == items.max(by: { $0.rank < $1.rank }), "\(what) at \(width): the action stays")
                #expect(bottom.count <= width, "\(what) at \(width)")
                continue
            }
            var rest = Substring(bottom.dropFirst())
            if let lead = line.lead {
                #expect(rest.hasPrefix(lead), "\(what) at \(width): the lead first: \(bottom)")
                rest = rest.dropFirst(lead.count).drop(while: { $0 == " " })
            }
            if let message = line.message {
                #expect(rest.hasPrefix(message.message), "\(what) at \(width): \(bottom)")
                continue
            }
            let shown = rest.components(separatedBy: "   ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let whole = line.reminders.map(\.line)
            #expect(!shown.isEmpty, "\(what) at \(width): some reminder is shown: \(bottom)")
            // Whole reminders, in table order, those that gave way left out.
            var next = whole.startIndex
            for part in shown {
                guard let at = whole[next...].firstIndex(of: part) else {
                    Issue.record("\(what) at \(width): '\(part)' is no whole reminder of \(whole)")
                    break
                }
                next = at + 1
            }
            #expect(bottom.count <= width, "\(what) at \(width)")
        }
    }

    @Test("the Soma game: at the start, a piece selected, a hint, the plan cursor, solved")
    func soma() throws {
        let remap = Remap.remapAll(SomaKeyMap.table, SomaKeyMap.common, keeping: Remap.isDigit)
        var s = SomaSession(figure: Fixtures.cube)
        try s.remapKeys(remap)
        Self.check(s, old: remap, "Soma at the start")
        s.handle(remap[.tab]!, now: 1)
        #expect(s.game.selection != nil)
        Self.check(s, old: remap, "Soma with a piece selected")
        #expect(Self.edges(s, width: 120).bottom.contains("\(remap[.character(" ")]!.name): drop"), "the drop key as bound")
        s.handle(remap[.character("p")]!, now: 2)
        #expect(s.planCursor != nil)
        Self.check(s, old: remap, "Soma with the plan cursor")
        var solved = SomaSession(game: Fixtures.cube(placed: 6))
        try solved.remapKeys(remap)
        Self.check(solved, old: remap, "Soma nearly solved")
    }

    @Test("the pentomino game: nothing in hand, a tile in hand")
    func pentominoes() throws {
        let remap = Remap.remapAll(PentominoKeyMap.table(), PentominoKeyMap.common,
                                   keeping: { Remap.isDigit($0) || PentominoKeyMap.picksUpTile($0) })
        var s = PentominoSession(board: try Catalog.figure(named: "6x10"))
        try s.remapKeys(remap)
        Self.check(s, old: remap, "pentominoes")
        #expect(Self.edges(s, width: 120).bottom.contains("F I L N P T U V W X Y Z or \(remap[.tab]!.name): pick up"),
                "the capitals from the table, the next-tile key as bound")
        _ = s.handle(remap[.tab]!, now: 1)
        #expect(s.game.lifted != nil)
        Self.check(s, old: remap, "pentominoes with a tile in hand")
    }

    @Test("the designer")
    func designer() throws {
        let remap = Remap.remapAll(DesignerKeyMap.table, DesignerKeyMap.common, keeping: Remap.isDigit)
        var s = DesignerSession(width: 120, height: 40)
        try s.remapKeys(remap)
        Self.check(s, old: remap, "the designer")
    }
}
