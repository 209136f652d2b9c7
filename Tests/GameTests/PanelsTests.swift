@testable import Game
import Polycube
@testable import Scene
import Testing

@Suite("Panels: what the text parts of every screen do at the edge")
struct PanelsTests {
    @Test("on 80x24 every help fits: no line wider than the box, every word of every entry shown")
    func helpFitsAt80x24() throws {
        let pages = [SomaSession(figure: Fixtures.cube).facts.help,
                     PentominoSession(board: try Catalog.figure(named: "6x10")).facts.help,
                     DesignerSession().facts.help]
        for page in pages {
            // The help's area on 80x24 is 80x22 (between the status and feedback lines).
            let lines = HelpScreen.lines(page, width: 76, height: 16)
            #expect(lines.allSatisfy { $0.count <= 76 }, "\(page.title): \(lines.filter { $0.count > 76 })")
            #expect(lines.count <= 16, "\(page.title): \(lines.count) rows")
            let shown = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
            for line in page.all {
                for word in line.text.split(separator: " ") { #expect(shown.contains(String(word)), "\(page.title): \(word)") }
            }
        }
        let view = SomaSession(figure: Fixtures.cube).helpView(width: 80, height: 24)
        #expect(view.contains("carry; let go: drop") && view.contains("click plan") && view.contains("put on a fit there")
                && view.contains("any key closes this help"), "\(view)")
    }

    func trimmed(_ line: String) -> String { String(line.reversed().drop(while: { $0 == " " }).reversed()) }

    @Test("reminders that do not fit give way whole, from the last, never cut mid-word")
    func remindersGiveWayWhole() {
        let text = "arrows PgUp PgDn: move   w a s d e: turn   Space: drop   h: hint"
        #expect(Panels.fitted(text, width: 100) == text)
        #expect(Panels.fitted(text, width: 60) == "arrows PgUp PgDn: move   w a s d e: turn   Space: drop")
        #expect(Panels.fitted(text, width: 45) == "arrows PgUp PgDn: move   w a s d e: turn")
        #expect(Panels.fitted(text, width: 10) == "")
        #expect(Panels.fitted("? help  q quit", width: 8) == "? help")
        var s = SomaSession(figure: Fixtures.cube)
        _ = s.handle(.tab, now: 0)
        let bottom = String(s.view(width: 60, height: 20, now: 0).text.split(separator: "\n").last ?? "")
        // Narrow, the piece's place in its short form outranks the turn and move keys (issue 38).
        #expect(trimmed(bottom) == " Space: drop   V  layer 1, behind, columns 2-3", "\(bottom)")
        let top = String(DesignerSession(width: 40, height: 12).view(width: 40, height: 12).text.split(separator: "\n").first ?? "")
        #expect(trimmed(top) == " design: new figure   0/27 cubes", "no `? hel`: \(top)")
        #expect(trimmed(String(DesignerSession(width: 44, height: 12).view(width: 44, height: 12).text.split(separator: "\n").first ?? ""))
                    .hasSuffix("? help"))
    }

    @Test("one move, not 1 moves: the menu's records and positions, the solved news")
    func oneMove() {
        var progress = Progress()
        progress.recordSolve(figure: Fixtures.cube.name, Solved(moves: 1, seconds: 5))
        let entry = FigureMenu.Entry(name: "mine", section: "Your figures", figure: Fixtures.cube)
        let text = FigureMenu(entries: [entry], progress: progress).view(width: 100, height: 10).text
        #expect(text.contains("in 1 move") && !text.contains("1 moves"), "\(text)")
        #expect(Panels.solvedNews(Solved(moves: 1, seconds: 5)) == "Solved in 0:05, 1 move.")
        #expect(Panels.count(2, "move") == "2 moves")
    }

    @Test("an empty design says what is missing quietly; once drawing starts, a shortfall is red")
    func designerMissingIsQuietAtFirst() {
        func missingStyle(_ s: DesignerSession) -> TextStyle? {
            let canvas = s.view(width: 100, height: 30)
            for row in 0..<canvas.height {
                let line = (0..<canvas.width).map { canvas[$0, row].glyph }.map(String.init).joined()
                if let range = line.range(of: "missing") {
                    return canvas[line.distance(from: line.startIndex, to: range.lowerBound), row].style
                }
            }
            return nil
        }
        var s = DesignerSession(width: 100, height: 30)
        #expect(missingStyle(s) == Panels.dimStyle)
        _ = s.handle(.character(" "))
        #expect(s.design.cells.count == 1)
        #expect(missingStyle(s) == Panels.refusalStyle)
    }
}
