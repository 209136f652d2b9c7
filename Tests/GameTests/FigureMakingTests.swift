@testable import Game
import Polycube
import Scene
import Testing

/// The menu's new figures: chosen, the midend asks the loop to make one (off the input path),
/// says so on the bottom line once it takes more than a frame, and plays the figure that comes
/// back.
@Suite("Figures made for the menu")
struct FigureMakingTests {
    static func bottomLine(_ m: Midend<SomaSession>, now: Double) -> String {
        let canvas = m.view(width: 100, height: 30, now: now, style: .blocks256)
        return (0..<100).map { String(canvas[$0, 29].glyph) }.joined()
    }

    @Test("the menu lists today's figure and a new one per grade first; choosing one asks for it and closes the menu")
    func chooseFromMenu() {
        var m = Midend(screen: SomaSession(figure: Fixtures.cube), menu: FigureMenu.newFigures + FigureMenu.catalog(.soma),
                       fame: MidendTests.board)
        #expect(FigureMenu.newFigures.map(\.name) == ["Today's figure", "A new figure, grade 1", "A new figure, grade 2",
                                                       "A new figure, grade 3", "A new figure, grade 4", "A new figure, grade 5"])
        _ = m.handle(.character("m"), now: 1)
        let menu = m.view(width: 100, height: 30, now: 1, style: .blocks256)
        let text = (0..<30).map { r in (0..<100).map { String(menu[$0, r].glyph) }.joined() }.joined(separator: "\n")
        #expect(text.contains(" New figures"), "\(text)")
        #expect(text.contains("Today's figure") && text.contains("the same for every player today"), "\(text)")
        // The cursor starts on the cube: two lines up is "A new figure, grade 4".
        _ = m.handle(.up, now: 2)
        _ = m.handle(.up, now: 2)
        let effects = m.handle(.enter, now: 3)
        #expect(effects == [.makeFigure(.new(grade: 4))])
        #expect(!m.hasChild)
        // Within a frame nothing is said; after it, the progress line.
        #expect(!Self.bottomLine(m, now: 3.01).contains("Making"))
        #expect(Self.bottomLine(m, now: 3.1).contains("Making a new figure of grade 4..."))
        #expect(m.nextTick(after: 3.0) ?? 99 <= 3 + FigureMaking.frame + 1e-9)
    }

    @Test("the figure made is played; the one left keeps its position; a failure is said")
    func answerPlays() {
        var m = MidendTests.playing()
        let tower = Catalog.figures.first { $0.name == "tower" }!.figure
        let failed = m.receive(.made(MadeFigure(request: .today, problem: "no figure in 3 attempts")), now: 21)
        #expect(failed == [.bell])
        #expect(Self.bottomLine(m, now: 21).contains("No figure was made: no figure in 3 attempts"))
        #expect(m.screen.facts.figureName == Fixtures.cube.name)
        let effects = m.receive(.made(MadeFigure(request: .new(grade: 2), figure: tower)), now: 22)
        #expect(effects == [.autosave])
        #expect(m.screen.facts.figureName == tower.name)
        #expect(!Self.bottomLine(m, now: 23).contains("Making"))
        #expect(m.progressToSave(now: 23).inProgress[Fixtures.cube.name] != nil, "the cube's position is kept")
    }
}
