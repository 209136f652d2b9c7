import Polycube
import Scene
import Testing
@testable import Game

/// The designer draws in the host's theme (issue 35): when the terminal's answer about its
/// background comes after the first frame, `soma design` is redrawn in the theme it picks, as
/// the games are; everything else of the picture is the designer's own style.
@Suite struct DesignerThemeTests {
    static let design = Design(name: "two", cells: [Cell(0, 0, 0), Cell(0, 0, 1)])

    @Test func viewFollowsTheHostsTheme() {
        let dark = DesignerSession(design: Self.design, width: 100, height: 30, style: .blocks256)
        var lightStyle = RenderStyle.blocks256
        lightStyle.theme = .light
        let light = DesignerSession(design: Self.design, width: 100, height: 30, style: lightStyle)
        // The host's style with the light theme: the picture of a designer started light.
        let redrawn = dark.view(width: 100, height: 30, now: 0, style: lightStyle)
        #expect(redrawn == light.view(width: 100, height: 30, now: 0, style: lightStyle))
        #expect(redrawn != dark.view(width: 100, height: 30, now: 0, style: .blocks256))
        #expect(dark.style.theme == .dark, "the session itself is unchanged")
    }
}
